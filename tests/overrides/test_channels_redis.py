"""The channel layer on Redis (games/overrides/channels_redis.py).

Services on different dbs of one Redis server do not hear each other: Redis pub/sub channels are
server-wide whatever db a client selected, so without a prefix per db a test run (or a second service)
on db 12 would receive the table broadcasts of one on db 11. Groups cross processes; a socket's own
channel lives in its process and costs no Redis subscription, so a socket closing under load has
nothing to clean up there.
"""

import asyncio
import json

import pytest
import redis

from games.overrides.channels_redis import RedisGroupsLayer
from tests.config.test_production_settings import settings_with


def layer_config(redis_url):
    result = settings_with(
        {"DEBUG": "true", "REDIS_URL": redis_url},
        "import json; from django.conf import settings; "
        "print(json.dumps(settings.CHANNEL_LAYERS['default']['CONFIG']))",
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.asyncio
async def test_a_group_on_one_redis_db_is_not_heard_on_another():
    first = RedisGroupsLayer(**layer_config("redis://127.0.0.1:6379/11"))
    second = RedisGroupsLayer(**layer_config("redis://127.0.0.1:6379/12"))
    try:
        mine, theirs = await first.new_channel(), await second.new_channel()
        await first.group_add("table-x", mine)
        await second.group_add("table-x", theirs)
        await asyncio.sleep(0.2)  # the subscriptions reach Redis

        await first.group_send("table-x", {"type": "table.changed", "version": 1})

        assert await asyncio.wait_for(first.receive(mine), 5) == {"type": "table.changed", "version": 1}
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(second.receive(theirs), 1)
    finally:
        await first.flush()
        await second.flush()


def test_the_settings_use_it():
    result = settings_with(
        {"DEBUG": "true", "REDIS_URL": "redis://127.0.0.1:6379/11"},
        "from django.conf import settings; print(settings.CHANNEL_LAYERS['default']['BACKEND'])",
    )
    assert result.stdout.strip() == "games.overrides.channels_redis.RedisGroupsLayer", result.stderr


def subscriptions(prefix):
    """The Redis pub/sub channels anyone is subscribed to under ``prefix``."""
    client = redis.Redis.from_url("redis://127.0.0.1:6379/0")
    try:
        return {name.decode() for name in client.pubsub_channels(f"{prefix}*")}
    finally:
        client.close()


@pytest.mark.asyncio
async def test_a_group_reaches_the_sockets_of_another_process_and_their_channels_stay_home():
    config = layer_config("redis://127.0.0.1:6379/11")
    prefix = config["prefix"]
    here, there = RedisGroupsLayer(**config), RedisGroupsLayer(**config)  # two processes' layers
    try:
        socket = await here.new_channel()
        await here.group_add("table-z", socket)
        await asyncio.sleep(0.2)
        assert subscriptions(prefix) == {f"{prefix}__group__table-z"}  # the group only, not the socket

        await there.group_send("table-z", {"type": "table.changed", "version": 3})
        assert await asyncio.wait_for(here.receive(socket), 5) == {"type": "table.changed", "version": 3}

        await here.send(socket, {"type": "chat.line", "text": "hi"})  # a channel of this process: its queue
        assert await asyncio.wait_for(here.receive(socket), 5) == {"type": "chat.line", "text": "hi"}
    finally:
        await here.flush()
        await there.flush()


@pytest.mark.asyncio
async def test_a_socket_cancelled_while_redis_is_busy_leaves_nothing_behind():
    config = layer_config("redis://127.0.0.1:6379/11")
    layer = RedisGroupsLayer(**config)
    try:
        socket = await layer.new_channel()
        await layer.group_add("table-w", socket)
        waiting = asyncio.ensure_future(layer.receive(socket))
        await asyncio.sleep(0.1)
        shards = layer._get_layer()._shards
        for shard in shards:  # every connection busy, as under load (publishes queued behind each other)
            await shard._lock.acquire()
        waiting.cancel()  # channels cancels the receive of a closing socket...
        await asyncio.sleep(0.1)
        waiting.cancel()  # ...and Daphne cancels the consumer when that takes too long
        with pytest.raises(asyncio.CancelledError):
            await waiting
        for shard in shards:
            shard._lock.release()
        await layer.group_discard("table-w", socket)
        await asyncio.sleep(0.2)

        assert socket not in layer._get_layer().channels
        assert subscriptions(config["prefix"]) == set()  # nothing left subscribed in Redis
    finally:
        await layer.flush()

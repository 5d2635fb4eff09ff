"""The channel layer on Redis: services on different dbs of one Redis server do not hear each other.

Redis pub/sub channels are server-wide whatever db a client selected, so without a prefix per db a
test run (or a second service) on db 12 would receive the table broadcasts of one on db 11.
"""
import asyncio
import json

import pytest
from channels_redis.pubsub import RedisPubSubChannelLayer

from tests.test_production_settings import settings_with


def layer_config(redis_url):
    result = settings_with({"DEBUG": "true", "REDIS_URL": redis_url},
                           "import json; from django.conf import settings; "
                           "print(json.dumps(settings.CHANNEL_LAYERS['default']['CONFIG']))")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.asyncio
async def test_a_group_on_one_redis_db_is_not_heard_on_another():
    first = RedisPubSubChannelLayer(**layer_config("redis://127.0.0.1:6379/11"))
    second = RedisPubSubChannelLayer(**layer_config("redis://127.0.0.1:6379/12"))
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

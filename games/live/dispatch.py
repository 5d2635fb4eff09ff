"""How a websocket consumer takes its messages: from the browser and from its channel, one at a time.

Channels' own loop (``channels.utils.await_many_dispatch``) waits for either source with
``asyncio.wait`` and a new task for every message, so a message reaches its handler three turns of
the event loop after it arrived: the task that read it, the wait's callback, then the consumer. In a
busy process each turn waits behind every other socket's work, and a move is a message from its
browser and one from the table's channel (docs/performance.md has the measured delays).

Here each source is read by a loop of its own that handles what it reads at once: a message reaches
its handler on the next turn. As with channels, a consumer handles one message at a time (a lock
taken around each handler), so handlers never interleave; and whatever ends one loop ends the other.
"""

import asyncio


async def dispatch_in_turn(receive, channel_receive, dispatch):
    """Hand every message of ``receive`` (the browser's) and ``channel_receive`` (the consumer's
    channel) to ``dispatch``, one at a time, until a handler raises (StopConsumer: the socket closed)."""
    turn = asyncio.Lock()

    async def handle(message):
        async with turn:
            await dispatch(message)

    async def handle_channel():
        while True:
            await handle(await channel_receive())

    consumer = asyncio.current_task()
    channel = asyncio.ensure_future(handle_channel())
    # A handler of the channel's messages that raises ends the consumer, as it would in channels' loop.
    channel.add_done_callback(lambda task: task.cancelled() or consumer.cancel())
    try:
        while True:
            await handle(await receive())
            _raise_if_ended(channel)  # in case the cancel came while a handler ran, and it went on
    except asyncio.CancelledError:
        _raise_if_ended(channel)
        raise
    finally:
        channel.cancel()
        await asyncio.gather(channel, return_exceptions=True)


def _raise_if_ended(channel):
    """What ended the channel's loop, raised (only an error ends it: its reading or a handler raised)."""
    if channel.done() and not channel.cancelled():
        channel.result()

"""games.overrides.channels (InTurnDispatch, dispatch_in_turn): a consumer's messages, from its socket and its channel, reach their handlers on the
next turn of the event loop, one at a time, and whatever ends one source's loop ends the consumer."""

import asyncio

import pytest
from channels.exceptions import StopConsumer

from games.overrides.channels import dispatch_in_turn


class Sources:
    """The browser's messages and the channel's, as queues the consumer reads, and what it handled."""

    def __init__(self, handle=None):
        self.socket, self.channel = asyncio.Queue(), asyncio.Queue()
        self.handled = []
        self.channel_reads_cancelled = 0
        self._handle = handle

    async def receive_channel(self):
        try:
            return await self.channel.get()
        except asyncio.CancelledError:
            self.channel_reads_cancelled += 1
            raise

    async def dispatch(self, message):
        self.handled.append(message)
        if self._handle is not None:
            await self._handle(message)

    def start(self):
        return asyncio.ensure_future(dispatch_in_turn(self.socket.get, self.receive_channel, self.dispatch))


async def _turns(count):
    for _ in range(count):
        await asyncio.sleep(0)


@pytest.mark.asyncio
async def test_a_message_from_either_source_reaches_its_handler_on_the_next_turn():
    sources = Sources()
    consumer = sources.start()
    await _turns(2)  # both loops are waiting for a message
    sources.socket.put_nowait({"type": "websocket.receive"})
    await _turns(1)
    assert sources.handled == [{"type": "websocket.receive"}]
    sources.channel.put_nowait({"type": "table.changed"})
    await _turns(1)
    assert sources.handled[-1] == {"type": "table.changed"}
    consumer.cancel()
    with pytest.raises(asyncio.CancelledError):
        await consumer


@pytest.mark.asyncio
async def test_messages_are_handled_one_at_a_time():
    first_may_end = asyncio.Event()
    running, overlapped = [], []

    async def handle(message):
        overlapped.append(bool(running))
        running.append(message)
        if message["n"] == 1:
            await first_may_end.wait()
        running.remove(message)

    sources = Sources(handle)
    consumer = sources.start()
    sources.socket.put_nowait({"type": "websocket.receive", "n": 1})
    await _turns(3)
    sources.channel.put_nowait({"type": "table.changed", "n": 2})
    sources.socket.put_nowait({"type": "websocket.receive", "n": 3})
    await _turns(5)
    assert [message["n"] for message in sources.handled] == [1]  # the others wait for the first to end
    first_may_end.set()
    await _turns(10)
    assert sorted(message["n"] for message in sources.handled) == [1, 2, 3]
    assert not any(overlapped)
    consumer.cancel()
    with pytest.raises(asyncio.CancelledError):
        await consumer


@pytest.mark.asyncio
async def test_the_socket_closing_ends_the_channels_loop_too():
    async def handle(message):
        if message["type"] == "websocket.disconnect":
            raise StopConsumer()

    sources = Sources(handle)
    consumer = sources.start()
    await _turns(2)
    sources.socket.put_nowait({"type": "websocket.disconnect"})
    with pytest.raises(StopConsumer):
        await asyncio.wait_for(consumer, 5)
    assert sources.channel_reads_cancelled == 1


@pytest.mark.asyncio
async def test_a_channel_message_handler_that_raises_ends_the_consumer_with_its_error():
    async def handle(message):
        if message["type"] == "table.changed":
            raise ValueError("a handler's bug")

    sources = Sources(handle)
    consumer = sources.start()
    await _turns(2)
    sources.channel.put_nowait({"type": "table.changed"})
    with pytest.raises(ValueError, match="a handler's bug"):
        await asyncio.wait_for(consumer, 5)


@pytest.mark.asyncio
async def test_the_channel_failing_while_a_socket_message_is_handled_still_ends_the_consumer():
    """The failure cancels the socket message's handler; one that swallows the cancellation (as asgiref's
    threads do, waiting for the thread's result) still ends with the channel's error once it returns."""
    socket_handler_may_end = asyncio.Event()

    async def handle(message):
        try:
            await socket_handler_may_end.wait()
        except asyncio.CancelledError:
            await socket_handler_may_end.wait()  # goes on, as a call on a thread does

    sources = Sources(handle)

    async def broken_channel():
        await sources.channel.get()
        raise ConnectionError("the channel layer is gone")

    sources.receive_channel = broken_channel
    consumer = sources.start()
    sources.socket.put_nowait({"type": "websocket.receive"})
    await _turns(3)
    sources.channel.put_nowait({"type": "table.changed"})
    await _turns(3)
    assert not consumer.done()  # the socket message's handler is still running
    socket_handler_may_end.set()
    await _turns(10)
    assert consumer.done()
    with pytest.raises(ConnectionError, match="the channel layer is gone"):
        consumer.result()

"""Where the live consumers rely on Channels' internals: how a consumer takes its messages, and who is
on a websocket. Both were measured to gain with ``make bench-live`` (docs/performance.md, "Library
internals overridden"); tests/overrides/test_pinned_internals.py fails when channels changes the code
they stand in for.

How a consumer takes its messages (``InTurnDispatch``):
Channels' own loop (``channels.utils.await_many_dispatch``) waits for either source with
``asyncio.wait`` and a new task for every message, so a message reaches its handler three turns of
the event loop after it arrived: the task that read it, the wait's callback, then the consumer. In a
busy process each turn waits behind every other socket's work, and a move is a message from its
browser and one from the table's channel (docs/performance.md has the measured delays).

Here each source is read by a loop of its own that handles what it reads at once: a message reaches
its handler on the next turn. As with channels, a consumer handles one message at a time (a lock
taken around each handler), so handlers never interleave; and whatever ends one loop ends the other.

Who is on a websocket (``LiveAuthMiddlewareStack``, ``arriving_user``):
Channels' AuthMiddleware looks the user up through database_sync_to_async in one thread for the whole
process, before the consumer starts; the consumer then makes another trip off the event loop for its
table. Under load every trip waits its turn on a busy loop, and Daphne drops a handshake that takes
longer than 5 s. Here the middleware only marks the user as not yet looked up, and the consumer does
the lookup together with everything else a handshake needs, in one call on the threads for arrivals
(games.live.consumers.PlayerConsumer.arrive, games.live.table_cache.on_arrival), which hand their connection back after it.
"""

import asyncio
import functools

from channels.auth import AuthMiddleware, UserLazyObject, get_user
from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.layers import get_channel_layer
from channels.sessions import CookieMiddleware, SessionMiddleware
from django.utils.functional import empty

from accounts import staff


class InTurnDispatch:
    """A consumer (mixed in before channels' AsyncConsumer) whose messages are taken by ``dispatch_in_turn``."""

    async def __call__(self, scope, receive, send):
        """As channels' own, but its messages are taken by dispatch_in_turn: each reaches its handler in
        one turn of the event loop instead of three."""
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        if self.channel_layer is None:
            await super().__call__(scope, receive, send)
            return
        self.scope, self.base_send = scope, send
        self.channel_name = await self.channel_layer.new_channel()
        self.channel_receive = functools.partial(self.channel_layer.receive, self.channel_name)
        try:
            await dispatch_in_turn(receive, self.channel_receive, self.dispatch)
        except StopConsumer:
            pass

    async def dispatch(self, message):
        """As channels' own, without closing the event loop's old database connections before each
        message: that is a hop to the process's one synchronous thread for every frame and broadcast
        every socket gets, and these sockets hold no connection there (their database work runs on
        the live threads, which hand each connection back after the call: games.live.table_cache.in_thread)."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)


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


class LiveAuthMiddleware(AuthMiddleware):
    async def resolve_scope(self, scope):
        pass  # looked up by the consumer: arriving_user


def arriving_user(scope):
    """The socket's user, looked up from its session unless it is known already (synchronous: on a thread)."""
    user = scope["user"]
    if isinstance(user, UserLazyObject):
        if user._wrapped is empty:
            user._wrapped = staff.mark_second_factor(get_user.func(scope), scope.get("session"))
        # The user itself, not the lazy object: every frame drawn and sent asks the socket's user for
        # its id, and each of those went through the lazy object's proxy, which showed in Daphne's profile.
        return user._wrapped
    return user


def LiveAuthMiddlewareStack(inner):
    """Cookies, the session and the user, as channels' AuthMiddlewareStack, with the lookup above."""
    return CookieMiddleware(SessionMiddleware(LiveAuthMiddleware(inner)))

"""Who is on a websocket: the user of its session, looked up by the consumer itself on an arrival thread.

Channels' AuthMiddleware looks the user up through database_sync_to_async in one thread for the whole
process, before the consumer starts; the consumer then makes another trip off the event loop for its
table. Under load every trip waits its turn on a busy loop, and Daphne drops a handshake that takes
longer than 5 s. Here the middleware only marks the user as not yet looked up, and the consumer does
the lookup together with everything else a handshake needs, in one call on the threads for arrivals
(games.live.consumers.PlayerConsumer.arrive, games.live.table_cache.on_arrival), which hand their connection back after it.
"""

from channels.auth import AuthMiddleware, UserLazyObject, get_user
from channels.sessions import CookieMiddleware, SessionMiddleware
from django.utils.functional import empty


class LiveAuthMiddleware(AuthMiddleware):
    async def resolve_scope(self, scope):
        pass  # looked up by the consumer: arriving_user


def arriving_user(scope):
    """The socket's user, looked up from its session unless it is known already (synchronous: on a thread)."""
    user = scope["user"]
    if isinstance(user, UserLazyObject):
        if user._wrapped is empty:
            user._wrapped = get_user.func(scope)
        # The user itself, not the lazy object: every frame drawn and sent asks the socket's user for
        # its id, and each of those went through the lazy object's proxy, which showed in Daphne's profile.
        return user._wrapped
    return user


def LiveAuthMiddlewareStack(inner):
    """Cookies, the session and the user, as channels' AuthMiddlewareStack, with the lookup above."""
    return CookieMiddleware(SessionMiddleware(LiveAuthMiddleware(inner)))

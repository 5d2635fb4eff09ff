"""Who is on a websocket: channels' session authentication, run on the live threads.

Channels' AuthMiddleware looks the user up through database_sync_to_async in one thread for the whole
process and leaves that lookup's database connection in the socket's context. Under load every
handshake then queued behind every other on that one thread (and each open socket kept a connection).
This middleware does the same lookup on the live path's bounded threads, which hand their connection
back after each call (games.live.in_thread).
"""
from channels.auth import AuthMiddleware, get_user
from channels.sessions import CookieMiddleware, SessionMiddleware

from games.live import in_thread


class LiveAuthMiddleware(AuthMiddleware):
    async def resolve_scope(self, scope):
        scope["user"]._wrapped = await in_thread(get_user.func)(scope)


def LiveAuthMiddlewareStack(inner):
    """Cookies, the session and the user, as channels' AuthMiddlewareStack, with the lookup above."""
    return CookieMiddleware(SessionMiddleware(LiveAuthMiddleware(inner)))

"""Tell everyone watching a table (or the lobby) that something changed.

Only a version number crosses the channel layer: each connection then
renders its own seat's view, so no hidden card is ever sent to a group.
"""

import asyncio
import hashlib
import logging
import threading
import uuid
from contextlib import contextmanager

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

LOBBY_GROUP = "lobby"
logger = logging.getLogger(__name__)


_outbox = threading.local()


def _send(group, message):
    outbox = getattr(_outbox, "messages", None)
    if outbox is not None:
        outbox.append((group, message))
        return
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group, message)


@contextmanager
def held():
    """Keep this thread's broadcasts in a list instead of sending them (the list is what it yields).

    For work a websocket consumer runs on a thread: the consumer sends them itself on its event loop,
    instead of this thread handing each one to the loop and waiting (async_to_sync).
    """
    _outbox.messages = messages = []
    try:
        yield messages
    finally:
        _outbox.messages = None


async def send_held(messages):
    layer = get_channel_layer()
    for group, message in messages:
        await layer.group_send(group, message)


_sending = set()  # the tasks of send_held_soon, kept until done (the loop holds only weak references)


def send_held_soon(messages):
    """``send_held`` on a task of its own, not awaited: whoever made the messages goes on at once.

    A publish waits its turn on the channel layer's connection, behind every socket coming and going;
    a websocket's next frame, or a finished HTTP request, need not wait for that too.
    """
    if not messages:
        return
    task = asyncio.ensure_future(send_held(messages))
    _sending.add(task)
    task.add_done_callback(_sent)


def _sent(task):
    _sending.discard(task)
    if not task.cancelled() and task.exception() is not None:
        logger.error("A broadcast could not be sent", exc_info=task.exception())


def table_changed(table, version, seating=False):
    """The table is at ``version`` now; ``seating``: its seats or status changed too (not only the game)."""
    message = {"type": "table.changed", "version": version, "seating": seating, "cause": uuid.uuid4().hex}
    transaction.on_commit(lambda: _send(table.group_name, message))


def lobby_changed():
    transaction.on_commit(lambda: _send(LOBBY_GROUP, {"type": "lobby.changed"}))


def user_group(user_id):
    """The Channels group of every socket a user has open."""
    return f"user.{user_id}"


def session_digest(session_key):
    """A session named without its key (the key itself is a login)."""
    return hashlib.sha256(session_key.encode()).hexdigest() if session_key else None


def logged_out(sender, request, user, **kwargs):
    """``user_logged_out``: the sockets opened with that session close (other sessions stay)."""
    session_key = getattr(getattr(request, "session", None), "session_key", None)
    if user is not None:
        session_ended(sender, user_id=user.pk, session_key=session_key)


def session_ended(sender, user_id, session_key, **kwargs):
    """``accounts.signals.session_ended`` (a session ended elsewhere) and logging out: the sockets opened
    with that session close."""
    if session_key:
        message = {"type": "session.ended", "session": session_digest(session_key)}
        transaction.on_commit(lambda: _send(user_group(user_id), message))

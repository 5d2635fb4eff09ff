"""Tell everyone watching a table (or the lobby) that something changed.

Only a version number crosses the channel layer: each connection then
renders its own seat's view, so no hidden card is ever sent to a group.
The people seated at a changed table are told too, on their "Your games" sockets (``yours_group``),
which read their tables again (games.tables.your_games).
"""

import asyncio
import hashlib
import logging
import threading
import uuid
from contextlib import contextmanager

from asgiref.sync import async_to_sync
from cachetools import TTLCache
from channels.layers import get_channel_layer
from django.db import transaction

from games.models import Seat

LOBBY_GROUP = "lobby"
# The people seated at a table, kept a while per process so that a move asks nobody; a change of seats
# made here reads them again at once, one made in another process within this many seconds.
PEOPLE_KEPT_SECONDS = 30
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


def table_changed(table, version, seating=False, turn=True):
    """The table is at ``version`` now; ``seating``: its seats or status changed too (not only the game);
    ``turn``: the seats the game waits on changed (the people seated are told only then, or on ``seating``:
    nothing else of a move changes their Your games)."""
    message = {"type": "table.changed", "version": version, "seating": seating, "cause": uuid.uuid4().hex}
    transaction.on_commit(lambda: _send(table.group_name, message))
    if seating or turn:
        transaction.on_commit(lambda: _tell_the_people_seated(table.pk, seating), robust=True)


def yours_group(user_id):
    """The Channels group of a user's "Your games" sockets (games.live.consumers.YourGamesConsumer): one of
    its own, not ``user_group``, so that the user's table sockets are not woken by every move of their tables."""
    return f"yours.{user_id}"


def _tell_the_people_seated(table_id, seating):
    """Each person (no bot) seated at the table: their "Your games" sockets are told which table changed
    (they read their tables again)."""
    people = _people_at(table_id, fresh=seating)
    message = {"type": "yours.changed", "table": str(table_id)}
    for user_id in people:
        _send(yours_group(user_id), message)


_people = TTLCache(maxsize=4096, ttl=PEOPLE_KEPT_SECONDS)  # table id -> the user ids of its people
_people_lock = threading.Lock()


def _people_at(table_id, fresh=False):
    """The user ids of the people seated at the table (bots' accounts left out); ``fresh``: read again."""
    with _people_lock:
        people = None if fresh else _people.get(table_id)
    if people is None:
        people = tuple(Seat.objects.filter(table_id=table_id, bot="").values_list("user_id", flat=True))
        with _people_lock:
            _people[table_id] = people
    return people


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

"""What the live tables of this process show: one snapshot per table version, one rendering per viewer.

A snapshot holds what a table page is drawn from: the table and its seats, the game folded to its
latest version and its running deadlines. Every websocket of a table in this process is shown the
same snapshot, read once per version however many connections watch the table (not at all when this
process made the move: its state cache has it already), and each kind of viewer (a seat, the host,
a watcher) is rendered once per version.

Snapshots are a cache. A broadcast (games.play.broadcast.table_changed) says the table reached a version,
and whether its seats or status changed too; a snapshot older than that, or one taken before a
seating change, is read again. Nothing is kept for a table once this process has no connection to it.
All of this lives on the process's event loop; only reading the database goes to a thread.
"""

import asyncio
import functools
import os
import re
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cached_property

from django.conf import settings
from django.db import connections

from config.thread_names import name_for_the_system
from events import store
from games.frames import log_lines, memo, parts
from games.frames.rendering import CSRF_PLACEHOLDER, NOW_PLACEHOLDER
from games.models import Table
from games.overrides.asgiref import on_thread
from games.play import game_state
from games.play.timers import active_deadlines

_PLACEHOLDERS = re.compile(f"({re.escape(CSRF_PLACEHOLDER)}|{re.escape(NOW_PLACEHOLDER)})")


def cut(html):
    """A shared rendering cut at its placeholders (every other piece is one), once for all its connections."""
    return _PLACEHOLDERS.split(html)


def filled(csrf_token):
    """What a connection sends of a segment of a shared rendering: ``for_connection`` of its ``cut``, when
    it holds a placeholder (most hold none)."""

    def fill(text):
        if CSRF_PLACEHOLDER in text or NOW_PLACEHOLDER in text:
            return for_connection(cut(text), csrf_token)
        return text

    return fill


def for_connection(pieces, csrf_token):
    """A shared rendering (``cut``) made this connection's: its CSRF token, and the clock as it is sent.
    Joined from its pieces: replacing the placeholders scanned and copied the whole frame twice a send."""
    values = {CSRF_PLACEHOLDER: csrf_token, NOW_PLACEHOLDER: str(int(time.time() * 1000))}
    return "".join([values.get(piece, piece) for piece in pieces])


LOG_EVENTS = game_state.RECENT  # the latest events a live table's move log shows (as many as the state cache keeps)

_pools = {}  # name -> ThreadPoolExecutor, made on first use


def in_thread(function):
    """``function`` as a coroutine run on the live threads: a bounded pool (``LIVE_THREADS``, fewer
    than the database pool has connections), each call's connection returned to the pool after it."""
    return _on("live", settings.LIVE_THREADS, function)


def on_arrival(function):
    """As ``in_thread``, on the threads that admit new websockets (``ARRIVAL_THREADS``): who is
    connecting and to what. A handshake then never queues behind the moves of busy tables (Daphne
    drops one that takes longer than its handshake timeout, 5 s)."""
    return _on("arrival", settings.ARRIVAL_THREADS, function)


def _on(name, size, function):
    if name not in _pools:
        _pools[name] = ThreadPoolExecutor(max_workers=size, thread_name_prefix=name, initializer=name_for_the_system)
    pool = _pools[name]

    async def call(*args, **kwargs):
        return await on_thread(pool, functools.partial(_returning_connections, function, *args, **kwargs))

    return call


def _returning_connections(function, *args, **kwargs):
    # Closed here, on the thread and inside the call: Django's connections belong to the thread that
    # opened them, so each call hands its connection back to the pool before its thread takes the next
    # call (closed anywhere else, as channels' database_sync_to_async closes them, each websocket came
    # to hold one, until the pool ran dry).
    try:
        return function(*args, **kwargs)
    finally:
        connections.close_all()


def _forget_threads():
    _pools.clear()  # a forked child has none of its parent's threads


os.register_at_fork(after_in_child=_forget_threads)


@dataclass
class Snapshot:
    table: Table
    seated: dict  # seat number -> user
    game: game_state.Game
    deadlines: list
    cause: str | None = None  # the broadcast it was read for, so one broadcast reads it once
    extras: list = field(default_factory=list)  # other apps' parts of the table page (register_extra)
    renders: dict = field(default_factory=dict)  # viewer key -> its frame's parts (games.frames.parts.split)
    recent: tuple = ()  # the latest stored events (LOG_EVENTS at most), for the move log and announcements
    awaited: frozenset = frozenset()  # an open rematch's: the ids of the players whose seats it keeps

    @property
    def version(self):
        return self.game.version

    @cached_property
    def seats(self):
        """{user id: seat number}"""
        return {user.pk: number for number, user in self.seated.items()}

    def seat_of(self, user):
        return self.seats.get(user.pk)

    def viewer(self, user):
        """What a rendering depends on besides the snapshot: the seat, whether it is the host's, whether
        the viewer has an account (a visitor without one is offered a log-in, not a seat), and whether a
        rematch keeps a seat for them (they are offered to accept or decline)."""
        return self.seat_of(user), user.pk == self.table.host_id, user.is_authenticated, user.pk in self.awaited


def snapshot(table, seated=None, known=(), extras=None):
    """A snapshot of ``table`` as stored now (``seated``: its seats, when they are known unchanged;
    ``known``: the latest events an older snapshot holds, not read again; ``extras``: the other apps'
    parts, when no move can have changed them)."""
    game = game_state.load(table)
    if seated is None:
        seated = table.seated_users()
    return Snapshot(
        table,
        seated,
        game,
        active_deadlines(table, game) if _timed(table, game) else [],
        recent=recent_events(table, game.version, known),
        extras=read_extras(table, game) if extras is None else extras,
        awaited=_awaited(table),
    )


def _awaited(table):
    if table.rematch_of_id is None or table.status != Table.Status.OPEN:
        return frozenset()
    return frozenset(table.awaiting.values_list("pk", flat=True))


def recent_events(table, version, known=()):
    """The table's latest events up to ``version``, LOG_EVENTS at most, oldest first; of them only
    those neither in ``known`` (the latest events an older snapshot holds) nor in the state cache's
    are read."""
    first = max(0, version - LOG_EVENTS)  # the events after this version are wanted
    kept = held_events(table, version, known)
    after = kept[-1].version if kept else first
    if version <= after:
        return kept
    return kept + tuple(store.read(table.stream, after=after, upto=version, game=table.game))


def held_events(table, version, known=()):
    """Of the latest LOG_EVENTS events up to ``version``, the run from the first that ``known`` and
    the state cache (games.play.game_state.recent) hold between them, without reading the log."""
    first = max(0, version - LOG_EVENTS)
    by_version = {
        event.version: event for event in (*known, *game_state.recent(table.stream)) if first < event.version <= version
    }
    held = []
    for wanted in range(first + 1, version + 1):
        if wanted not in by_version:
            break
        held.append(by_version[wanted])
    return tuple(held)


_extras = {}  # name -> (read, follows_moves)


def register_extra(name, read, follows_moves=None):
    """Another app's part of the live table: ``read(table, game)`` (on a thread, with the database) gives
    the context its template is drawn with ({"template": name, ...}), or None to draw nothing; a
    "page_template" in it is drawn once with the page, outside the frames, which never replace it. Whoever
    changes what it reads broadcasts the table with ``seating`` so snapshots read it again;
    ``follows_moves(table)``: whether a move at the table may change it too (then a move this process
    made is read from the database like any other, instead of taken from the state cache alone)."""
    _extras[name] = (read, follows_moves)


def read_extras(table, game):
    return [extra for extra in (read(table, game) for read, _ in _extras.values()) if extra is not None]


def _extras_follow_moves(table):
    return any(follows(table) for _, follows in _extras.values() if follows is not None)


def _timed(table, game):
    """Whether the table can have deadlines now (they are rows of their own, read only then)."""
    return bool(table.turn_clock or table.turn_based or (game.started and game.engine.timers(game.state)))


class _LiveTable:
    def __init__(self):
        self.connections = 0
        self.snapshot = None
        self.reading = None  # the task reading a newer snapshot, which other connections wait for


_tables = {}  # table id -> _LiveTable, for the tables this process has connections to
MEMO_BLOCKS_PER_TABLE = 40  # room in the memoised blocks' cache for each table followed (a frame has 5-15)
STATES_PER_TABLE = 2  # room in the state cache for each table followed, and as many other streams
LOGS_PER_TABLE = 8  # room for each table's viewers' move logs (its seats and a watcher's, with room to spare)


def attach(table_id):
    _tables.setdefault(table_id, _LiveTable()).connections += 1
    _make_room()


def detach(table_id):
    live = _tables.get(table_id)
    if live is not None:
        live.connections -= 1
        if live.connections <= 0:
            del _tables[table_id]
            _make_room()


def _make_room():
    """The caches a live table draws from hold every table this process follows."""
    memo.make_room(MEMO_BLOCKS_PER_TABLE * len(_tables))
    game_state.make_room(STATES_PER_TABLE * len(_tables))
    log_lines.make_room(LOGS_PER_TABLE * len(_tables))


async def current(table_id, version=0, seating=False, cause=None):
    """The table's snapshot at ``version`` or later, read again if ``seating`` changed since it was read."""
    live = _tables.setdefault(table_id, _LiveTable())
    while True:
        known = live.snapshot
        if known is not None and known.version >= version and not (seating and known.cause != cause):
            return known
        if live.reading is None and not seating:
            made = _made_here(live, cause)
            if made is not None and made.version >= version:
                return made
        if live.reading is None:
            live.reading = asyncio.ensure_future(_read(live, table_id, seating, cause))
        reading = live.reading
        await asyncio.shield(reading)
        if seating and reading.result().cause == cause:
            return reading.result()


def _made_here(live, cause):
    """The table's next snapshot made at once, without a task or a thread, when this process made the
    move and its state cache holds all it needs (else None). Each task or thread a move's frame waits
    for is turns of a busy event loop, milliseconds each."""
    known = live.snapshot
    game = _cached_next(known)
    if game is None:
        return None
    recent = held_events(known.table, game.version, known.recent)
    if len(recent) < min(LOG_EVENTS, game.version):
        return None
    live.snapshot = Snapshot(known.table, known.seated, game, [], cause=cause, extras=known.extras, recent=recent)
    return live.snapshot


def _cached_next(known):
    """The game after snapshot ``known`` from the state cache, when this process made the move and no
    other part of the page can have changed with it (no deadlines, no other app's part that follows
    moves); else None."""
    game = None if known is None else game_state.cached(known.table, known.version + 1)
    if game is None or _timed(known.table, game) or _extras_follow_moves(known.table):
        return None
    return game


async def _read(live, table_id, seating, cause):
    try:
        known = live.snapshot
        game = None if seating else _cached_next(known)
        if game is not None:
            # This process made the move, but the move log needs events the caches do not hold (current
            # tried them first, _made_here): only those are read, not the game.
            recent = await in_thread(recent_events)(known.table, game.version, known.recent)
            new = Snapshot(known.table, known.seated, game, [], recent=recent, extras=known.extras)
        elif known is None or seating:
            new = await in_thread(lambda: snapshot(Table.objects.get(pk=table_id)))()
        else:  # a move made in another process: the other apps' parts stay, unless they follow moves
            extras = None if _extras_follow_moves(known.table) else known.extras
            new = await in_thread(snapshot)(known.table, known.seated, known.recent, extras)
        new.cause = cause
        if live.snapshot is None or seating or new.version >= live.snapshot.version:
            live.snapshot = new
        return new
    finally:
        live.reading = None


async def render(snap, user, render_page):
    """The snapshot drawn for ``user`` by ``render_page(snap, user)`` (with its parts marked), once per
    kind of viewer, as games.frames.parts.split gives it (each segment ``fill``ed as a connection sends it).

    A running game's page is drawn from the snapshot alone, on the event loop; a table still being
    seated reads its seats while drawing, and a finished one its rematch offer, so they are drawn on a thread.
    """
    key = snap.viewer(user)
    if key not in snap.renders:
        on_the_loop = snap.game.started and not snap.game.engine.is_over(snap.game.state)
        draw = render_page if on_the_loop else in_thread(render_page)
        html = draw(snap, user)
        snap.renders[key] = parts.split(await html if asyncio.iscoroutine(html) else html)
    return snap.renders[key]

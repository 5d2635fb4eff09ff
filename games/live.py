"""What the live tables of this process show: one snapshot per table version, one rendering per viewer.

A snapshot holds what a table page is drawn from: the table and its seats, the game folded to its
latest version and its running deadlines. Every websocket of a table in this process is shown the
same snapshot, read from the database once per version however many connections watch the table,
and each kind of viewer (a seat, the host, a watcher) is rendered once per version.

Snapshots are a cache. A broadcast (games.broadcast.table_changed) says the table reached a version,
and whether its seats or status changed too; a snapshot older than that, or one taken before a
seating change, is read again. Nothing is kept for a table once this process has no connection to it.
"""
import threading
from dataclasses import dataclass, field
from functools import cached_property

from games import game_state
from games.models import Table
from games.timers import active_deadlines

# Stands in for a connection's CSRF token in a rendering shared by several connections.
CSRF_PLACEHOLDER = "cardroom-csrf-token-placeholder"


@dataclass
class Snapshot:
    table: Table
    seated: dict  # seat number -> user
    game: game_state.Game
    deadlines: list
    cause: str | None = None  # the broadcast it was read for, so one broadcast reads it once
    renders: dict = field(default_factory=dict)  # viewer key -> HTML

    @property
    def version(self):
        return self.game.version

    @cached_property
    def seats(self):
        """{user id: seat number}"""
        return {user.pk: number for number, user in self.seated.items()}

    def seat_of(self, user):
        return self.seats.get(user.pk)


def snapshot(table, seated=None):
    """A snapshot of ``table`` as stored now (``seated``: its seats, when they are known unchanged)."""
    game = game_state.load(table)
    if seated is None:
        seated = table.seated_users()
    # Deadlines are rows of their own: read them only when the table or the game can have one.
    timed = table.turn_clock or (game.started and game.engine.timers(game.state))
    return Snapshot(table, seated, game, active_deadlines(table, game) if timed else [])


class _LiveTable:
    def __init__(self):
        self.lock = threading.Lock()
        self.connections = 0
        self.snapshot = None


_tables = {}  # table id -> _LiveTable, for the tables this process has connections to
_tables_lock = threading.Lock()


def attach(table_id):
    with _tables_lock:
        _tables.setdefault(table_id, _LiveTable()).connections += 1


def detach(table_id):
    with _tables_lock:
        live = _tables.get(table_id)
        if live is not None:
            live.connections -= 1
            if live.connections <= 0:
                del _tables[table_id]


def frame(table_id, user, render_page, version=0, seating=False, cause=None):
    """(snapshot, HTML) of the table for ``user``: the snapshot at ``version`` or later (read again if
    ``seating`` changed since it was read), drawn by ``render_page(snapshot, user)`` once per kind of viewer."""
    with _tables_lock:
        live = _tables.setdefault(table_id, _LiveTable())
    with live.lock:
        known = live.snapshot
        if known is None or known.version < version or (seating and known.cause != cause):
            reread = known is None or seating
            table = Table.objects.get(pk=table_id) if reread else known.table
            live.snapshot = snapshot(table, None if reread else known.seated)
            live.snapshot.cause = cause
        snap = live.snapshot
        key = (snap.seat_of(user), user.pk == snap.table.host_id)
        if key not in snap.renders:
            snap.renders[key] = render_page(snap, user)
        return snap, snap.renders[key]

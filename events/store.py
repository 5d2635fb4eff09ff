"""Append and read event streams with optimistic concurrency.

A stream is one game (one table). Versions run 1..n with no gaps.
``append`` succeeds only if the stream is still at ``expected_version``;
otherwise it raises ``ConcurrencyConflict`` and writes nothing, so two
writers can never both win and nothing is lost or interleaved.
"""
import functools
from dataclasses import dataclass
from datetime import datetime

from django.db import DEFAULT_DB_ALIAS, IntegrityError, connection, connections, transaction
from django.db.backends.postgresql.base import ServerBindingCursor
from django.db.models import Max
from django.utils import timezone

from .models import Event
from .upcasting import current_schema, upcast


class ConcurrencyConflict(Exception):
    def __init__(self, stream, expected, actual):
        super().__init__(
            f"Stream {stream} is at version {actual}, not {expected}: someone else acted first."
        )
        self.stream = stream
        self.expected = expected
        self.actual = actual


@dataclass(frozen=True)
class Actor:
    kind: str  # "user", "system" or "staff"
    user_id: int | None = None

    @classmethod
    def user(cls, user):
        return cls(Event.Actor.USER, user.pk)

    @classmethod
    def staff(cls, user):
        return cls(Event.Actor.STAFF, user.pk)


SYSTEM = Actor(Event.Actor.SYSTEM)


@dataclass(frozen=True)
class StoredEvent:
    stream: str
    version: int
    type: str
    payload: dict
    actor_kind: str
    actor_user_id: int | None
    created_at: datetime


def current_version(stream):
    return Event.objects.filter(stream=stream).aggregate(v=Max("version"))["v"] or 0


def append(stream, events, expected_version, actor=SYSTEM, game=""):
    """Append ``events`` (dicts with a "type") of ``game`` after ``expected_version``; returns the new version."""
    return expected_version + len(append_stored(stream, events, expected_version, actor, game))


def append_stored(stream, events, expected_version, actor=SYSTEM, game=""):
    """As ``append``, returning the events as stored (``StoredEvent``s, as ``read`` would give them)."""
    created_at = timezone.now()
    stored = [StoredEvent(stream, expected_version + offset, event["type"], event, actor.kind, actor.user_id,
                          created_at)
              for offset, event in enumerate(events, start=1)]
    if not stored:
        return []
    try:
        if connection.in_atomic_block:
            with transaction.atomic():  # a savepoint: a conflict must not spoil the caller's transaction
                inserted = _insert_at(stream, expected_version, stored, game)
        else:
            inserted = _insert_at(stream, expected_version, stored, game)  # one statement is atomic by itself
    except IntegrityError:
        inserted = 0  # another writer inserted one of these versions first
    if inserted != len(stored):
        raise ConcurrencyConflict(stream, expected_version, current_version(stream))
    return stored


_COLUMNS = ("stream", "game", "version", "type", "schema", "payload", "actor_kind", "actor_user", "created_at")


def _row(event, game, db):
    """An event's values in ``_COLUMNS``' order, as ``db`` stores them. Every move appends, so no model
    instance is made and only the payload and the time are adapted (the rest are strings and numbers
    already): both were a tenth of a move's work on its thread."""
    payload, created_at = _fields()[5], _fields()[8]
    return (event.stream, game, event.version, event.type, current_schema(game, event.type),
            payload.get_db_prep_save(event.payload, db), event.actor_kind, event.actor_user_id,
            created_at.get_db_prep_save(event.created_at, db))


def _insert_at(stream, expected_version, events, game):
    """Insert ``events`` (StoredEvents) of ``game`` only if the stream is at ``expected_version``, in one
    statement (one round trip).

    A stream at another version inserts nothing; two writers at the same version collide on the
    (stream, version) unique constraint. Returns the number of rows inserted.
    """
    db = connections[DEFAULT_DB_ALIAS]  # looked up once: ``connection`` looks it up at every use
    params = [value for event in events for value in _row(event, game, db)]
    sql, params = _insert_sql(db.vendor, len(events)), [*params, stream, expected_version]
    if db.vendor == "postgresql":
        return _execute_prepared(db, sql, params)
    with db.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


def _execute_prepared(db, sql, params):
    """Run ``sql`` on PostgreSQL as a prepared statement of this connection; returns the rows it changed.

    Every move appends, and Django's cursors bind parameters on the client, so PostgreSQL parsed and
    planned the append afresh each time: 0.47 ms of its CPU per append here, against 0.25 once prepared
    (this process's own 0.39 against 0.32; docs/performance.md, "What the live path rests on"). A prepared statement
    lives as long as its connection: the pool keeps them, so each is prepared once.
    Django's own cursor wrapper is not used, so what it would check and how it reports errors is done
    here: the same IntegrityError for a version another writer took.
    """
    db.ensure_connection()
    db.validate_no_broken_transaction()
    with db.wrap_database_errors:
        with ServerBindingCursor(db.connection) as cursor:
            cursor.execute(sql, params, prepare=True)
            return cursor.rowcount


@functools.cache
def _fields():
    return [Event._meta.get_field(name) for name in _COLUMNS]


@functools.cache
def _insert_sql(vendor, count):
    """The conditional INSERT of ``count`` rows, built once per database kind and count (every move
    appends, and building it asked each field for its column type every time)."""
    # PostgreSQL types a VALUES list from its rows, so each value is cast to its column's type; SQLite
    # needs no cast (and would read a datetime cast to "datetime" as a number).
    typed = "CAST(%s AS {})" if vendor == "postgresql" else "%s"
    row_sql = "(" + ", ".join(typed.format(field.db_type(connection)) for field in _fields()) + ")"
    columns = ", ".join(connection.ops.quote_name(field.column) for field in _fields())
    table = connection.ops.quote_name(Event._meta.db_table)
    return (
        f"INSERT INTO {table} ({columns}) SELECT * FROM (VALUES {', '.join([row_sql] * count)}) AS new_rows "
        f"WHERE (SELECT COALESCE(MAX(version), 0) FROM {table} WHERE stream = %s) = %s"
    )


def read(stream, upto=None, after=0, game="", last=None):
    """The stream's events in order, upcast to today's shape by their game's upcasters.

    ``after`` skips versions up to and including it; ``upto`` stops at that version; ``last``: only
    the latest that many of those (in one query, newest first, then put in order); ``game``: the
    stream's game, for events stored before rows recorded it.
    """
    rows = Event.objects.filter(stream=stream, version__gt=after)
    if upto is not None:
        rows = rows.filter(version__lte=upto)
    rows = list(rows.order_by("-version")[:last])[::-1] if last is not None else rows.order_by("version")
    return [_stored(row, upcast(row.game or game, row.type, row.schema, row.payload)) for row in rows]


def _stored(row, payload):
    return StoredEvent(stream=row.stream, version=row.version, type=row.type, payload=payload,
                       actor_kind=row.actor_kind, actor_user_id=row.actor_user_id, created_at=row.created_at)

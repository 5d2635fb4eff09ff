"""Append and read event streams with optimistic concurrency.

A stream is one game (one table). Versions run 1..n with no gaps.
``append`` succeeds only if the stream is still at ``expected_version``;
otherwise it raises ``ConcurrencyConflict`` and writes nothing, so two
writers can never both win and nothing is lost or interleaved.

Every event is a link of the stream's hash chain (events/chain.py): its ``hash`` follows ``previous``, the
hash of the event before, and both are written in the same INSERT. The head and salt of the streams this
process appended to lately are kept (``_heads``), so the common append reads nothing first.
"""

import functools
import json
import threading
from dataclasses import dataclass
from datetime import datetime

from cachetools import LRUCache
from django.db import DEFAULT_DB_ALIAS, IntegrityError, connection, connections, models, transaction
from django.db.backends.postgresql.base import ServerBindingCursor
from django.db.models import Max
from django.utils import timezone

from . import chain
from .models import Event, StreamKey
from .upcasting import current_schema, upcast


class ConcurrencyConflict(Exception):
    def __init__(self, stream, expected, actual):
        super().__init__(f"Stream {stream} is at version {actual}, not {expected}: someone else acted first.")
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
    hash: str = ""  # its link in the stream's hash chain: the stream's head at this version


def current_version(stream):
    return Event.objects.filter(stream=stream).aggregate(v=Max("version"))["v"] or 0


def append(stream, events, expected_version, actor=SYSTEM, game=""):
    """Append ``events`` (dicts with a "type") of ``game`` after ``expected_version``; returns the new version."""
    return expected_version + len(append_stored(stream, events, expected_version, actor, game))


def append_stored(stream, events, expected_version, actor=SYSTEM, game=""):
    """As ``append``, returning the events as stored (``StoredEvent``s, as ``read`` would give them)."""
    if not events:
        return []
    db = connections[DEFAULT_DB_ALIAS]  # looked up once: ``connection`` looks it up at every use
    created_at = timezone.now()
    kept = _kept_head(stream, expected_version)
    stored, inserted, salt = _try_append(db, stream, events, expected_version, actor, game, created_at, kept)
    if inserted != len(stored) and kept is not None:
        # A kept head is a shortcut, never the truth: one the database no longer has (it was emptied under
        # this process, as between tests) costs a retry from the log, not a false conflict.
        _forget_head(stream)
        stored, inserted, salt = _try_append(db, stream, events, expected_version, actor, game, created_at, None)
    if inserted != len(stored):
        _forget_head(stream)
        raise ConcurrencyConflict(stream, expected_version, current_version(stream))
    _keep_head_on_commit(db, stream, stored[-1].version, stored[-1].hash, salt)
    return stored


def _try_append(db, stream, events, expected_version, actor, game, created_at, kept):
    """(the events as StoredEvents, how many were inserted, the stream's salt): ``events`` linked after the
    head ``kept`` ((previous hash, salt), or None: read it) and inserted if the stream is at
    ``expected_version``."""
    previous, salt = kept or _read_head(stream, expected_version)
    stored, rows = [], []
    stored_at = _fields()[8].get_db_prep_save(created_at, db)
    for version, event in enumerate(events, start=expected_version + 1):
        text = json.dumps(event)  # the payload as the database keeps it, and so as the chain hashes it
        schema = current_schema(game, event["type"])
        link = chain.link(
            previous,
            chain.canonical(
                stream, version, game, event["type"], schema, json.loads(text), actor.kind, actor.user_id, created_at
            ),
            salt,
        )
        rows.append(
            (stream, game, version, event["type"], schema, text, actor.kind, actor.user_id, stored_at, previous, link)
        )
        stored.append(StoredEvent(stream, version, event["type"], event, actor.kind, actor.user_id, created_at, link))
        previous = link
    try:
        if db.in_atomic_block:
            with transaction.atomic(using=db.alias):  # a savepoint: a conflict must not spoil the caller's transaction
                return stored, _insert_at(db, stream, expected_version, rows), salt
        return stored, _insert_at(db, stream, expected_version, rows), salt  # one statement is atomic by itself
    except IntegrityError:
        return stored, 0, salt  # another writer inserted one of these versions first (or the head kept was stale)


_COLUMNS = (
    "stream",
    "game",
    "version",
    "type",
    "schema",
    "payload",
    "actor_kind",
    "actor_user",
    "created_at",
    "previous",
    "hash",
)

# stream -> (version, hash at that version, salt), the latest appended to last. The log is immutable, so a
# head kept at a version is that version's head for good; only committed heads are kept.
HEADS_KEPT = 4096
_heads = LRUCache(maxsize=HEADS_KEPT)
_heads_lock = threading.Lock()


def _kept_head(stream, version):
    """(hash at ``version``, salt) of ``stream`` if this process kept its head at that version, else None."""
    with _heads_lock:
        kept = _heads.get(stream)
    return (kept[1], kept[2]) if kept is not None and kept[0] == version else None


def _read_head(stream, version):
    """(the hash at ``version`` of ``stream``, the stream's salt), in one query; for a new stream, its salt
    is written first."""
    if version == 0:
        return chain.GENESIS, _salt_for_new_stream(stream)
    found = Event.objects.filter(stream=stream, version=version).values_list("hash", flat=True)
    row = StreamKey.objects.filter(stream=stream).values("salt").annotate(head=models.Subquery(found[:1])).first()
    if row is None:  # no such stream: the append conflicts
        return chain.GENESIS, ""
    return row["head"] or chain.GENESIS, row["salt"]


def _salt_for_new_stream(stream):
    """The salt of a stream about to get its first event: written now unless another writer's is there."""
    StreamKey.objects.bulk_create([StreamKey(stream=stream, salt=chain.new_salt())], ignore_conflicts=True)
    return StreamKey.objects.get(stream=stream).salt


def salt(stream):
    """The stream's secret salt ("" for a stream without events). Reveal it only once its game is over."""
    return StreamKey.objects.filter(stream=stream).values_list("salt", flat=True).first() or ""


def _keep_head_on_commit(db, stream, version, head, salt):
    def keep():
        with _heads_lock:
            _heads[stream] = (version, head, salt)

    if db.in_atomic_block:
        transaction.on_commit(keep, using=db.alias)
    else:
        keep()


def _forget_head(stream):
    with _heads_lock:
        _heads.pop(stream, None)


def _insert_at(db, stream, expected_version, rows):
    """Insert ``rows`` (values in ``_COLUMNS``' order, as ``db`` stores them) only if the stream is at
    ``expected_version``, in one statement (one round trip).

    A stream at another version inserts nothing; two writers at the same version collide on the
    (stream, version) unique constraint. Returns the number of rows inserted. Every move appends, so no
    model instance is made and only the time is adapted (the payload is already JSON text): both were a
    tenth of a move's work on its thread.
    """
    params = [value for row in rows for value in row]
    sql, params = _insert_sql(db.vendor, len(rows)), [*params, stream, expected_version]
    if db.vendor == "postgresql":
        return _execute_prepared(db, sql, params)
    with db.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


def _execute_prepared(db, sql, params):
    """Run ``sql`` on PostgreSQL as a prepared statement of this connection; returns the rows it changed.

    Every move appends, and Django's cursors bind parameters on the client, so PostgreSQL parsed and
    planned the append afresh each time, which cost it and this process more CPU than running it
    prepared (docs/performance.md, "What the live path rests on"). A prepared statement lives as long
    as its connection: the pool keeps them, so each is prepared once.
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
    return [_stored(row, payload_today(row, game)) for row in rows]


def payload_today(row, game=""):
    """A stored row's payload upcast to today's shape by its game's upcasters (``game``: the stream's game,
    for events stored before rows recorded it)."""
    return upcast(row.game or game, row.type, row.schema, row.payload)


def rows(stream):
    """The stream's stored rows in order, as written (payloads not upcast): what its chain is checked on."""
    return list(Event.objects.filter(stream=stream).order_by("version"))


def _stored(row, payload):
    return StoredEvent(
        stream=row.stream,
        version=row.version,
        type=row.type,
        payload=payload,
        actor_kind=row.actor_kind,
        actor_user_id=row.actor_user_id,
        created_at=row.created_at,
        hash=row.hash,
    )

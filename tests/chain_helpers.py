"""The hash chain in tests: old rows written as the migration chains them, and a superuser tampering with
the log past the triggers (as the operator of the database could)."""
from django.db import connection, transaction
from django.utils import timezone

from events import chain
from events.models import Event, StreamKey


def write_old_rows(stream, game, payloads, schema=1):
    """``payloads`` stored as an old store wrote them (at ``schema``, by the system), chained as migration
    0006 chained the events stored before the chain existed."""
    salt = chain.new_salt()
    StreamKey.objects.create(stream=stream, salt=salt)
    previous, now = chain.GENESIS, timezone.now()
    for version, payload in enumerate(payloads, start=1):
        row = Event(stream=stream, game=game, version=version, type=payload["type"], schema=schema,
                    payload=payload, actor_kind=Event.Actor.SYSTEM, created_at=now, previous=previous)
        row.hash = previous = chain.link(previous, chain.canonical_row(row), salt)
        row.save()


def as_superuser(sql, params=()):
    """Run ``sql`` past the event table's triggers (replica mode: only a superuser may set it)."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL session_replication_role = replica")
        cursor.execute(sql, params)

"""The hash chain in tests: old rows written as the migration chains them, and a superuser tampering with
the log past the triggers (as the operator of the database could)."""

import json

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
    with connection.cursor() as cursor:
        for version, payload in enumerate(payloads, start=1):
            row = Event(
                stream=stream,
                game=game,
                version=version,
                type=payload["type"],
                schema=schema,
                payload=payload,
                actor_kind=Event.Actor.SYSTEM,
                created_at=now,
                previous=previous,
            )
            row.hash = chain.link(previous, chain.canonical_row(row), salt)
            # Not row.save(): it would set created_at again, after the link was computed.
            cursor.execute(
                "INSERT INTO events_event (stream, game, version, type, schema, payload, actor_kind, "
                "created_at, previous, hash) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                [stream, game, version, row.type, schema, json.dumps(payload), row.actor_kind, now, previous, row.hash],
            )
            previous = row.hash


def as_superuser(sql, params=()):
    """Run ``sql`` past the event table's triggers (replica mode: only a superuser may set it)."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL session_replication_role = replica")
        cursor.execute(sql, params)

"""Append and read event streams with optimistic concurrency.

A stream is one game (one table). Versions run 1..n with no gaps.
``append`` succeeds only if the stream is still at ``expected_version``;
otherwise it raises ``ConcurrencyConflict`` and writes nothing, so two
writers can never both win and nothing is lost or interleaved.
"""
from dataclasses import dataclass
from datetime import datetime

from django.db import IntegrityError, transaction
from django.db.models import Max

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


def append(stream, events, expected_version, actor=SYSTEM):
    """Append ``events`` (dicts with a "type") after ``expected_version``; returns the new version."""
    events = list(events)
    try:
        with transaction.atomic():
            actual = current_version(stream)
            if actual != expected_version:
                raise ConcurrencyConflict(stream, expected_version, actual)
            Event.objects.bulk_create(
                [
                    Event(
                        stream=stream,
                        version=expected_version + offset,
                        type=event["type"],
                        schema=current_schema(event["type"]),
                        payload=event,
                        actor_kind=actor.kind,
                        actor_user_id=actor.user_id,
                    )
                    for offset, event in enumerate(events, start=1)
                ]
            )
    except IntegrityError:
        # Another writer inserted the same version between our read and our insert.
        raise ConcurrencyConflict(stream, expected_version, current_version(stream)) from None
    return expected_version + len(events)


def read(stream, upto=None, after=0):
    """The stream's events in order, upcast to today's shape.

    ``after`` skips versions up to and including it; ``upto`` stops at that version.
    """
    rows = Event.objects.filter(stream=stream, version__gt=after).order_by("version")
    if upto is not None:
        rows = rows.filter(version__lte=upto)
    return [
        StoredEvent(
            stream=row.stream,
            version=row.version,
            type=row.type,
            payload=upcast(row.type, row.schema, row.payload),
            actor_kind=row.actor_kind,
            actor_user_id=row.actor_user_id,
            created_at=row.created_at,
        )
        for row in rows
    ]

"""A table's rulings, as its engine names them (Engine.disputable), read from the event log."""

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from events import store
from events.models import Event
from games.engines import get_engine
from games.engines.base import with_seat_names
from games.models import Table


@dataclass(frozen=True)
class Ruling:
    version: int
    event: dict  # the whole event: staff's, never sent to a player as it is
    seats: tuple  # the seats it involves, who may dispute it
    sentence: str  # "{seat:N}" for seats; the players may read it
    at: object  # when it was given


def rulings(table):
    """The table's rulings, oldest first."""
    engine = get_engine(table.game)
    if not engine.ruling_types:
        return []
    rows = Event.objects.filter(stream=table.stream, type__in=engine.ruling_types).order_by("version")
    found = []
    for row in rows:
        event = store.payload_today(row, table.game)
        seats = engine.disputable(event)
        if seats:
            found.append(Ruling(row.version, event, tuple(seats), _sentence(engine, event), row.created_at))
    return found


def ruling_at(table, version):
    """The ruling whose event has ``version``, or None."""
    row = Event.objects.filter(stream=table.stream, version=version).first()
    engine = get_engine(table.game)
    if row is None or row.type not in engine.ruling_types:
        return None
    event = store.payload_today(row, table.game)
    seats = engine.disputable(event)
    return Ruling(version, event, tuple(seats), _sentence(engine, event), row.created_at) if seats else None


def _sentence(engine, event):
    facts = engine.ruling_facts([], event)
    return facts[0]["text"] if facts else ""


def facts(table, ruling):
    """What staff review the ruling by (the engine's facts), from the whole log before it."""
    before = [event.payload for event in store.read(table.stream, upto=ruling.version - 1, game=table.game)]
    return get_engine(table.game).ruling_facts(before, ruling.event)


def named(text, names):
    """A sentence with its "{seat:N}" put as the players' names."""
    return with_seat_names(text, lambda seat: (names[seat] if seat < len(names) else None) or f"seat {seat}")


def window_closes(table):
    """When disputes close: None while the game runs, else DISPUTE_WINDOW_DAYS after its last event."""
    if table.status != Table.Status.FINISHED:
        return None
    ended = Event.objects.filter(stream=table.stream).order_by("-version").values_list("created_at", flat=True).first()
    return (ended or timezone.now()) + timedelta(days=settings.DISPUTE_WINDOW_DAYS)


def window_open(table):
    closes = window_closes(table)
    return closes is None or timezone.now() < closes

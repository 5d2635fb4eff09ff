"""Upcasters: old event shapes are read as the current shape, never rewritten.

An event's shape belongs to its game (the three games' ``drew`` events differ),
so upcasting is keyed by (game, event type, schema). Each engine declares its
own as ``Engine.upcasters``: {(event type, from_schema): function(payload) ->
payload of schema from_schema + 1}. The store writes an event with its game's
current schema and reads it through ``upcast``, which applies the upcasters
in order, so the log keeps exactly what was written. No Django here, and no game: the games app
hands each game's upcasters to ``register`` as it starts (games.apps).
"""

_UPCASTERS = {}  # game -> {(event type, from_schema): function}


def register(game, upcasters):
    """From now on, ``game``'s events are read through ``upcasters``."""
    _UPCASTERS[game] = dict(upcasters)


def upcasters(game):
    """The game's upcasters; none for a game that registered none."""
    return _UPCASTERS.get(game, {})


def current_schema(game, event_type):
    """The schema an event of ``event_type`` is written with today in ``game``: 1 unless it has upcasters."""
    return 1 + max((schema for kind, schema in upcasters(game) if kind == event_type), default=0)


def upcast(game, event_type, schema, payload):
    """``payload``, an event of ``game`` stored at ``schema``, in today's shape (a new dict if it changed)."""
    found = upcasters(game)
    while (event_type, schema) in found:
        payload = found[(event_type, schema)](payload)
        schema += 1
    return payload

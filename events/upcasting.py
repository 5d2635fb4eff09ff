"""Upcasters: old event shapes are read as the current shape, never rewritten.

An event's shape belongs to its game (the three games' ``drew`` events differ),
so upcasting is keyed by (game, event type, schema). Each engine declares its
own as ``Engine.upcasters``: {(event type, from_schema): function(payload) ->
payload of schema from_schema + 1}. The store writes an event with its game's
current schema and reads it through ``upcast``, which applies the upcasters
in order, so the log keeps exactly what was written. No Django here.
"""
from games.engines import get_engine


def upcasters(game):
    """The game's upcasters; none for a name no engine has."""
    try:
        return get_engine(game).upcasters
    except ValueError:
        return {}


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

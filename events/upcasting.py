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


def current_schema(game, event_type=None):
    """The schema an event of ``event_type`` is written with today in ``game``: 1 unless it has upcasters."""
    if event_type is None:  # current_schema(event_type): the game-less form, see below
        return CURRENT_SCHEMA.get(game, 1)
    return 1 + max((schema for kind, schema in upcasters(game) if kind == event_type), default=0)


def upcast(game, event_type, schema, payload=None):
    """``payload``, an event of ``game`` stored at ``schema``, in today's shape (a new dict if it changed)."""
    if payload is None:  # upcast(event_type, schema, payload): the game-less form, see below
        game, event_type, schema, payload = None, game, event_type, schema
        found = _UPCASTERS
    else:
        found = upcasters(game)
    while (event_type, schema) in found:
        payload = found[(event_type, schema)](payload)
        schema += 1
    return payload


# --- the game-less forms, until events/store.py passes each stream's game (then they go) -----------
# The store still calls current_schema(type) and upcast(type, schema, payload), and its test registers
# an upcaster with @upcaster(type, from_schema). No game declares one here.
CURRENT_SCHEMA = {}  # event type -> newest schema
_UPCASTERS = {}  # (event type, from_schema) -> function(payload) -> payload


def upcaster(event_type, from_schema):
    def register(function):
        _UPCASTERS[(event_type, from_schema)] = function
        CURRENT_SCHEMA[event_type] = max(CURRENT_SCHEMA.get(event_type, 1), from_schema + 1)
        return function

    return register

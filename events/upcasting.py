"""Upcasters: old event shapes are read as the current shape, never rewritten.

Register ``upcaster(type, from_schema)`` functions that take a payload of
schema N and return the payload of schema N + 1. Reading applies them in
order, so the log keeps exactly what was written.
"""
CURRENT_SCHEMA = {}  # event type -> newest schema; types not listed are at schema 1
_UPCASTERS = {}  # (type, from_schema) -> function(payload) -> payload


def upcaster(event_type, from_schema):
    def register(function):
        _UPCASTERS[(event_type, from_schema)] = function
        CURRENT_SCHEMA[event_type] = max(CURRENT_SCHEMA.get(event_type, 1), from_schema + 1)
        return function

    return register


def current_schema(event_type):
    return CURRENT_SCHEMA.get(event_type, 1)


def upcast(event_type, schema, payload):
    while (event_type, schema) in _UPCASTERS:
        payload = _UPCASTERS[(event_type, schema)](payload)
        schema += 1
    return payload

"""Redaction pieces every engine's ``redact_event`` shares: other hands, and draws."""

from copy import deepcopy

# A redacted event never shares lists with the log. Events are JSON (dicts, lists, strings, numbers),
# which ``copied`` copies with less work than ``deepcopy`` (made for any object): a live table
# describes every new event once for each seat and the watchers.
_IMMUTABLE = (str, int, float, bool, type(None))


def deal_without_other_hands(event, seat):
    """A copy of a deal event showing only ``seat``'s hand (others None) and every hand's size."""
    redacted = copied(event)
    redacted["hands"] = [list(hand) if index == seat else None for index, hand in enumerate(event["hands"])]
    redacted["hand_counts"] = [len(hand) for hand in event["hands"]]
    return redacted


def as_count(redacted, key, count_key):
    """Replace a secret pile by its size (in place)."""
    redacted[count_key] = len(redacted.pop(key))
    return redacted


def draw_seen_by(event, seat, shuffled_key):
    """A ``drew`` event: the cards only for the drawer; a reshuffle's new order for nobody, only its size."""
    shuffled = event[shuffled_key]
    redacted = {
        "type": "drew",
        "seat": event["seat"],
        "count": len(event["cards"]),
        shuffled_key: None if shuffled is None else len(shuffled),
    }
    if event["seat"] == seat:
        redacted["cards"] = list(event["cards"])
    return redacted


def public(event):
    return copied(event)


def copied(value):
    """A deep copy of a JSON-like ``value`` (anything else is handed to ``deepcopy``)."""
    if isinstance(value, _IMMUTABLE):
        return value
    if isinstance(value, dict):
        return {key: copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [copied(item) for item in value]
    if isinstance(value, tuple):
        return tuple(copied(item) for item in value)
    return deepcopy(value)

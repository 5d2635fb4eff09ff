"""Redaction pieces every engine's ``redact_event`` shares: other hands, and draws."""
from copy import deepcopy  # a redacted event never shares lists with the log


def deal_without_other_hands(event, seat):
    """A copy of a deal event showing only ``seat``'s hand (others None) and every hand's size."""
    redacted = deepcopy(event)
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
    return deepcopy(event)

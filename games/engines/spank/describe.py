"""Each Spank! event in one sentence, as it is shown to its reader (engine.describe_event picks the form).
Stacks are numbered from 1, as the board shows them."""

from ..base import by_event_type
from ..base import seat_in_text as who
from ..wording import card, cards, count, described, sized
from .event_types import EVENT_TYPES


def describe(event):
    return described("Spank!", _SENTENCES, event, _chosen)


def _chosen(event):
    """A seat's own move, which the turn clock may make for it (a placement); the Draw and the next seat's
    Score step follow by themselves."""
    return event["type"] in ("discarded", "spanked", "moved", "retired", "placed")


def _dealt(event):
    sizes = event.get("hand_counts") or [len(hand) for hand in event["hands"]]
    dealt = f"{count(sizes[0] if sizes else 0, 'card')} each are dealt to {event['players']} players"
    held = [f"{who(seat)} holds {cards(hand)}" for seat, hand in enumerate(event["hands"]) if hand is not None]
    return "; ".join([dealt, *held])


def _scored(event):
    stacks = len(event["retired"])
    retired = f" for {count(stacks, 'stack')} retired" if stacks else ""
    return f"{who(event['seat'])} scores {count(event['points'], 'point')}{retired} (total {event['score']})"


def _won(event):
    return f"{who(event['seat'])} wins with {event['score']} points"


def _discarded(event):
    return f"{who(event['seat'])} discards {cards(event['cards'])}"


def _spanked(event):
    return (
        f"{who(event['seat'])} spanks {who(event['target'])}'s stack {event['stack'] + 1} "
        f"({cards(event['cards'])}) with {card(event['card'])}"
    )


def _moved(event):
    return (
        f"{who(event['seat'])} moves stack {event['from'] + 1} ({cards(event['cards'])}) onto stack {event['to'] + 1}"
    )


def _retired(event):
    return f"{who(event['seat'])} retires stack {event['stack'] + 1} ({cards(event['cards'])})"


def _placed(event):
    return f"{who(event['seat'])} places {card(event['card'])} on stack {event['stack'] + 1}"


def _drew(event):
    drawn = f"{who(event['seat'])} draws {count(sized(event, 'cards', 'count'), 'card')}"
    if event.get("cards"):
        drawn += f": {cards(event['cards'])}"
    if event.get("reshuffled") is not None:
        drawn += ", the Discard reshuffled into the stock"
    return drawn


_SENTENCES = by_event_type(EVENT_TYPES, globals())

"""Each Spite & Malice event in one sentence, as it is shown to its reader (engine.describe_event picks the
form). Play piles and discard piles are numbered from 1, as the board shows them."""

from ..base import by_event_type
from ..base import seat_in_text as who
from ..wording import card, cards, count, described, sized
from .event_types import EVENT_TYPES


def describe(event):
    return described("Spite & Malice", _SENTENCES, event, _chosen)


def _chosen(event):
    """A seat's own move, which the turn clock may make for it. Not a draw: the next seat's draw as its
    turn begins follows the clock's end of turn and reads just like the clock's own draw."""
    return event["type"] in ("played", "turn_ended")


def _dealt(event):
    win_piles = event["win_piles"]
    size = (win_piles[0]["count"] if isinstance(win_piles[0], dict) else len(win_piles[0])) if win_piles else 0
    parts = [f"The cards are dealt to {event['players']} players, {count(size, 'card')} in each win pile"]
    parts += [f"{who(seat)} holds {cards(hand)}" for seat, hand in enumerate(event["hands"]) if hand is not None]
    return "; ".join(parts)


_SOURCES = {"hand": "from the hand", "win": "from the win pile"}


def _played(event):
    source = _SOURCES.get(event["from"]) or f"from discard pile {event['pile'] + 1}"
    return f"{who(event['seat'])} plays {card(event['card'])} {source} on pile {event['to'] + 1}"


def _win_turned(event):
    return f"{who(event['seat'])} turns up {card(event['card'])} on the win pile"


def _pile_retired(event):
    return f"Pile {event['slot'] + 1} is complete and set aside"


def _won(event):
    return f"{who(event['seat'])} wins: the win pile is empty"


def _drew(event):
    drawn = f"{who(event['seat'])} draws {count(sized(event, 'cards', 'count'), 'card')}"
    if event.get("cards"):
        drawn += f": {cards(event['cards'])}"
    if event.get("refill") is not None:
        drawn += ", the draw pile refilled from the finished piles"
    return drawn


def _turn_ended(event):
    moves = [f"fills discard pile {fill['pile'] + 1} with {card(fill['card'])}" for fill in event["fills"]]
    if event["discard"]:
        moves.append(f"discards {card(event['discard']['card'])} on discard pile {event['discard']['pile'] + 1}")
    moves.append("ends the turn")
    return f"{who(event['seat'])} " + ", ".join(moves[:-1]) + (" and " if len(moves) > 1 else "") + moves[-1]


def _stalemated(event):
    if event["winner"] is None:
        return "Stalemate: nobody can play on, and the game is drawn"
    return f"Stalemate: nobody can play on; {who(event['winner'])} wins with the fewest win-pile cards left"


_SENTENCES = by_event_type(EVENT_TYPES, globals())

"""Words the engines' event sentences share: cards as people write them ("7♥"), counts, ordinals, and
the turn clock's events. Pure, like every engine; seats stay "{seat:N}" (base.seat_in_text)."""

import re

from .base import seat_in_text as who
from .cards import JOKER

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# A card's code; inside an engine's own sentence, one or a run of them a space apart (a ruling's text may
# name a malformed hand's cards: "5H JS").
CARD_CODE = r"\b(?:JK|(?:10|11|12|13|[2-9AJQK])[SHDC])\b"
_CODES_IN_TEXT = re.compile(rf"{CARD_CODE}(?: {CARD_CODE})*")


def card(code):
    """ "7♥", "Q♠", "joker"."""
    if code == JOKER:
        return "joker"
    return code[:-1] + SUIT_SYMBOLS.get(code[-1:], code[-1:])


def cards(codes):
    """ "7♥, 9♣ and Q♠"."""
    labels = [card(code) for code in codes]
    if len(labels) <= 1:
        return "".join(labels)
    return ", ".join(labels[:-1]) + " and " + labels[-1]


def count(number, noun, plural=None):
    """ "1 card", "3 cards", "no cards"."""
    if number == 0:
        return f"no {plural or noun + 's'}"
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def ordinal(number):
    """1 -> "1st", 2 -> "2nd", 11 -> "11th"."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def cards_in_text(text):
    """An engine's sentence with its card codes written as cards: "5H JS does not beat ..." as
    "5♥ and J♠ does not beat ..."."""
    return _CODES_IN_TEXT.sub(lambda found: cards(found.group(0).split(" ")), text)


def sized(event, cards_key, count_key):
    """How many cards an event moved: the list's length when the viewer sees them, else the count."""
    shown = event.get(cards_key)
    return len(shown) if isinstance(shown, list) else event.get(count_key, 0)


def automatic(event, sentence, chosen):
    """A move the turn clock chose for a seat out of time says so.

    The clock tags every event its default action brings about, the steps that follow by themselves too
    (the next seat's draw, a score, a trick won), and those were no choice of the clock's: only an event
    ``chosen(event)`` calls a seat's own choice (a play, a pass, the end of a turn) says "(out of time)".
    """
    return f"{sentence} (out of time)" if event.get("auto") and chosen(event) else sentence


def turn_clock_sentence(event):
    """The turn clock's events (turn_clock.EVENT_TYPES), or None for any other event."""
    kind = event.get("type")
    if kind == "timed_out":
        return f"{who(event['seat'])} runs out of time"
    if kind == "marked_absent":
        return f"{who(event['seat'])} is marked absent after three timeouts in a row"
    if kind == "carried_on":
        return f"The host carries on without {who(event['seat'])}"
    if kind == "abandoned":
        return "The host abandons the game"
    if kind == "handed_to_bot":
        return f"The host lets a bot play for {who(event['seat'])}"
    if kind == "taken_back":
        return f"{who(event['seat'])} takes their seat back from the bot"
    if kind == "resigned" and event.get("out_of_time"):
        return _out_of_time(event)
    if kind == "resigned" and "winner" in event:
        return f"{who(event['seat'])} resigns, and {who(event['winner'])} wins"
    if kind == "resigned":
        return f"{who(event['seat'])} resigns; a bot plays the seat to the end"
    return None


def _out_of_time(event):
    """A turn-based table's forfeit on time (turn_clock.OUT_OF_TIME)."""
    if "winner" in event:
        return f"{who(event['seat'])} runs out of time and forfeits, and {who(event['winner'])} wins"
    return f"{who(event['seat'])} runs out of time and forfeits; a bot plays the seat to the end"


def described(game, sentences, event, chosen):
    """``event`` in one sentence: the turn clock's, or the game's own (``sentences``: a function by type;
    ``chosen``: whether an event is a seat's own choice, which the clock may make for it, see ``automatic``)."""
    said = turn_clock_sentence(event)
    if said is not None:
        return said
    sentence = sentences.get(event.get("type"))
    if sentence is None:
        unknown(game, event)
    return automatic(event, sentence(event), chosen)


def unknown(game, event):
    """Every event type has a sentence; an unknown type is a bug, said as such."""
    raise ValueError(f"{game} cannot describe an event of type {event.get('type')!r}.")

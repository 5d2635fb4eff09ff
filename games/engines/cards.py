"""Card codes (rank then suit: "10H", "QS", "13D", "JK") and deck building."""

from collections import Counter

SUITS = ("S", "H", "D", "C")
RED_SUITS = frozenset("HD")
JOKER = "JK"
STANDARD_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def rank(card):
    return card if card == JOKER else card[:-1]


def suit(card):
    return None if card == JOKER else card[-1]


def colour(card):
    s = suit(card)
    if s is None:
        return None
    return "red" if s in RED_SUITS else "black"


def build_deck(full_deck, stacked=None, rng=None):
    """The deck to deal from, top card first.

    ``stacked`` (top card first) comes first; the rest of ``full_deck``
    follows, shuffled by ``rng``. Naming a card more often than the full
    deck holds it raises ValueError, as does a code the deck does not have.
    """
    if stacked is None:
        stacked = []
    if not isinstance(stacked, (list, tuple)):
        raise ValueError("A stacked deck must be a list of card codes, top card first.")
    stacked = list(stacked)
    remaining = Counter(full_deck)
    for card in stacked:
        if not isinstance(card, str) or remaining[card] <= 0:
            held = Counter(full_deck)[card] if isinstance(card, str) else 0
            raise ValueError(f"The stacked deck names {card!r} more often than the full deck holds it ({held}).")
        remaining[card] -= 1
    rest = [card for card in full_deck if _take(remaining, card)]
    if rest:
        rng.shuffle(rest)
    return stacked + rest


def _take(remaining, card):
    if remaining[card] > 0:
        remaining[card] -= 1
        return True
    return False

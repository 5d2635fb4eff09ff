"""The 189-card Spite deck, the order cards are ranked in for the swap, and the buy-back counter."""

from ..cards import JOKER, STANDARD_RANKS, SUITS, rank, suit
from .hands import ORDER

HAND_SIZE = 11
LOSING_HAND = 20  # a hand this big loses the round at once
SUIT_ORDER = {s: index for index, s in enumerate(SUITS)}  # S H D C: the order equal ranks are put down in


def pack():
    """One 63-card pack: 52 cards, the 11s and 12s of every suit, 13 of hearts and diamonds, one joker."""
    cards = [r + s for r in STANDARD_RANKS for s in SUITS]
    cards += [r + s for r in ("11", "12") for s in SUITS]
    return cards + ["13H", "13D", JOKER]


FULL_DECK = pack() * 3


def fibonacci(index):
    """The buy-back counter: 1, 1, 2, 3, 5, ... (index 0 is the first buy back of the round)."""
    a, b = 1, 1
    for _ in range(index):
        a, b = b, a + b
    return a


def _rank_index(card):
    return len(ORDER) if card == JOKER else ORDER.index(rank(card))


def _suit_index(card):
    return 0 if card == JOKER else SUIT_ORDER[suit(card)]


def lowest_first(cards):
    """For the card swap: lowest rank first (the joker is the highest card); equal ranks S, H, D, C."""
    return sorted(cards, key=lambda card: (_rank_index(card), _suit_index(card)))


def highest_first(cards):
    """Highest rank first; equal ranks still S, H, D, C."""
    return sorted(cards, key=lambda card: (-_rank_index(card), _suit_index(card)))

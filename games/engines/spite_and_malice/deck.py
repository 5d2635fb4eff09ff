"""The cards: packs of 52 plus 2 jokers, and the order that decides who starts."""

from ..cards import JOKER, STANDARD_RANKS, SUITS, rank

PACK = [r + s for r in STANDARD_RANKS for s in SUITS] + [JOKER, JOKER]
HAND_SIZE = 5
DISCARD_PILES = 4
PLAY_SLOTS = 4
KING = 13
MAX_JOKERS_PER_PILE = 3
ACE = "A"


def full_deck(options):
    return PACK * options.decks


def value(card):
    """A natural card's value, A = 1 to K = 13 (None for the joker, which takes any but 1)."""
    if card == JOKER:
        return None
    return STANDARD_RANKS.index(rank(card)) + 1


def start_strength(card):
    """Who starts: the joker counts lowest (0), then A = 1 up to K = 13."""
    return 0 if card == JOKER else value(card)


def is_ace(card):
    return card != JOKER and rank(card) == ACE

"""Stacks: runs of cards on a rank cycle, and (Sequence Variation) their suit patterns.

A stack is a tuple of card codes in run order: each card's rank is the next
one on its set's cycle after the card before it (9 10 J Q K A, then 9
again). Cards join at either end.
"""

from functools import lru_cache

from ..cards import colour, rank, suit
from .deck import HIGH_SET, LOW_SET

MAX_STACK = 5

# The rank that follows each rank on its cycle. The sets never mix: 7 is followed by 2, not 9.
_NEXT_RANK = {ranks[i]: ranks[(i + 1) % len(ranks)] for ranks in (LOW_SET, HIGH_SET) for i in range(len(ranks))}

# Sequence Variation patterns. A two-card stack of different colours is
# ALTERNATING until its third card decides between suits and colours.
SAME_SUIT = "same_suit"
SAME_COLOUR = "same_colour"
ALTERNATING = "alternating"
ALTERNATING_SUITS = "alternating_suits"
ALTERNATING_COLOURS = "alternating_colours"


def is_run(cards):
    """A legal stack's ranks: 1 to 5 cards, each rank the next after the one before, no rank twice."""
    ranks = [rank(card) for card in cards]
    if not 1 <= len(ranks) <= MAX_STACK or len(set(ranks)) != len(ranks):
        return False
    return all(_NEXT_RANK.get(low) == high for low, high in zip(ranks, ranks[1:]))


def pattern(cards):
    """The pattern a stack has established (None below two cards).

    Derived from the cards alone: once a stack has broken a tighter pattern
    (a second suit, a suit out of alternation) it can never fit it again, so
    the tightest pattern the cards fit is the one the stack established.
    """
    if len(cards) < 2:
        return None
    if _all_equal(suit(card) for card in cards):
        return SAME_SUIT
    if _all_equal(colour(card) for card in cards):
        return SAME_COLOUR
    if len(cards) == 2:
        return ALTERNATING
    if fits(cards, ALTERNATING_SUITS):
        return ALTERNATING_SUITS
    return ALTERNATING_COLOURS


def fits(cards, established):
    """Whether the cards, in run order, keep an established pattern (None: anything fits)."""
    if established is None:
        return True
    if established == SAME_SUIT:
        return _all_equal(suit(card) for card in cards)
    if established == SAME_COLOUR:
        return _all_equal(colour(card) for card in cards)
    colours_alternate = all(colour(a) != colour(b) for a, b in zip(cards, cards[1:]))
    if established == ALTERNATING_SUITS:
        return colours_alternate and all(suit(card) == suit(cards[i % 2]) for i, card in enumerate(cards))
    return colours_alternate  # ALTERNATING or ALTERNATING_COLOURS


# Kept: legal commands try every card and stack against every stack on each move, and a table has
# few distinct stacks (a pure function of hashable tuples, so a kept answer is always right).
@lru_cache(maxsize=65_536)
def join(stack, joining, sequence=False):
    """The stack made by adding the run ``joining`` to either end of ``stack``, or None if illegal.

    With ``sequence``, the result must keep the pattern each part has
    established (a single card has none).
    """
    if not stack or not joining:
        return None
    for run in (stack + joining, joining + stack):
        if is_run(run) and (not sequence or (fits(run, pattern(stack)) and fits(run, pattern(joining)))):
            return run
    return None


def _all_equal(values):
    return len(set(values)) == 1

"""Consecutives ("consecs"): three same-value hands in a pattern restrict what may follow in the trick.

Numerical: the last three hands' values are an equal, non-zero gap apart in
the order 3..12 J Q K A 2 (13 left out); the next hand is the last value plus
(going higher) or minus (going lower) the gap, wrapping round. Suited: the
last three hands have the same suits; every later hand must have them too.
Only same-value hands without any 13 take part (singles to quads); joker
hands and face-down fakes break the pattern. Once in force a consec holds for
the rest of the trick while each hand keeps to it.
"""

from ..cards import SUITS, rank, suit
from .hands import NUMERIC, SAME_VALUE_KINDS, WILD, describe
from .state import HIGHER

_POSITION = {value: index for index, value in enumerate(NUMERIC)}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def in_force(trick):
    return trick.step is not None or trick.suits is not None


def eligible(play):
    """A hand that can be part of a consec: single, pair, trips or quads with no 13 at all."""
    return (
        play.hand is not None
        and play.hand.kind in SAME_VALUE_KINDS
        and not any(rank(card) == WILD for card in play.shown)
    )


def suits_of(cards):
    return tuple(sorted((suit(card) for card in cards), key=SUITS.index))


def next_value(trick, direction):
    """The value a numerical consec asks for next (None without one)."""
    if trick.step is None:
        return None
    position = _POSITION[trick.last.hand.value]
    step = trick.step if direction == HIGHER else -trick.step
    return NUMERIC[(position + step) % len(NUMERIC)]


def after(trick, play):
    """(step, suits) in force once ``play`` (played in ``play.direction``) follows the plays of ``trick``."""
    if not eligible(play):
        return None, None
    last_three = (trick.plays + (play,))[-3:]
    formed = (
        len(last_three) == 3 and all(eligible(p) for p in last_three) and len({p.hand.size for p in last_three}) == 1
    )
    step = trick.step if trick.step is not None and play.hand.value == next_value(trick, play.direction) else None
    if step is None and formed:
        first, second, third = (_POSITION[p.hand.value] for p in last_three)
        if abs(second - first) == abs(third - second) != 0:
            step = abs(second - first)
    suits = suits_of(play.shown)
    if trick.suits != suits and not (formed and len({suits_of(p.shown) for p in last_three}) == 1):
        suits = None
    return step, suits


def refusal(trick, hand, direction):
    """Why ``hand`` breaks the consec in force (a sentence), or None. Beating the last hand is checked elsewhere."""
    if not in_force(trick):
        return None
    if hand.is_joker or any(rank(card) == WILD for card in hand.cards):
        return "13s and joker hands may not be played while a consecutive is in force."
    if hand.kind not in SAME_VALUE_KINDS:
        return "Only singles, pairs, trips or quads of one value follow a consecutive."
    wanted = next_value(trick, direction)
    if wanted is not None and hand.value != wanted:
        return f"The numerical consecutive asks for {_value_words(wanted, hand.size)} next, not {describe(hand)}."
    if trick.suits is not None and suits_of(hand.cards) != trick.suits:
        return f"The suited consecutive asks for {suit_words(trick.suits)}; {describe(hand)} does not match."
    return None


def needs_unbeatable(trick, play):
    """Natural 2s played higher under a suited consec with no numerical one (the forming play included)."""
    if play.direction != HIGHER or play.hand is None or play.hand.value != "2" or not play.hand.natural:
        return False
    step, suits = after(trick, play)
    return suits is not None and step is None


def suit_words(suits):
    names = [SUIT_NAMES[s] for s in suits]
    if len(set(names)) == 1:
        return f"{names[0]} only"
    return ", ".join(names[:-1]) + " and " + names[-1]


def describe_consec(trick, direction):
    """A line for the table, or None: "Numerical consecutive (gap 1): next a 6 · Suited: hearts only"."""
    parts = []
    if trick.step is not None:
        parts.append(
            f"numerical consecutive (gap {trick.step}): next {_value_words(next_value(trick, direction), trick.arity)}"
        )
    if trick.suits is not None:
        parts.append(f"suited consecutive: {suit_words(trick.suits)}")
    if not parts:
        return None
    text = "; ".join(parts)
    return text[:1].upper() + text[1:]


def _value_words(value, size):
    if size in (None, 1):
        return f"{'an' if value in ('8', '11', 'A') else 'a'} {value}"
    return f"{ {2: 'a pair', 3: 'trips', 4: 'quads'}.get(size, str(size)) } of {value}s"

"""Drawing, and what ending a turn asks for."""

from ..base import default_rng
from ..fairness import committed
from .deck import HAND_SIZE


def next_seat(state, seat):
    """The seat to the left: the next number, wrapping to 0."""
    return (seat + 1) % state.players


def empty_discards(state, seat):
    return [pile for pile, cards in enumerate(state.discards[seat]) if not cards]


def can_draw_anything(state):
    return bool(state.draw_pile or state.retired)


def draw(state, seat, count, rng=None):
    """A ``drew`` event for up to ``count`` cards.

    When the draw pile holds fewer than ``count``, the retired play piles are
    shuffled first and put under it; their new order is written into the
    event so that replay needs no randomness, with a commitment to it.
    """
    if not (len(state.draw_pile) < count and state.retired):
        return {"type": "drew", "seat": seat, "cards": list(state.draw_pile[:count]), "refill": None}
    rng = default_rng(rng)
    refill = list(state.retired)
    rng.shuffle(refill)
    pile = list(state.draw_pile) + refill
    drew = {"type": "drew", "seat": seat, "cards": pile[:count], "refill": refill}
    return committed(drew, ("refill",), "the reshuffle of the finished play piles", rng)


def draw_up(state, seat, rng=None):
    """The start of a turn: draw up to a hand of 5 (an event even when nothing is drawn)."""
    return draw(state, seat, max(0, HAND_SIZE - len(state.hands[seat])), rng)


def end_needs(state, seat):
    """(fills, discard): how many empty piles the turn's end must fill, and whether it discards.

    Every empty discard pile is filled and one more card discarded, unless
    nothing can be drawn: then the hand gives what it has.
    """
    empty = len(empty_discards(state, seat))
    held = len(state.hands[seat])
    if held >= empty + 1 or can_draw_anything(state):
        return empty, True
    return min(empty, held), held > empty


def hand_too_short(state, seat):
    """The hand cannot fill every empty discard pile and discard one more."""
    return len(state.hands[seat]) < len(empty_discards(state, seat)) + 1


def may_draw(state, seat):
    hand = state.hands[seat]
    return can_draw_anything(state) and (not hand or hand_too_short(state, seat))

"""The opening of the first round: who may lead with the asked rank."""

from ..cards import JOKER, rank
from .hands import ORDER
from .rounds import first_ask, holds_rank
from .state import OPENING


def may_open(state, seat):
    """In the opening phase: the seat holds the asked rank and has not declined it."""
    return (
        state.phase == OPENING
        and holds_rank(state.hands[seat], state.ask)
        and (seat, state.ask) not in state.declined
        and seat not in state.trick.barred
    )


def declined_in(state, seat, cards):
    """A rank among ``cards`` that the seat declined to lead with (in this pass of the ranks), or None."""
    for card in cards:
        if card != JOKER and (seat, rank(card)) in state.declined:
            return rank(card)
    return None


def next_ask(state):
    """The ask moves up to the next rank someone holds; past 2 it starts again from 3, declines forgotten."""
    index = ORDER.index(state.ask)
    for offset in range(1, len(ORDER) + 1):
        wanted = ORDER[(index + offset) % len(ORDER)]
        wrapped = index + offset >= len(ORDER)
        holders = [seat for seat in range(state.players) if holds_rank(state.hands[seat], wanted)]
        if any(wrapped or (seat, wanted) not in state.declined for seat in holders):
            return {"type": "asked", "rank": wanted, "clear_declines": wrapped}
    return {"type": "asked", "rank": first_ask(state.hands, ORDER[0]), "clear_declines": True}

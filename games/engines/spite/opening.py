"""The opening of the first round: who may lead with the asked rank."""
from ..cards import JOKER, rank
from .rounds import holds_rank
from .state import OPENING


def may_open(state, seat):
    """In the opening phase: the seat holds the asked rank and has not declined it."""
    return (state.phase == OPENING and holds_rank(state.hands[seat], state.ask)
            and (seat, state.ask) not in state.declined)


def declined_in(state, seat, cards):
    """A rank among ``cards`` that the seat declined to lead with (in this pass of the ranks), or None."""
    for card in cards:
        if card != JOKER and (seat, rank(card)) in state.declined:
            return rank(card)
    return None

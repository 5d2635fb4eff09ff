"""The turn clock's default action: the simplest legal way to end the turn, one command at a time.

A forced ace is played first (the first such play: hand before win pile before
discard piles, lowest free slot). A hand that must draw draws. Then the turn
ends with the first legal end of turn: empty discard piles filled with the
hand's first cards, and the lowest card code discarded onto discard pile 0
(with nothing left to discard, the end of turn discards nothing).
"""

from .legal import end_turns
from .piles import playable_ace, plays
from .turns import may_draw


def default_command(state, seat):
    """The next command of the default action for the seat to move."""
    if playable_ace(state, seat):
        return next(play for play in plays(state, seat) if not state.play_piles[play["to"]])
    if may_draw(state, seat):
        return {"type": "draw"}
    return next(end_turns(state, seat))

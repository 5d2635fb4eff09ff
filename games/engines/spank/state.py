"""The game state: an immutable value made of frozen dataclasses and tuples.

Two states compare equal with == exactly when they are the same position,
and nothing can change a state once made: ``evolve`` builds a new one.
"""

from dataclasses import dataclass, replace

from ..tuples import replace_at
from ..turn_clock import Clock
from .options import Options

# The steps of a turn a seat can act in. Score and Draw happen by themselves.
UPKEEP = "upkeep"  # nothing done yet this turn
MOVE = "move"  # the seat has spanked; it may still move or retire, then place
PLAY = "play"  # the seat has moved or retired; only the placement is left


@dataclass(frozen=True)
class ScoreStep:
    """What the latest Score step gave (shown to the table)."""

    seat: int
    points: int
    retired: tuple  # indexes of the 5-card stacks it retired


@dataclass(frozen=True)
class State:
    players: int
    options: Options
    hands: tuple  # per seat, a tuple of card codes
    stacks: tuple  # per seat, 5 tuples of card codes in run order (empty tuple: empty stack)
    stock: tuple  # top card first
    discard: tuple  # oldest first
    scores: tuple
    first: int  # the seat that began the game
    turn: int = 0  # turns begun so far
    to_move: int | None = None  # None between turns and once the game is over
    step: str | None = None  # UPKEEP, MOVE or PLAY while a seat is to move
    spanked: bool = False  # this turn
    moved: str | None = None  # "move" or "retire" once done this turn
    winner: int | None = None
    last_score: ScoreStep | None = None
    clock: Clock = Clock()  # the turn clock's timeouts and absent seats

    @property
    def over(self):
        return self.winner is not None or self.clock.ended


def with_stack(state, seat, index, cards):
    seat_stacks = replace_at(state.stacks[seat], index, tuple(cards))
    return replace(state, stacks=replace_at(state.stacks, seat, seat_stacks))

"""The game state: an immutable value made of frozen dataclasses and tuples.

A play pile is the tuple of its cards, bottom (the ace) first; its value is
its length, because it starts at 1 and every card adds one. A free slot is
the empty tuple.
"""

from dataclasses import dataclass, replace

from ..tuples import replace_at
from ..turn_clock import Clock
from .options import Options

WIN = "win"  # a seat played its last win card
STALEMATE = "stalemate"  # a full round without a play and nothing left to draw


@dataclass(frozen=True)
class State:
    players: int
    options: Options
    hands: tuple  # per seat, a tuple of card codes
    discards: tuple  # per seat, 4 tuples, bottom card first
    win_piles: tuple  # per seat, a tuple, top card (the face-up one) first
    draw_pile: tuple  # top card first
    play_piles: tuple  # 4 tuples, bottom card first; () is a free slot
    retired: tuple  # the cards of retired play piles, waiting to refill the draw pile
    first: int  # the seat that began
    to_move: int | None = None
    turn: int = 1  # turns begun so far (the first seat's first turn is 1)
    played_this_turn: bool = False  # a card reached a play pile during this turn
    barren_turns: int = 0  # turns in a row without a play, with nothing left to draw
    result: str | None = None  # WIN or STALEMATE once the game is over
    winner: int | None = None  # None after a stalemate between equal win piles
    clock: Clock = Clock()  # the turn clock's timeouts and absent seats

    @property
    def over(self):
        return self.result is not None or self.clock.ended


def with_discard(state, seat, pile, cards):
    return replace(
        state, discards=replace_at(state.discards, seat, replace_at(state.discards[seat], pile, tuple(cards)))
    )


def with_play_pile(state, slot, cards):
    return replace(state, play_piles=replace_at(state.play_piles, slot, tuple(cards)))

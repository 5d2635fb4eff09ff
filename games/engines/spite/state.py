"""The match state: an immutable value made of frozen dataclasses and tuples."""
from dataclasses import dataclass

from .options import Options

OPENING = "opening"  # round 1, before anyone leads: seats holding the asked rank may lead or decline
PLAYING = "playing"
OVER = "over"  # the match is over

HIGHER, LOWER = "higher", "lower"


@dataclass(frozen=True)
class Play:
    """One hand played into the trick."""

    id: int
    seat: int
    cards: tuple
    hand: object  # the hands.Hand it was classified as
    announce: str | None = None
    buy_back: int | None = None


@dataclass(frozen=True)
class Trick:
    leader: int | None = None  # the seat that leads (or led) it
    plays: tuple = ()
    arity: int | None = None  # None: open (nothing played yet, or a joker lead in a lower game)
    top: object = None  # the Hand the next play must beat; None after a reset
    passed: frozenset = frozenset()  # seats that passed and have not bought back

    @property
    def last(self):
        return self.plays[-1] if self.plays else None


@dataclass(frozen=True)
class State:
    players: int
    options: Options
    fake_pile: tuple  # faces of the fake jokers nobody holds
    fakes: tuple  # per seat, the fake jokers it holds (kept across rounds)
    scores: tuple
    round: int = 0
    phase: str = OPENING
    hands: tuple = ()
    deck: tuple = ()  # top card first
    discard: tuple = ()
    bounty: str | None = None
    direction: str = HIGHER
    buy_backs: int = 0  # buy backs so far this round: the next one costs fibonacci(buy_backs)
    trick: Trick = Trick()
    to_move: int | None = None
    ask: str | None = None  # the opening phase's asked rank
    declined: frozenset = frozenset()  # seats that declined the asked rank
    places: tuple = ()  # per finishing place, first to last, the seat (None: not yet known)
    last_play_joker: tuple = ()  # per seat: its previous play this round was a joker hand
    next_play_id: int = 1
    finish_history: tuple = ()  # per round played, that round's places (first to last)
    last_round: object = None  # the latest round's result (a dict), for the view
    winner: int | None = None  # of the match

    @property
    def over(self):
        return self.phase == OVER


def is_placed(state, seat):
    return seat in state.places


def active_seats(state):
    """Seats still in the round: holding cards and not yet given a place."""
    return [seat for seat in range(state.players) if not is_placed(state, seat)]

"""The match state: an immutable value made of frozen dataclasses and tuples."""

from dataclasses import dataclass

from ..turn_clock import Clock
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
    cards: tuple  # from the regular hand
    hand: object  # the hands.Hand it was classified as (None: a fake joker face down; may be malformed)
    announce: str | None = None
    buy_back: int | None = None
    fake_up: tuple = ()  # fake jokers played face up
    bonus_up: tuple = ()  # reward cards from the deck played face up
    fake_down: str | None = None  # the face of a fake joker played face down
    come_at_me: bool = False
    bounty_claim: int | None = None
    direction: str = "higher"  # the direction it was played in (before any change it made)
    misplay: object = None  # table mode: the legality.Misplay it is, kept hidden until called (None: legal)

    @property
    def shown(self):
        """Every face-up card of the play."""
        return self.cards + self.fake_up + self.bonus_up

    @property
    def resets(self):
        """A joker hand, a face-down fake joker or a malformed hand: it may not win a come-at-me."""
        return self.hand is None or self.hand.is_joker or self.hand.malformed


@dataclass(frozen=True)
class Trick:
    leader: int | None = None  # the seat that leads (or led) it
    plays: tuple = ()
    arity: int | None = None  # None: open (nothing played yet, or a joker lead in a lower game)
    top: object = None  # the Hand the next play must beat; None after a reset
    passed: frozenset = frozenset()  # seats that passed and have not bought back
    step: int | None = None  # a numerical consecutive in force: the gap between values
    suits: tuple | None = None  # a suited consecutive in force: the sorted suits every hand must have
    barred: frozenset = frozenset()  # seats out of this trick for a misplay: no buy back

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
    # The opening's asks so far in the match (each rank asked, and the ask again after a called opening
    # lead): numbers the ask's timer at a turn-based table (ask_timer.py).
    asks: int = 0
    places: tuple = ()  # per finishing place, first to last, the seat (None: not yet known)
    last_play_joker: tuple = ()  # per seat: its previous play this round was a joker hand
    next_play_id: int = 1
    finish_history: tuple = ()  # per round played, that round's places (first to last)
    last_round: object = None  # the latest round's result (a dict), for the view
    winner: int | None = None  # of the match
    bonus: tuple = ()  # per seat, reward cards from the deck held outside the hand (face up only; this round)
    skips: tuple = ()  # per seat, penalty turns still to skip this round
    streaks: tuple = ()  # per seat, won come-at-me tricks since another seat last won a trick (this round)
    reward: object = None  # a come-at-me reward step owed: Reward
    joiners: frozenset = frozenset()  # late joiners of this round, dealt in at the next
    # Table mode (misplays.py): the play open to a call, the rulings so far, called misplays per seat,
    # and the misplays nobody called (revealed when the match is over).
    window: object = None
    rulings: tuple = ()
    penalties: tuple = ()  # the failed come-at-me penalties given this match: Penalty (overturn.py)
    misplays: tuple = ()
    uncalled: tuple = ()
    countdown: object = None  # the countdown running on the seat to act: Countdown
    countdowns: int = 0  # countdowns started in the match (numbers them)
    picked_up: tuple = ()  # per seat, cards picked up since its last play (the countdown's extra seconds)
    clock: Clock = Clock()  # the turn clock's timeouts and absent seats (turn_clock.py)

    @property
    def over(self):
        return self.phase == OVER or self.clock.ended


@dataclass(frozen=True)
class Reward:
    """A won come-at-me: ``seat`` views ``count`` cards from the deck's top (as many as it has).

    In table mode the seat declares its count first and then views the cards: ``declared`` is set
    and ``viewed`` holds the cards taken off the deck until it swaps one, or none."""

    seat: int
    count: int
    declared: int | None = None
    viewed: tuple = ()


@dataclass(frozen=True)
class Countdown:
    number: int
    seat: int  # the seat it runs on
    by: int  # the seat that started it
    seconds: int


@dataclass(frozen=True)
class Window:
    """A play (or a reward declaration) that other seats may still call misplay on.

    ``before`` is the state just before the play, which a correct call restores; ``kept`` the
    events since then that a restore must keep (late joins, turn-clock marks); ``seen`` the cards
    the player saw because of the play (buy-back draws, bounty cards), discarded on a correct call.
    """

    play: int
    seat: int
    kind: str  # "play" or "reward"
    misplay: object  # the legality.Misplay, or None for a legal play
    before: object = None
    kept: tuple = ()
    seen: tuple = ()
    callers: frozenset = frozenset()  # seats that called it wrongly


@dataclass(frozen=True)
class Ruling:
    id: int
    play: int
    seat: int  # whose play was called
    caller: int
    correct: bool
    rule: str
    text: str
    skips: int  # turns the penalised seat must skip
    fakes: tuple  # the fake jokers the penalised seat forfeited (to a correct caller, else to the pile)
    from_pile: tuple  # a correct caller's fake joker from the pile (when the misplayer held none)
    from_deck: tuple = ()  # ... or, the pile being empty, the deck's next card (held as a reward card)
    what: str = "play"  # the called play in words: "single 5", "reward declaration"
    round: int = 0
    overturned: str | None = None  # staff's reason, once overturned

    @property
    def penalised(self):
        return self.seat if self.correct else self.caller


@dataclass(frozen=True)
class Penalty:
    """A trick's failed come-at-me penalties (RULINGS "Come at me"), numbered from 1 in the match, which
    staff may overturn like a ruling."""

    id: int
    round: int
    skips: tuple  # per seat, the turns the trick's end gave it to skip
    overturned: str | None = None  # staff's reason, once overturned


def is_placed(state, seat):
    return seat in state.places


def active_seats(state):
    """Seats still in the round: holding cards and not yet given a place."""
    return [seat for seat in range(state.players) if not is_placed(state, seat)]

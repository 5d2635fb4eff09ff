"""Climb, as an engine of the same shape as the real ones (games/engines/base.py is its interface).

Rules. 2 to 4 players and one 52-card pack. Each seat is dealt ``hand_size`` cards face down (3 unless
the table says 2 to 5); the rest is the stock, face down. Seat 0 begins and turns go round. On its turn
a seat plays one card onto the pile, face up: on an empty pile any card, else a card of the top card's
suit or of a higher rank (2 lowest, ace highest), and draws the stock's top card to replace it; or it
takes the stock's top card instead of playing. With the stock empty and no card to play it passes, and
once every seat has passed in a row the pile is cleared. The first seat to play its last card (so, once
the stock is gone) wins.

The next seat in turn may hurry the seat to act, one hurry at a time: if that seat has not acted within
HURRY_SECONDS, the system's ``hurry_expired`` makes its default move for it (the lowest card it can
play, else taking a card, else a pass), as the turn clock does when a turn runs out.

Hidden: every hand but one's own, the stock and the cards a seat draws or takes. The deal is committed to.
"""

from dataclasses import dataclass, replace

from games.engines import turn_clock
from games.engines.base import ANY_SEAT, SEAT_TO_ACT, SYSTEM, Command, Engine, combine, default_rng, handle
from games.engines.base import seat_in_text as who
from games.engines.cards import build_deck
from games.engines.errors import IllegalCommand
from games.engines.fairness import always, committed, seal
from games.engines.redaction import as_count, deal_without_other_hands, public
from games.engines.wording import card as face
from games.engines.wording import cards as faces
from games.engines.wording import count, described

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
FULL_DECK = tuple(rank + suit for suit in "SHDC" for rank in RANKS)
MIN_PLAYERS, MAX_PLAYERS = 2, 4
HAND_SIZE, MIN_HAND_SIZE, MAX_HAND_SIZE = 3, 2, 5
HURRY_SECONDS = 10
DEAL_ORDER = ("hands", "stock")  # the deck cut into the hands, seat by seat, and the stock


def rank(code):
    return RANKS.index(code[:-1])


def fits(pile, code):
    """Whether ``code`` may go on the pile: any card on an empty one, else the top's suit or a higher rank."""
    return not pile or code[-1] == pile[-1][-1] or rank(code) > rank(pile[-1])


@dataclass(frozen=True)
class Hurry:
    number: int  # hurries so far in the game, this one included: its timer's key
    seat: int  # the seat hurried
    by: int
    seconds: int


@dataclass(frozen=True)
class State:
    players: int
    hand_size: int
    hands: tuple  # per seat, a tuple of codes
    stock: tuple  # top card first
    pile: tuple = ()  # bottom card first
    to_move: int | None = 0
    passes: int = 0  # passes in a row
    hurry: Hurry | None = None
    hurries: int = 0
    winner: int | None = None
    clock: turn_clock.Clock = turn_clock.Clock()

    @property
    def over(self):
        return self.winner is not None or self.clock.ended


def playable(state, seat):
    """The cards of the seat's hand that may go on the pile, lowest first."""
    return sorted((code for code in state.hands[seat] if fits(state.pile, code)), key=lambda code: (rank(code), code))


def next_seat(state, seat):
    return (seat + 1) % state.players


# --- the deal ----------------------------------------------------------------------------------------


def check_players(players):
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Climb is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}.")
    return players


def hand_size(options):
    """The options dict (or None) as the hand size; ValueError for anything else."""
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise ValueError('Options must be a dict such as {"hand_size": 3}.')
    unknown = [key for key in options if key != "hand_size"]
    if unknown:
        raise ValueError(f"Unknown Climb option{'s' if len(unknown) > 1 else ''}: {', '.join(map(repr, unknown))}.")
    size = options.get("hand_size")
    if size is None:
        return HAND_SIZE
    if isinstance(size, bool) or not isinstance(size, int) or not MIN_HAND_SIZE <= size <= MAX_HAND_SIZE:
        raise ValueError(f'Option "hand_size" is {MIN_HAND_SIZE} to {MAX_HAND_SIZE} cards, not {size!r}.')
    return size


def start(players, options=None, deck=None, rng=None):
    players, size, rng = check_players(players), hand_size(options), default_rng(rng)
    cards = build_deck(list(FULL_DECK), deck, rng)
    hands = [cards[seat * size : (seat + 1) * size] for seat in range(players)]
    dealt = {
        "type": "dealt",
        "players": players,
        "options": {"hand_size": size},
        "hands": hands,
        "stock": cards[players * size :],
    }
    return [committed(dealt, DEAL_ORDER, "the deal", rng)]


# --- evolve ----------------------------------------------------------------------------------------


def _dealt(state, event):
    return State(
        players=event["players"],
        hand_size=event["options"]["hand_size"],
        hands=tuple(tuple(hand) for hand in event["hands"]),
        stock=tuple(event["stock"]),
    )


def _turn_passes(state, seat, **changes):
    return replace(state, to_move=next_seat(state, seat), hurry=None, **changes)


def _played(state, event):
    seat, code = event["seat"], event["card"]
    hand = list(state.hands[seat])
    hand.remove(code)
    hands = state.hands[:seat] + (tuple(hand),) + state.hands[seat + 1 :]
    return _turn_passes(state, seat, hands=hands, pile=state.pile + (code,), passes=0)


def _drawn(state, event):
    """The stock's top card into the seat's hand (a draw after a play: the turn has passed already)."""
    seat = event["seat"]
    hands = state.hands[:seat] + (state.hands[seat] + (event["card"],),) + state.hands[seat + 1 :]
    return replace(state, hands=hands, stock=state.stock[1:])


def _took(state, event):
    return _turn_passes(_drawn(state, event), event["seat"], passes=0)


_APPLY = {
    "dealt": _dealt,
    "played": _played,
    "drew": _drawn,
    "took": _took,
    "passed": lambda state, event: _turn_passes(state, event["seat"], passes=state.passes + 1),
    "cleared": lambda state, event: replace(state, pile=(), passes=0),
    "won": lambda state, event: replace(state, winner=event["seat"], to_move=None, hurry=None),
    "hurried": lambda state, event: replace(
        state, hurry=Hurry(event["number"], event["seat"], event["by"], event["seconds"]), hurries=event["number"]
    ),
    "hurry_ran_out": lambda state, event: replace(state, hurry=None),
    **turn_clock.HANDLERS,
}
OWN_MOVES = frozenset({"played", "took", "passed"})  # a seat's own action (unless the clock made it)


def evolve(state, event):
    apply = _APPLY.get(event.get("type"))
    if apply is None:
        raise ValueError(f"Climb has no event type {event.get('type')!r}.")
    return turn_clock.after_event(apply(state, event), event, OWN_MOVES)


# --- decide ----------------------------------------------------------------------------------------


def _play(state, seat, command, rng):
    code = command.get("card")
    if not isinstance(code, str):
        raise IllegalCommand('"card" must be the code of a card in your hand, such as "7H".')
    if code not in state.hands[seat]:
        raise IllegalCommand(f"You do not hold {code}.")
    if not fits(state.pile, code):
        raise IllegalCommand(f"{code} does not go on {state.pile[-1]}: play a card of its suit or of a higher rank.")
    played = [{"type": "played", "seat": seat, "card": code}]
    if state.stock:
        return played + [{"type": "drew", "seat": seat, "card": state.stock[0]}]
    return played + ([{"type": "won", "seat": seat}] if len(state.hands[seat]) == 1 else [])


def _take(state, seat, command, rng):
    if not state.stock:
        raise IllegalCommand("The stock is empty: play a card, or pass if you cannot.")
    return [{"type": "took", "seat": seat, "card": state.stock[0]}]


def _pass(state, seat, command, rng):
    if state.stock:
        raise IllegalCommand("You may pass only once the stock is empty: take a card instead.")
    if playable(state, seat):
        raise IllegalCommand("You have a card that goes on the pile, so you may not pass.")
    passed = [{"type": "passed", "seat": seat}]
    return passed + ([{"type": "cleared"}] if state.passes + 1 >= state.players else [])


def _hurry(state, seat, command, rng):
    waiting = next_seat(state, state.to_move)
    if seat != waiting:
        raise IllegalCommand(f"Only the next seat, {who(waiting)}, may hurry {who(state.to_move)}.")
    if state.hurry is not None:
        raise IllegalCommand(f"{who(state.to_move)} is being hurried already.")
    return [
        {"type": "hurried", "seat": state.to_move, "by": seat, "number": state.hurries + 1, "seconds": HURRY_SECONDS}
    ]


def _hurry_expired(state, seat, command, rng):
    running = state.hurry
    number = command.get("hurry")
    if running is None or type(number) is not int or number != running.number:
        raise IllegalCommand("That hurry is over: the seat acted in time.")
    moved = [{**event, "auto": True} for event in default_action(state, running.seat, rng)]
    return [{"type": "hurry_ran_out", "seat": running.seat}, *moved]


def default_command(state, seat):
    """The move made for a seat out of time: its lowest card that goes on the pile, else taking a card, else a pass."""
    plays = playable(state, seat)
    if plays:
        return {"type": "play", "card": plays[0]}
    return {"type": "take"} if state.stock else {"type": "pass"}


def default_action(state, seat, rng=None):
    return handle(_SEAT_COMMANDS, state, seat, default_command(state, seat), rng)


_SEAT_COMMANDS = {
    "play": Command(_play, SEAT_TO_ACT),
    "take": Command(_take, SEAT_TO_ACT),
    "pass": Command(_pass, SEAT_TO_ACT),
}
COMMANDS = combine(
    _SEAT_COMMANDS,
    {"hurry": Command(_hurry, ANY_SEAT), "hurry_expired": Command(_hurry_expired, SYSTEM)},
    turn_clock.commands(default_action, evolve),
)


# --- what a seat sees ------------------------------------------------------------------------------


def view(state, seat):
    hurry = state.hurry
    return {
        "game": "climb",
        "seat": seat,
        "to_move": state.to_move,
        "over": state.over,
        "winner": state.winner,
        "abandoned": state.clock.abandoned,
        "options": {"hand_size": state.hand_size},
        "pile": list(state.pile),
        "top": state.pile[-1] if state.pile else None,
        "stock_count": len(state.stock),
        "passes": state.passes,
        "hurry": None
        if hurry is None
        else {"number": hurry.number, "seat": hurry.seat, "by": hurry.by, "seconds": hurry.seconds},
        "players": [_player(state, other, seat) for other in range(state.players)],
    }


def _player(state, other, viewer):
    player = {
        "seat": other,
        "hand_count": len(state.hands[other]),
        "absent": state.clock.is_absent(other),
        "with_bot": state.clock.has_bot(other),
        "resigned": other in state.clock.resigned,
    }
    if other == viewer:
        player["hand"] = list(state.hands[other])
    return player


_PUBLIC = frozenset({"played", "passed", "cleared", "won", "hurried", "hurry_ran_out"}) | turn_clock.EVENT_TYPES


def redact_event(event, seat):
    kind = event.get("type")
    if kind == "dealt":
        redacted = as_count(deal_without_other_hands(event, seat), "stock", "stock_count")
    elif kind in ("drew", "took"):
        redacted = turn_clock.with_auto(event, {"type": kind, "seat": event["seat"]})
        if event["seat"] == seat:
            redacted["card"] = event["card"]
    elif kind in _PUBLIC:
        redacted = public(event)
    else:
        raise ValueError(f"Climb has no event type {kind!r}.")
    return seal(event, redacted)


def _dealt_sentence(event):
    size = event["options"]["hand_size"]
    parts = [f"The cards are dealt to {event['players']} players, {count(size, 'card')} each"]
    parts += [f"{who(seat)} holds {faces(hand)}" for seat, hand in enumerate(event["hands"]) if hand is not None]
    return "; ".join(parts)


def _drew_sentence(event):
    return f"{who(event['seat'])} draws a card" + (f": {face(event['card'])}" if event.get("card") else "")


def _took_sentence(event):
    taken = f"{who(event['seat'])} takes a card from the stock instead of playing"
    return taken + (f": {face(event['card'])}" if event.get("card") else "")


_SENTENCES = {
    "dealt": _dealt_sentence,
    "played": lambda event: f"{who(event['seat'])} plays {face(event['card'])} on the pile",
    "drew": _drew_sentence,
    "took": _took_sentence,
    "passed": lambda event: f"{who(event['seat'])} passes",
    "cleared": lambda event: "Everyone passed: the pile is cleared",
    "won": lambda event: f"{who(event['seat'])} plays their last card and wins",
    "hurried": lambda event: f"{who(event['by'])} hurries {who(event['seat'])}: {event['seconds']} seconds to act",
    "hurry_ran_out": lambda event: f"{who(event['seat'])} took too long: the hurry runs out",
}


class ClimbEngine(Engine):
    name = "climb"
    title = "Climb"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    option_fields = (
        {
            "name": "hand_size",
            "label": f"Cards dealt to each player (blank: {HAND_SIZE})",
            "kind": "number",
            "default": None,
            "min": MIN_HAND_SIZE,
            "max": MAX_HAND_SIZE,
        },
    )
    commands = COMMANDS
    deals = {"dealt": always}

    def start(self, players, options=None, deck=None, rng=None):
        return start(players, options, deck, rng)

    def evolve(self, state, event):
        return evolve(state, event)

    def view(self, state, seat):
        return view(state, seat)

    def legal_commands(self, state, seat):
        if state is None or state.over or type(seat) is not int or not 0 <= seat < state.players:
            return []
        if seat != state.to_move:
            waiting = state.hurry is None and seat == next_seat(state, state.to_move)
            return [{"type": "hurry"}] if waiting else []
        listed = [{"type": "play", "card": code} for code in playable(state, seat)]
        if state.stock:
            return listed + [{"type": "take"}]
        return listed or [{"type": "pass"}]

    def redact_event(self, event, seat):
        return redact_event(event, seat)

    def describe(self, shown):
        return described("Climb", _SENTENCES, shown, lambda event: event["type"] in OWN_MOVES)

    def timers(self, state):
        if state is None or state.over or state.hurry is None:
            return []
        hurry = state.hurry
        return [
            {
                "key": f"hurry-{hurry.number}",
                "seconds": hurry.seconds,
                "seat": hurry.seat,
                "command": {"type": "hurry_expired", "hurry": hurry.number},
            }
        ]

    def is_over(self, state):
        return state is not None and state.over

    def progress(self, state):
        fewest = min(len(hand) for hand in state.hands)
        return f"{count(len(state.stock), 'card')} in the stock, {count(fewest, 'card')} in the shortest hand"

    def places(self, event):
        # A play's draw from the stock is part of the play: the pile it went on is the place marked.
        return {"played": ["pile"], "cleared": ["pile"], "took": ["stock"]}.get(event.get("type"), [])


engine = ClimbEngine()

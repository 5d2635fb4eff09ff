"""Turn clocks, the part every game shares: timeouts, absent seats, and the host's abandon or carry on.

The platform runs the clock (a table option, not a game option). When a turn
runs out it gives the system command ``{"type": "turn_timeout", "seat": s}``.
The game decides it into ``timed_out``, then the events of its safe default
action, each tagged ``"auto": True``, and after the third timeout in a row
``marked_absent``. While a seat is absent the host may ``abandon`` the game
(over, no winner) or ``carry_on`` (the absent seat keeps getting default
actions). The seat's own next action clears its streak and its absence.
A seated player may ``resign`` at any time (in turn or not, at any version): when at most one seat is then
left that has not resigned, the game ends and that seat wins; otherwise a bot plays the resigned seat to the
end (it is never taken back) and the seat finishes last (``Engine.standings``). Each of these events is
public and said in the log like any other.
At a turn-based table (hours or days a move) the platform gives ``{"type": "out_of_time", "seat": s}``
instead when the seat's time per move and time bank are spent: the seat forfeits, as if it had resigned
(a ``resigned`` event marked ``"out_of_time": true``; docs/rulings.md, "Turn-based tables").
The host may also hand an absent seat to a bot (``hand_to_bot``: the platform's bot plays its
turns from then on, and its actions clear the absence like the seat's own); the seat's player
takes it back with ``take_back`` (any time, in turn or not; it holds at any version, so a bot's
move just before it never makes it stale).

A game keeps a ``Clock`` as its state's ``clock`` field (beside ``players``, ``to_move`` and ``winner``), combines ``commands(default_action,
evolve)`` into its command table and supplies only its default action; this module does the rest.
Pure, like every engine.
"""

from dataclasses import dataclass, replace
from functools import reduce

from .command_table import ANY_SEAT, HOST, SYSTEM, Command
from .errors import IllegalCommand

ABSENT_AFTER = 3  # timeouts in a row that mark a seat absent

TIMEOUT = "turn_timeout"
ABANDON = "abandon"
CARRY_ON = "carry_on"
HAND_TO_BOT = "hand_to_bot"
TAKE_BACK = "take_back"
RESIGN = "resign"
OUT_OF_TIME = "out_of_time"
EVENT_TYPES = frozenset(
    {"timed_out", "marked_absent", "carried_on", "abandoned", "handed_to_bot", "taken_back", "resigned"}
)  # all public

_HOST_ENTRIES = {
    ABANDON: {
        "command": {"type": ABANDON},
        "label": "Abandon the game",
        "confirm": "A seat is absent. Abandon the game now? It ends with no winner.",
    },
    CARRY_ON: {
        "command": {"type": CARRY_ON},
        "label": "Carry on",
        "confirm": "Carry on without the absent seat? It keeps getting default actions until it acts.",
    },
}


@dataclass(frozen=True)
class Clock:
    timeouts: tuple = ()  # per seat: timeouts in a row without an own action (missing seats: 0)
    absent: frozenset = frozenset()  # seats marked absent
    carried: frozenset = frozenset()  # absent seats the host chose to carry on without
    abandoned: bool = False
    bots: frozenset = frozenset()  # seats the host handed to a bot (until their player takes them back)
    resigned: frozenset = frozenset()  # seats whose players resigned (a bot plays them unless the game ended)
    decided_by_resignation: bool = False  # every seat but one resigned: the game is over

    @property
    def ended(self):
        """Whether the clock's events ended the game (the game's ``over`` is true once this is)."""
        return self.abandoned or self.decided_by_resignation

    def has_bot(self, seat):
        return seat in self.bots

    def streak(self, seat):
        return self.timeouts[seat] if seat < len(self.timeouts) else 0

    def is_absent(self, seat):
        return seat in self.absent


# --- evolve -------------------------------------------------------------------


def timed_out(clock, seat):
    return replace(clock, timeouts=_with_streak(clock.timeouts, seat, clock.streak(seat) + 1))


def marked_absent(clock, seat):
    return replace(clock, absent=clock.absent | {seat})


def carried_on(clock, seat):
    return replace(clock, carried=clock.carried | {seat})


def abandoned(clock):
    return replace(clock, abandoned=True)


def handed_to_bot(clock, seat):
    return replace(clock, bots=clock.bots | {seat})


def taken_back(clock, seat):
    """The player is back: the bot leaves the seat, and the seat is neither absent nor on a streak."""
    return replace(
        clock,
        bots=clock.bots - {seat},
        timeouts=_with_streak(clock.timeouts, seat, 0),
        absent=clock.absent - {seat},
        carried=clock.carried - {seat},
    )


def resigned(state, event):
    """The state after ``event``: the seat resigned, and either the game is decided (the event names the
    winner) or a bot plays the seat from now on."""
    seat = event["seat"]
    clock = replace(state.clock, resigned=state.clock.resigned | {seat})
    if "winner" in event:
        return replace(state, clock=replace(clock, decided_by_resignation=True), winner=event["winner"], to_move=None)
    return replace(state, clock=replace(clock, bots=clock.bots | {seat}))


def acted(clock, seat):
    """The seat acted itself: no streak, not absent."""
    if not clock.streak(seat) and seat not in clock.absent:
        return clock
    return replace(
        clock,
        timeouts=_with_streak(clock.timeouts, seat, 0),
        absent=clock.absent - {seat},
        carried=clock.carried - {seat},
    )


def _with_streak(timeouts, seat, count):
    padded = timeouts + (0,) * (seat + 1 - len(timeouts))
    return padded[:seat] + (count,) + padded[seat + 1 :]


def _on_clock(change):
    """An evolve handler ``(state, event) -> state`` changing only the state's ``clock``."""
    return lambda state, event: replace(state, clock=change(state.clock, event))


# The evolve handlers of the clock's events, for a game's own table of handlers. ``abandoned`` and a deciding
# resignation also clear ``to_move`` (the game's ``over`` must be true once ``state.clock.ended`` is).
HANDLERS = {
    "timed_out": _on_clock(lambda clock, event: timed_out(clock, event["seat"])),
    "marked_absent": _on_clock(lambda clock, event: marked_absent(clock, event["seat"])),
    "carried_on": _on_clock(lambda clock, event: carried_on(clock, event["seat"])),
    "abandoned": lambda state, event: replace(state, clock=abandoned(state.clock), to_move=None),
    "handed_to_bot": _on_clock(lambda clock, event: handed_to_bot(clock, event["seat"])),
    "taken_back": _on_clock(lambda clock, event: taken_back(clock, event["seat"])),
    "resigned": resigned,
}


def after_event(state, event, own_actions):
    """The state after ``event`` with the streak reset if it was the seat's own action.

    ``own_actions`` are the game's event types that a seat's own command makes
    (with the acting seat under "seat"), or a function telling such an event;
    events tagged "auto" never count.
    """
    own = own_actions(event) if callable(own_actions) else event.get("type") in own_actions
    if not own or event.get("auto"):
        return state
    clock = acted(state.clock, event["seat"])
    return state if clock is state.clock else replace(state, clock=clock)


# --- decide -------------------------------------------------------------------


def commands(default_action, evolve):
    """The turn clock's command table, to combine into a game's: the system's turn timeout, the host's
    abandon, carry on and hand-over to a bot, and a seat's taking it back or resigning (the game checks that
    it runs before a handler is called).

    ``default_action(state, seat, rng)`` returns the events of the game's safe
    default action; ``evolve`` is the game's.
    """

    def timeout(state, seat, command, rng):
        return _timeout(state, command, default_action, evolve, rng)

    return {
        TIMEOUT: Command(timeout, SYSTEM),
        ABANDON: Command(_abandon, HOST),
        CARRY_ON: Command(_carry_on, HOST),
        HAND_TO_BOT: Command(_hand_to_bot, HOST),
        TAKE_BACK: Command(_take_back, ANY_SEAT, any_version=True),
        RESIGN: Command(_resign, ANY_SEAT, any_version=True),
        OUT_OF_TIME: Command(_out_of_time, SYSTEM),
    }


def _timeout(state, command, default_action, evolve, rng):
    """A stale timeout (not that seat's turn any more) is refused."""
    seat = command.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or seat != state.to_move:
        raise IllegalCommand(f"Seat {seat!r} is not the seat to act; that turn is over.")
    events = [{"type": "timed_out", "seat": seat}]
    events += [{**event, "auto": True} for event in default_action(state, seat, rng)]
    after = reduce(evolve, events, state)
    if not after.over and after.clock.streak(seat) >= ABSENT_AFTER and seat not in after.clock.absent:
        events.append({"type": "marked_absent", "seat": seat})
    return events


def _abandon(state, seat, command, rng):
    _require_absent(state.clock, "abandon the game")
    return [{"type": "abandoned"}]


def _carry_on(state, seat, command, rng):
    return [{"type": "carried_on", "seat": absent} for absent in _not_carried(state.clock)]


def _hand_to_bot(state, seat, command, rng):
    handed = command.get("seat")
    if isinstance(handed, bool) or not isinstance(handed, int):
        raise IllegalCommand('Name the absent seat to hand to a bot: {"type": "hand_to_bot", "seat": 1}.')
    if handed not in state.clock.absent:
        raise IllegalCommand(
            f"Only a seat marked absent (after {ABSENT_AFTER} turn timeouts in a row) can be "
            f"handed to a bot, and {seat_in_text(handed)} is not."
        )
    if handed in state.clock.bots:
        raise IllegalCommand("A bot already plays that seat.")
    return [{"type": "handed_to_bot", "seat": handed}]


def _take_back(state, seat, command, rng):
    if seat in state.clock.resigned:
        raise IllegalCommand("You resigned or ran out of time, so the bot plays your seat to the end.")
    if seat not in state.clock.bots:
        raise IllegalCommand("No bot plays your seat, so there is nothing to take back.")
    return [{"type": "taken_back", "seat": seat}]


def _resign(state, seat, command, rng):
    if seat in state.clock.resigned:
        raise IllegalCommand("You have resigned already.")
    return [_resignation(state, seat)]


def _out_of_time(state, seat, command, rng):
    """A turn-based table's time ran out for the seat to act: it forfeits. A stale one is refused."""
    timed = command.get("seat")
    if isinstance(timed, bool) or not isinstance(timed, int) or timed != state.to_move:
        raise IllegalCommand(f"Seat {timed!r} is not the seat to act; that turn is over.")
    if timed in state.clock.resigned or timed in state.clock.bots:
        raise IllegalCommand("A bot plays that seat already, so its time does not run.")
    return [{**_resignation(state, timed), "out_of_time": True}]


def _resignation(state, seat):
    """``seat`` leaves the game: its ``resigned`` event, naming the winner when one seat is left."""
    resigned = {"type": "resigned", "seat": seat}
    left = _still_playing(state, seat)
    return {**resigned, "winner": left[0]} if len(left) == 1 else resigned


def _still_playing(state, seat):
    """The seats other than ``seat`` that have not resigned."""
    return [other for other in range(state.players) if other != seat and other not in state.clock.resigned]


def _require_absent(clock, what):
    if not clock.absent:
        raise IllegalCommand(
            f"No seat is absent, so you cannot {what}: a seat is absent after {ABSENT_AFTER} turn timeouts in a row."
        )


def _not_carried(clock):
    _require_absent(clock, "carry on without one")
    waiting = sorted(clock.absent - clock.carried)
    if not waiting:
        raise IllegalCommand("Play already carries on without every absent seat.")
    return waiting


# --- views and host commands -----------------------------------------------------


def host_entries(clock):
    """The host's abandon and carry on entries (like an engine's ``host_commands``) that apply now."""
    if clock is None or clock.abandoned or not clock.absent:
        return []
    entries = [_HOST_ENTRIES[ABANDON]]
    if clock.absent - clock.carried:
        entries.append(_HOST_ENTRIES[CARRY_ON])
    entries = [dict(entry, command=dict(entry["command"])) for entry in entries]
    return entries + [_hand_over_entry(seat) for seat in sorted(clock.absent - clock.bots)]


def seat_in_text(seat):
    """How a sentence names a seat, as base.seat_in_text does (base imports this module)."""
    return f"{{seat:{seat}}}"


def _hand_over_entry(seat):
    return {
        "command": {"type": HAND_TO_BOT, "seat": seat},
        "label": f"Let a bot play for {seat_in_text(seat)}",
        "confirm": f"Hand {seat_in_text(seat)}'s seat to a bot? The bot plays its turns until the player takes it back.",
    }


def seat_entries(state, seat):
    """The turn clock's commands a seat may give now, like ``host_entries``: taking its seat back from a bot,
    and resigning (asked to confirm, in words that say what follows)."""
    clock = state.clock
    if clock.ended or seat in clock.resigned:
        return []
    take_back = {"command": {"type": TAKE_BACK}, "label": "Take my seat back from the bot", "confirm": ""}
    return ([take_back] if seat in clock.bots else []) + [_resign_entry(state, seat)]


def _resign_entry(state, seat):
    left = _still_playing(state, seat)
    if len(left) == 1:
        confirm = f"Resign? The game ends now and {seat_in_text(left[0])} wins."
    else:
        confirm = "Resign? A bot plays your seat to the end of the game, and you finish last."
    return {"command": {"type": RESIGN}, "label": "Resign", "confirm": confirm}


def with_auto(event, redacted):
    """A redacted event keeps the "auto" tag of the event it hides."""
    if event.get("auto"):
        redacted["auto"] = True
    return redacted

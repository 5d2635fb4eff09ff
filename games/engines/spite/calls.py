"""Commands any seated player may give out of turn: calling misplay on the play open to a call,
and starting a countdown on the seat to act (with the system's command when it runs out)."""

from ..base import seat_in_text
from ..errors import IllegalCommand
from ..tuples import without
from .evolve import evolve, rewound
from .misplays import called_words
from .opening import may_open, next_ask
from .state import OPENING
from .trick import next_active
from .turns import barred_pass, move_on, passing

COUNTDOWN_SECONDS = 5
NO_COUNTDOWN_TURN_BASED = "There is no countdown at a turn-based table: each move has the table's time per move."
PENALTY_SKIPS = 1  # one misplay, one turn to skip


def call_misplay(state, seat, command, rng):
    if not state.options.table_mode:
        raise IllegalCommand("This match is played strict: illegal plays are refused, so there is nothing to call.")
    play = command.get("play")
    if isinstance(play, bool) or not isinstance(play, int):
        raise IllegalCommand('"play" must be the number of the play you call misplay on.')
    window = state.window
    if window is None or window.play != play:
        raise IllegalCommand(
            "That play is not open to a call: only the latest play is, until the next play is made or the trick ends."
        )
    if seat == window.seat:
        raise IllegalCommand("You cannot call misplay on your own play.")
    if seat in window.callers:
        raise IllegalCommand("You already called misplay on that play.")
    called = _judgement(state, seat, window)
    after = evolve(state, called)
    if not called["correct"]:
        return [called] + move_on(after)
    if after.phase == OPENING:
        return [called] + _next_ask_if_nobody_opens(after)
    if window.kind == "reward":
        return [called] + move_on(after)
    return [called] + barred_pass(after, window.seat)


def _judgement(state, caller, window):
    """The ``misplay_called`` event: right or wrong, with the rule, the sentence and the penalties."""
    correct = window.misplay is not None
    event = {
        "type": "misplay_called",
        "ruling": len(state.rulings) + 1,
        "play": window.play,
        "caller": caller,
        "seat": window.seat,
        "correct": correct,
        "skips": PENALTY_SKIPS,
    }
    if correct:
        # The fake jokers held when misplaying: a called play's face-up fakes come back to the seat first.
        restored = rewound(state) if window.kind == "play" else state
        held = restored.fakes[window.seat]
        from_pile = [] if held else list(restored.fake_pile[:1])
        # With the pile exhausted, the fake joker earned is the next card of the deck (the cards the
        # misplayer saw are discarded first).
        from_deck = [] if held or from_pile else list(without(restored.deck, window.seen)[:1])
        event.update(
            rule=window.misplay.rule,
            text=window.misplay.text,
            fakes=list(held),
            from_pile=from_pile,
            from_deck=from_deck,
            discarded=list(window.seen),
            barred=window.kind == "play",
        )
    else:
        event.update(
            rule="wrong_call",
            text=_wrong_call_text(state, window, caller),
            fakes=list(state.fakes[caller]),
            from_pile=[],
            from_deck=[],
            discarded=[],
            barred=window.kind == "play" and caller not in state.places,
        )  # an open play: a trick runs
    return event


def _wrong_call_text(state, window, caller):
    """ "Wrong call by {seat:1}: {seat:2}'s single 5 kept the rules. ..." (the platform puts in the names)."""
    verdict = "was right" if window.kind == "reward" else "kept the rules"
    return (
        f"Wrong call by {seat_in_text(caller)}: {seat_in_text(window.seat)}'s {called_words(state, window)} "
        f"{verdict}. A wrong call is a misplay."
    )


def _next_ask_if_nobody_opens(state):
    if any(may_open(state, other) for other in range(state.players)):
        return []
    return [next_ask(state)]


# --- the countdown ------------------------------------------------------------


def start_countdown(state, seat, command, rng):
    why = _countdown_refusal(state, seat)
    if why:
        raise IllegalCommand(why)
    target = state.to_move
    return [
        {
            "type": "countdown_started",
            "countdown": state.countdowns + 1,
            "seat": target,
            "by": seat,
            "seconds": COUNTDOWN_SECONDS + state.picked_up[target],
        }
    ]


def may_start_countdown(state, seat):
    return _countdown_refusal(state, seat) is None


def _countdown_refusal(state, seat):
    target = state.to_move
    if state.options.turn_based:  # RULINGS, Turn-based tables: the table's time per move replaces it
        return NO_COUNTDOWN_TURN_BASED
    if state.countdown is not None:
        return "A countdown is already running."
    if state.phase == OPENING or target is None or state.reward is not None or not state.trick.plays:
        return "A countdown runs only on a seat that could pass, and nobody can pass now."
    if seat == target:
        return "It is your turn: the countdown is for the other players to start on you."
    return None


def countdown_expired(state, seat, command, rng):
    """The timer job: the countdown ran out without a play, so its seat has passed."""
    number = command.get("countdown")
    countdown = state.countdown
    if countdown is None or countdown.number != number:
        raise IllegalCommand(f"Countdown {number!r} is not running any more; the turn has moved on.")
    timed = countdown.seat
    return passing(state, {"type": "passed", "seat": timed, "next": next_active(state, timed), "countdown": number})

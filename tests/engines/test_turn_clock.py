"""The shared turn-clock logic (games/engines/turn_clock.py) and the engine hooks in base.py,
on a tiny game of its own: a state with a seat to move, a clock and an ``over`` flag, whose
command table is one seat's command combined with the turn clock's."""

from dataclasses import dataclass, replace
from functools import reduce

import pytest

from games.engines import GAMES, IllegalCommand, get_engine, turn_clock
from games.engines.base import HOST, SEAT_TO_ACT, SYSTEM, Command, Engine, RulesEngine, combine
from games.engines.turn_clock import Clock


@dataclass(frozen=True)
class Tiny:
    """Seats take turns; the default action is a "moved" event, the own action too."""

    players: int = 3
    to_move: int | None = 0
    done: bool = False
    clock: Clock = Clock()

    @property
    def over(self):
        return self.done or self.clock.abandoned


def _moved(state, event):
    return replace(state, to_move=(event["seat"] + 1) % state.players)


def _finished(state, event):
    return replace(state, done=True, to_move=None)


APPLY = {"moved": _moved, "finished": _finished, **turn_clock.HANDLERS}


def evolve(state, event):
    return turn_clock.after_event(APPLY[event["type"]](state, event), event, {"moved"})


def default_action(state, seat, rng):
    return [{"type": "moved", "seat": seat}]


def move(state, seat, command, rng):
    return [{"type": "moved", "seat": seat}]


def end_match(state, seat, command, rng):
    return [{"type": "finished"}]


class TinyEngine(Engine):
    title = "Tiny"
    host_commands = ({"command": {"type": "end_match"}, "label": "End", "confirm": "End?"},)

    def __init__(self, default=default_action):
        self.commands = combine(
            {"move": Command(move, SEAT_TO_ACT), "end_match": Command(end_match, HOST)},
            turn_clock.commands(default, evolve),
        )

    def evolve(self, state, event):
        return evolve(state, event)

    def is_over(self, state):
        return state is not None and state.over


def decide(state, command, engine=TinyEngine()):
    """The command as the system or the host gives it (seat None)."""
    return engine.decide(state, None, command)


def timeout(state, seat=None):
    seat = state.to_move if seat is None else seat
    events = decide(state, {"type": "turn_timeout", "seat": seat})
    return events, reduce(evolve, events, state)


def kinds(events):
    return [event["type"] for event in events]


# --- the timeout --------------------------------------------------------------------


def test_a_timeout_is_timed_out_then_the_default_action_tagged_auto():
    events, state = timeout(Tiny())
    assert events == [{"type": "timed_out", "seat": 0}, {"type": "moved", "seat": 0, "auto": True}]
    assert state.to_move == 1 and state.clock.streak(0) == 1 and state.clock.streak(2) == 0


def test_the_third_timeout_in_a_row_marks_the_seat_absent_once():
    state = Tiny(players=1)
    for expected in (
        ["timed_out", "moved"],
        ["timed_out", "moved"],
        ["timed_out", "moved", "marked_absent"],
        ["timed_out", "moved"],
    ):
        events, state = timeout(state)
        assert kinds(events) == expected
    assert state.clock.absent == {0} and state.clock.streak(0) == 4


def test_other_seats_timeouts_do_not_count_towards_a_seats_streak():
    state = Tiny(players=2)
    for _ in range(2):
        _, state = timeout(state)  # seat 0
        _, state = timeout(state)  # seat 1
    assert state.clock.timeouts == (2, 2) and not state.clock.absent


def test_an_own_action_clears_the_streak_and_the_absence():
    state = Tiny(players=1, clock=Clock(timeouts=(5,), absent=frozenset({0}), carried=frozenset({0})))
    state = evolve(state, {"type": "moved", "seat": 0})
    assert state.clock == Clock(timeouts=(0,))


def test_an_auto_event_is_no_own_action():
    state = Tiny(players=1, clock=Clock(timeouts=(2,)))
    assert evolve(state, {"type": "moved", "seat": 0, "auto": True}).clock.streak(0) == 2


def test_own_actions_may_be_told_by_a_function():
    """Spite: a pass the countdown forced is no own action, though it is a "passed" event."""

    def own(event):
        return event["type"] == "passed" and "countdown" not in event

    state = Tiny(players=1, clock=Clock(timeouts=(2,)))
    assert turn_clock.after_event(state, {"type": "passed", "seat": 0, "countdown": 3}, own) is state
    assert turn_clock.after_event(state, {"type": "passed", "seat": 0}, own).clock.streak(0) == 0


def test_a_seat_beyond_the_clocks_tuple_counts_from_zero():
    """A seat that joined late (Spite) has no entry yet."""
    clock = turn_clock.timed_out(Clock(timeouts=(1,)), 3)
    assert clock.timeouts == (1, 0, 0, 1) and clock.streak(7) == 0


def test_a_default_action_that_ends_the_game_marks_nobody_absent():
    def finishing(state, seat, rng):
        return [{"type": "finished"}]

    state = Tiny(players=1, clock=Clock(timeouts=(2,)))
    events = decide(state, {"type": "turn_timeout", "seat": 0}, TinyEngine(finishing))
    assert kinds(events) == ["timed_out", "finished"]


@pytest.mark.parametrize("seat", [1, None, True, "0", -1])
def test_a_timeout_for_a_seat_not_to_act_is_stale(seat):
    with pytest.raises(IllegalCommand, match="not the seat to act"):
        decide(Tiny(), {"type": "turn_timeout", "seat": seat})


def test_a_timeout_after_the_game_is_over_or_before_it_starts_is_refused():
    with pytest.raises(IllegalCommand, match="over"):
        decide(Tiny(done=True), {"type": "turn_timeout", "seat": 0})
    with pytest.raises(IllegalCommand, match="not started"):
        decide(None, {"type": "turn_timeout", "seat": 0})


def test_a_seats_command_given_with_no_seat_is_refused():
    with pytest.raises(IllegalCommand, match="no system or host command"):
        decide(Tiny(), {"type": "move"})


def test_the_clocks_commands_are_the_systems_and_the_hosts_and_a_seat_may_give_none_of_them():
    engine = TinyEngine()
    assert {kind: engine.sender_of({"type": kind}) for kind in ("turn_timeout", "abandon", "carry_on")} == {
        "turn_timeout": SYSTEM,
        "abandon": HOST,
        "carry_on": HOST,
    }
    state = Tiny(clock=Clock(timeouts=(3, 0, 0), absent=frozenset({0})))
    for command in ({"type": "turn_timeout", "seat": 0}, {"type": "abandon"}, {"type": "carry_on"}):
        with pytest.raises(IllegalCommand):
            engine.decide(state, 0, command)


def test_a_game_cannot_declare_a_command_the_clock_has():
    with pytest.raises(ValueError, match="abandon"):
        combine({"abandon": Command(default_action, SEAT_TO_ACT)}, turn_clock.commands(default_action, evolve))


# --- abandon and carry on -----------------------------------------------------------

ABSENT = Clock(timeouts=(3, 0, 0), absent=frozenset({0}))


@pytest.mark.parametrize("kind", ["abandon", "carry_on"])
def test_abandon_and_carry_on_are_refused_while_nobody_is_absent(kind):
    with pytest.raises(IllegalCommand, match="No seat is absent"):
        decide(Tiny(clock=Clock(timeouts=(2, 2, 2))), {"type": kind})


def test_abandon_ends_the_game_with_nobody_to_move():
    state = Tiny(clock=ABSENT)
    events = decide(state, {"type": "abandon"})
    assert events == [{"type": "abandoned"}]
    state = reduce(evolve, events, state)
    assert state.over and state.to_move is None and state.clock.abandoned
    with pytest.raises(IllegalCommand, match="over"):
        decide(state, {"type": "turn_timeout", "seat": 0})


def test_carry_on_names_each_absent_seat_once_and_then_is_refused():
    state = Tiny(clock=replace(ABSENT, absent=frozenset({0, 2})))
    events = decide(state, {"type": "carry_on"})
    assert events == [{"type": "carried_on", "seat": 0}, {"type": "carried_on", "seat": 2}]
    state = reduce(evolve, events, state)
    assert not state.over and state.clock.carried == {0, 2}
    with pytest.raises(IllegalCommand, match="already carries on"):
        decide(state, {"type": "carry_on"})
    assert decide(state, {"type": "abandon"}) == [{"type": "abandoned"}]  # abandon stays possible


def test_the_host_entries_follow_the_absent_seats():
    assert turn_clock.host_entries(None) == [] and turn_clock.host_entries(Clock()) == []
    assert [entry["command"] for entry in turn_clock.host_entries(ABSENT)] == [
        {"type": "abandon"},
        {"type": "carry_on"},
        {"type": "hand_to_bot", "seat": 0},
    ]
    carried = replace(ABSENT, carried=frozenset({0}))
    assert [entry["command"] for entry in turn_clock.host_entries(carried)] == [
        {"type": "abandon"},
        {"type": "hand_to_bot", "seat": 0},
    ]
    botted = replace(carried, bots=frozenset({0}))
    assert [entry["command"] for entry in turn_clock.host_entries(botted)] == [{"type": "abandon"}]
    assert turn_clock.host_entries(replace(ABSENT, abandoned=True)) == []
    for entry in turn_clock.host_entries(ABSENT):
        assert set(entry) == {"command", "label", "confirm"} and entry["label"] and entry["confirm"]


# --- the engine hooks in base.py ------------------------------------------------------


def test_host_commands_now_adds_abandon_and_carry_on_while_a_seat_is_absent():
    engine = TinyEngine()
    assert engine.host_commands_now(None) == []
    assert engine.host_commands_now(Tiny()) == list(TinyEngine.host_commands)
    assert [entry["command"]["type"] for entry in engine.host_commands_now(Tiny(clock=ABSENT))] == [
        "end_match",
        "abandon",
        "carry_on",
        "hand_to_bot",
    ]
    assert engine.host_commands_now(Tiny(done=True, clock=ABSENT)) == []
    assert {kind for kind in ("end_match", "abandon", "carry_on") if engine.sender_of({"type": kind}) == HOST} == {
        "end_match",
        "abandon",
        "carry_on",
    }


def test_timers_default_to_none():
    assert TinyEngine().timers(Tiny()) == []


def test_a_rules_engine_routes_timers_and_host_commands_now_to_its_legal_module():
    class Legal:
        @staticmethod
        def timers(state):
            return [{"key": "countdown-1", "seconds": 5, "command": {"type": "countdown_expired", "countdown": 1}}]

        @staticmethod
        def host_commands_now(state, host_commands):
            return [*host_commands, "extra"]

    engine = RulesEngine(deal=None, evolve=None, decide=None, view=None, legal=Legal)
    assert engine.timers(Tiny())[0]["key"] == "countdown-1"
    assert engine.timers(None) == []
    assert engine.host_commands_now(Tiny()) == ["extra"]


@pytest.mark.parametrize("game", ["spank", "spite_and_malice"])
def test_the_games_without_timers_of_their_own_list_none(game):
    engine = get_engine(game)
    state = engine.fold(engine.start(2))
    assert engine.timers(state) == []
    assert engine.host_commands_now(state) == list(engine.host_commands)


# --- handing an absent seat to a bot, and taking it back ------------------------------------------


def test_the_host_may_hand_only_an_absent_seat_to_a_bot():
    with pytest.raises(IllegalCommand, match=r"Only a seat marked absent .* and seat 1 is not"):
        decide(Tiny(clock=ABSENT), {"type": "hand_to_bot", "seat": 1})
    with pytest.raises(IllegalCommand, match="Name the absent seat"):
        decide(Tiny(clock=ABSENT), {"type": "hand_to_bot", "seat": True})
    with pytest.raises(IllegalCommand, match="host"):
        TinyEngine().decide(Tiny(clock=ABSENT), 1, {"type": "hand_to_bot", "seat": 0})
    events = decide(Tiny(clock=ABSENT), {"type": "hand_to_bot", "seat": 0})
    assert events == [{"type": "handed_to_bot", "seat": 0}]
    state = reduce(evolve, events, Tiny(clock=ABSENT))
    assert state.clock.has_bot(0) and state.clock.is_absent(0)
    with pytest.raises(IllegalCommand, match="already plays"):
        decide(state, {"type": "hand_to_bot", "seat": 0})


def test_a_bots_moves_clear_the_absence_but_keep_the_bot_until_the_player_takes_the_seat_back():
    engine = TinyEngine()
    state = reduce(evolve, decide(Tiny(clock=ABSENT), {"type": "hand_to_bot", "seat": 0}), Tiny(clock=ABSENT))
    assert engine.seat_commands_now(state, 0)[0] == (
        {"command": {"type": "take_back"}, "label": "Take my seat back from the bot", "confirm": ""}
    )
    assert [entry["command"]["type"] for entry in engine.seat_commands_now(state, 0)] == ["take_back", "resign"]
    assert [entry["command"]["type"] for entry in engine.seat_commands_now(state, 1)] == ["resign"]
    state = reduce(evolve, engine.decide(state, 0, {"type": "move"}), state)  # the bot plays seat 0
    assert not state.clock.is_absent(0) and state.clock.has_bot(0)
    with pytest.raises(IllegalCommand, match="nothing to take back"):
        engine.decide(state, 1, {"type": "take_back"})
    events = engine.decide(state, 0, {"type": "take_back"})  # out of turn: seat 1 is to move
    assert events == [{"type": "taken_back", "seat": 0}]
    state = reduce(evolve, events, state)
    assert not state.clock.has_bot(0)
    assert [entry["command"]["type"] for entry in engine.seat_commands_now(state, 0)] == ["resign"]


@pytest.mark.parametrize("game", GAMES)
def test_only_taking_a_seat_back_and_resigning_hold_at_any_version(game):
    """They name nothing their sender saw, so a bot's move just before cannot make them stale; every move does."""
    engine = get_engine(game)
    assert [kind for kind in engine.commands if engine.holds_at_any_version({"type": kind})] == ["take_back", "resign"]
    for command in (None, {}, {"type": 1}, {"type": "fly"}, "take_back", "resign"):
        assert not engine.holds_at_any_version(command)


def test_taking_a_seat_back_clears_its_absence_and_streak():
    state = reduce(
        evolve,
        [{"type": "handed_to_bot", "seat": 0}, {"type": "taken_back", "seat": 0}],
        Tiny(clock=replace(ABSENT, carried=frozenset({0}))),
    )
    assert state.clock.streak(0) == 0 and not state.clock.absent and not state.clock.carried
    assert turn_clock.host_entries(state.clock) == []

"""Turn clocks in Spite & Malice: the default action of a timed-out turn, absent seats, abandon and
carry on, stale timeouts, redaction and replay."""

import json
import random

import pytest
from sm_helpers import cards, choose, kinds

from games.engines.turn_clock import Clock

FULL_ROW = "QC | QD | QH | QS"


def clock_with(*streaks, absent=()):
    """A turn clock with these timeouts in a row per seat, and these seats absent."""
    return Clock(timeouts=tuple(streaks), absent=frozenset(absent))


def timeout(seat):
    return {"type": "turn_timeout", "seat": seat}


def time_out(act, state, seat=None):
    return act(state, None, timeout(state.to_move if seat is None else seat))


def first_end_turn(engine, state, seat):
    return next(command for command in engine.legal_commands(state, seat) if command["type"] == "end_turn")


def assert_auto(events):
    assert events[0]["type"] == "timed_out" and "auto" not in events[0]
    assert all(event.get("auto") is True for event in events[1:] if event["type"] != "marked_absent")


# --- the default action -------------------------------------------------------------------


def test_a_timeout_ends_the_turn_with_the_first_legal_end_of_turn(engine, act, position):
    state = position(["9C 5D 7H 8S 10H", "2H"])
    expected = first_end_turn(engine, state, 0)
    events, after = time_out(act, state)
    assert kinds(events) == ["timed_out", "turn_ended", "drew"]
    assert_auto(events)
    ended = events[1]
    assert ended["fills"] == expected["fills"] == []
    assert ended["discard"] == expected["discard"] == {"card": "10H", "pile": 0}
    assert after.to_move == 1 and after.discards[0][0] == ("QC", "10H")
    assert after.hands[0] == cards("9C 5D 7H 8S")


def test_a_forced_ace_in_hand_is_played_before_the_turn_ends(engine, act, position):
    state = position(["AS 9C 5D AH", "2H"])
    events, after = time_out(act, state)
    assert kinds(events) == ["timed_out", "played", "played", "turn_ended", "drew"]
    assert_auto(events)
    assert [(event["card"], event["to"]) for event in events[1:3]] == [("AH", 0), ("AS", 1)]
    assert after.play_piles[:2] == (("AH",), ("AS",)) and after.to_move == 1


def test_a_forced_ace_on_the_win_pile_is_played_and_the_next_win_card_turned(act, position):
    state = position(["9C 5D", "2H"], win=["AH 7D", "KH"])
    events, after = time_out(act, state)
    assert kinds(events) == ["timed_out", "played", "win_turned", "turn_ended", "drew"]
    assert events[1]["from"] == "win" and after.win_piles[0] == ("7D",)


def test_a_forced_ace_that_is_the_last_win_card_wins_and_nobody_is_marked_absent(engine, act, position):
    state = position(["9C 5D", "2H"], win=["AH", "KH"], clock=clock_with(2, 0))
    events, after = time_out(act, state)
    assert kinds(events) == ["timed_out", "played", "won"]
    assert after.over and after.winner == 0 and not after.clock.absent


def test_an_empty_hand_draws_then_ends_the_turn(act, position):
    state = position(["", "2H"], draw="9C 9D 9H 9S 8C 8D 8H 8S 7C 7D")
    events, after = time_out(act, state)
    assert kinds(events) == ["timed_out", "drew", "turn_ended", "drew"]
    assert events[1]["seat"] == 0 and events[1]["cards"] == ["9C", "9D", "9H", "9S", "8C"]
    assert events[2]["discard"] == {"card": "8C", "pile": 0}
    assert after.to_move == 1


def test_an_empty_hand_with_nothing_to_draw_ends_the_turn_with_nothing(act, position):
    state = position(["", "2H"], draw="")
    events, after = time_out(act, state)
    assert kinds(events) == ["timed_out", "turn_ended", "drew"]
    assert events[1]["fills"] == [] and events[1]["discard"] is None
    assert after.to_move == 1


def test_a_short_hand_with_nothing_to_draw_fills_what_it_can(act, position):
    state = position(["9C", "2H"], discards=[" | QD | QH | QS", FULL_ROW], draw="")
    events, after = time_out(act, state)
    assert events[1]["fills"] == [{"card": "9C", "pile": 0}] and events[1]["discard"] is None
    assert after.discards[0][0] == ("9C",) and after.hands[0] == ()


def test_a_short_hand_that_may_draw_draws_fills_and_discards(act, position):
    state = position(["9C", "2H"], discards=[" | QD | QH | QS", FULL_ROW])
    events, after = time_out(act, state)
    assert kinds(events) == ["timed_out", "drew", "turn_ended", "drew"]
    assert len(events[2]["fills"]) == 1 and events[2]["discard"] is not None


def test_the_timeout_leaves_the_given_state_alone_and_legal_commands_list_no_system_commands(engine, position):
    state = position(["9C 5D 7H 8S 10H", "2H"])
    before = repr(state)
    engine.decide(state, None, timeout(0), rng=random.Random(0))
    assert repr(state) == before
    listed = {command["type"] for seat in (0, 1) for command in engine.legal_commands(state, seat)}
    assert listed.isdisjoint({"turn_timeout", "abandon", "carry_on"})


# --- stale timeouts -------------------------------------------------------------------------


def test_a_timeout_for_a_seat_whose_turn_is_over_is_refused(position, refused):
    state = position(["9C 5D", "2H"])
    refused(state, None, timeout(1), "not the seat to act")


def test_a_timeout_after_the_game_ended_is_refused(act, position, refused):
    state = position(["9C 5D", "2H"], win=["AH", "KH"])
    _, over = act(state, 0, {"type": "play", "from": "win", "to": 0})
    assert over.over
    refused(over, None, timeout(0), "over")


def test_other_commands_without_a_seat_are_still_refused(position, refused):
    refused(position(["9C 5D", "2H"]), None, {"type": "end_turn"}, "no system or host command")


# --- absent seats -------------------------------------------------------------------------


def test_three_timeouts_in_a_row_mark_a_seat_absent(engine, act, position):
    state = position(["9C 5D 7H 8S 10H", "9D 5C 7S 8H 10D"])
    for round_ in range(3):
        events, state = time_out(act, state)  # seat 0
        assert ("marked_absent" in kinds(events)) == (round_ == 2)
        _, state = time_out(act, state)  # seat 1
    assert events[-1] == {"type": "marked_absent", "seat": 0}
    assert state.clock.absent == {0, 1}
    view = engine.view(state, None)
    assert [player["absent"] for player in view["players"]] == [True, True]
    assert view["abandoned"] is False and view["over"] is False
    assert [entry["command"] for entry in engine.host_commands_now(state)] == [
        {"type": "abandon"},
        {"type": "carry_on"},
        {"type": "hand_to_bot", "seat": 0},
        {"type": "hand_to_bot", "seat": 1},
    ]


def test_an_own_play_resets_the_streak_and_the_absence(engine, act, position):
    state = position(["9C 2S 7H 8S 10H", "2H"], play="AS | | | ", clock=clock_with(4, absent=[0]))
    events, state = act(state, 0, {"type": "play", "from": "hand", "card": "2S", "to": 0})
    assert state.clock.streak(0) == 0 and not state.clock.absent
    assert engine.view(state, 1)["players"][0]["absent"] is False
    assert engine.host_commands_now(state) == []


def test_an_own_end_of_turn_resets_the_streak(act, position):
    state = position(["9C 5D 7H 8S 10H", "2H"], clock=clock_with(2))
    _, state = act(state, 0, {"type": "end_turn", "discard": {"card": "9C", "pile": 1}})
    assert state.clock.streak(0) == 0


def test_an_own_draw_alone_does_not_reset_the_streak(act, position):
    """A drawn start of turn comes from the seat before, so "drew" never counts as an own action."""
    state = position(["", "2H"], clock=clock_with(2))
    _, state = act(state, 0, {"type": "draw"})
    assert state.clock.streak(0) == 2


def test_the_next_seats_start_of_turn_draw_does_not_reset_its_streak(act, position):
    state = position(["9C 5D 7H 8S 10H", "2H"], clock=clock_with(0, 2))
    events, state = act(state, 0, {"type": "end_turn", "discard": {"card": "9C", "pile": 1}})
    assert events[-1]["type"] == "drew" and events[-1]["seat"] == 1
    assert state.clock.streak(1) == 2


# --- abandon and carry on -------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["abandon", "carry_on"])
def test_the_host_may_not_abandon_or_carry_on_while_nobody_is_absent(kind, position, refused):
    state = position(["9C 5D", "2H"], clock=clock_with(2, 2))
    refused(state, None, {"type": kind}, "no seat is absent")


def test_abandon_ends_the_game_with_no_winner(engine, act, position):
    state = position(["9C 5D", "2H"], clock=clock_with(3, absent=[0]))
    events, state = act(state, None, {"type": "abandon"})
    assert events == [{"type": "abandoned"}]
    view = engine.view(state, 1)
    assert view["over"] and view["abandoned"] and view["winner"] is None and view["to_move"] is None
    assert view["result"] == "abandoned"
    assert engine.is_over(state) and engine.legal_commands(state, 0) == [] == engine.legal_commands(state, 1)
    assert engine.host_commands_now(state) == []


def test_carry_on_keeps_the_absent_seat_playing_by_default(engine, act, position):
    state = position(["9C 5D 7H 8S 10H", "9D 5C 7S 8H 10D"], clock=clock_with(3, absent=[0]))
    events, state = act(state, None, {"type": "carry_on"})
    assert events == [{"type": "carried_on", "seat": 0}]
    assert [entry["command"]["type"] for entry in engine.host_commands_now(state)] == ["abandon", "hand_to_bot"]
    events, state = time_out(act, state)
    assert kinds(events) == ["timed_out", "turn_ended", "drew"]  # no second marked_absent
    assert state.clock.absent == {0} and not state.over


# --- what the table sees ----------------------------------------------------------------------


def test_the_clock_events_are_public_and_an_auto_draw_stays_tagged(engine, act, position):
    state = position(["", "2H"], clock=clock_with(2))
    events, _ = time_out(act, state)
    assert kinds(events) == ["timed_out", "drew", "turn_ended", "drew", "marked_absent"]
    for seat in (None, 0, 1):
        redacted = [engine.redact_event(event, seat) for event in events]
        assert redacted[0] == events[0] and redacted[-1] == events[-1]
        assert all(event.get("auto") for event in redacted[1:4])
        json.dumps(redacted)
    assert "cards" not in engine.redact_event(events[1], 1)
    assert engine.redact_event(events[1], 0)["cards"] == events[1]["cards"]
    for event in ({"type": "abandoned"}, {"type": "carried_on", "seat": 0}):
        assert engine.redact_event(event, None) == event


def test_out_of_time_is_said_of_the_clocks_end_of_turn_not_of_the_next_seats_draw(engine, act, position):
    events, _ = time_out(act, position(["9C 5D 7H 8S 10H", "2H"]))
    assert kinds(events) == ["timed_out", "turn_ended", "drew"] and events[2]["seat"] == 1
    for seat in (None, 0, 1):
        ended, drawn = (engine.describe_event(event, seat) for event in events[1:])
        assert ended.endswith("ends the turn (out of time)")
        assert drawn.startswith("{seat:1} draws") and "out of time" not in drawn


# --- replay -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_replay_of_a_game_with_timeouts_equals_evolving_step_by_step(engine, seed):
    """Seats time out at random (some often enough to be marked absent); folding the whole log gives
    the state reached one decision at a time, and every view stays JSON-safe."""
    rng = random.Random(seed)
    log = engine.start(2 + seed % 3, rng=random.Random(seed))
    state = engine.fold(log)
    lazy = {0}  # seat 0 nearly always times out
    for _ in range(400):
        if state.over:
            break
        seat = state.to_move
        if rng.random() < (0.9 if seat in lazy else 0.2):
            events = engine.decide(state, None, timeout(seat), rng=rng)
        else:
            events = engine.decide(state, seat, choose(rng, engine.legal_commands(state, seat)), rng=rng)
        for event in events:
            state = engine.evolve(state, event)
        log += events
        for viewer in (None, *range(state.players)):
            json.dumps(engine.view(state, viewer))
    assert engine.fold(log) == state
    assert any(event["type"] == "marked_absent" for event in log)
    assert any(event["type"] == "timed_out" for event in log)

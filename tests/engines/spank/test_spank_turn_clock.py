"""Turn clocks in Spank!: the default action of a timed-out turn (the mandatory placement, else the
end of the turn), absent seats, abandon, stale timeouts, redaction and replay."""

import json
import random

import pytest

from games.engines import IllegalCommand
from games.engines.spank.state import MOVE, PLAY
from games.engines.turn_clock import Clock

FULL = ["9S", "10H", "JD", "QC", "KS"]  # five one-card stacks, no points
OTHER = ["JS", "QD", "AS", "10S", "KH"]


def kinds(events):
    return [event["type"] for event in events]


def timeout(seat):
    return {"type": "turn_timeout", "seat": seat}


def time_out(act, state):
    return act(state, None, timeout(state.to_move))


def refused(engine, state, command, words):
    with pytest.raises(IllegalCommand) as caught:
        engine.decide(state, None, command)
    assert words.lower() in str(caught.value).lower()


def assert_auto(events):
    assert events[0]["type"] == "timed_out" and "auto" not in events[0]
    assert all(event.get("auto") is True for event in events[1:] if event["type"] != "marked_absent")


# --- the default action -------------------------------------------------------------------


def test_with_no_empty_stack_a_timeout_just_ends_the_turn(act, position):
    state = position(["QH KH AH 9D 10D", "9C"], [FULL, OTHER], stock="9H 10S JS QS")
    events, after = time_out(act, state)
    assert kinds(events) == ["timed_out", "drew", "scored"]
    assert_auto(events)
    assert events[1]["seat"] == 0 and events[2]["seat"] == 1
    assert after.to_move == 1 and after.hands[0] == ("QH", "KH", "AH", "9D", "10D")  # no upkeep discard
    assert after.stacks[0] == tuple((card,) for card in FULL)


def test_at_upkeep_with_an_empty_stack_the_lowest_card_goes_into_the_lowest_empty_stack(act, position):
    state = position(["QH KH 9D 10D", "9C"], [["9S", "", "JD", "", "KS"], OTHER], stock="9H 10S JS QS")
    events, after = time_out(act, state)
    assert kinds(events) == ["timed_out", "placed", "drew", "scored"]
    assert_auto(events)
    assert events[1] == {"type": "placed", "seat": 0, "card": "10D", "stack": 1, "auto": True}
    assert after.stacks[0][1] == ("10D",) and after.stacks[0][3] == () and after.to_move == 1


def test_out_of_time_is_said_of_the_clocks_placement_not_of_the_draw_and_score_that_follow(engine, act, position):
    state = position(["QH KH 9D 10D", "9C"], [["9S", "", "JD", "", "KS"], OTHER], stock="9H 10S JS QS")
    events, _ = time_out(act, state)
    for seat in (None, 0, 1):
        placed, drawn, scored = (engine.describe_event(event, seat) for event in events[1:])
        assert placed == "{seat:0} places 10♦ on stack 2 (out of time)"
        assert "out of time" not in drawn + scored


def test_an_empty_stack_and_an_empty_hand_end_the_turn(act, position):
    state = position(["", "9C"], [["9S", "", "JD", "QC", "KS"], OTHER], stock="9H 10S JS QS 9D")
    events, after = time_out(act, state)
    assert kinds(events) == ["timed_out", "drew", "scored"]
    assert after.stacks[0][1] == () and after.hands[0] == ("9H", "10S", "JS", "QS", "9D")


def test_after_a_move_the_emptied_stack_is_filled(act, position):
    state = position(["QH KH", "9C"], [FULL, OTHER], stock="9H 10S JS QS")
    _, state = act(state, 0, {"type": "move", "from": 0, "to": 1})
    assert state.step == PLAY and state.stacks[0][0] == ()
    events, after = time_out(act, state)
    assert kinds(events) == ["timed_out", "placed", "drew", "scored"]
    assert events[1]["card"] == "KH" and events[1]["stack"] == 0


def test_after_a_spank_with_no_empty_stack_the_turn_ends(act, position):
    state = position(["QH 9D", "9C"], [FULL, ["JS", "QD", "AS", "10S", "KH"]], stock="9H 10S JS QS")
    _, state = act(state, 0, {"type": "spank", "card": "QH", "seat": 1, "stack": 0})
    assert state.step == MOVE
    events, _ = time_out(act, state)
    assert kinds(events) == ["timed_out", "drew", "scored"]


def test_the_next_seat_winning_at_its_score_step_marks_nobody_absent(act, position):
    state = position(
        ["QH", "9C"],
        [FULL, ["9C 10C JC QC KC", "QD", "AS", "10S", "KH"]],
        scores=(0, 900),
        stock="9H 10S JS QS",
        clock=Clock(timeouts=(2,)),
    )
    events, after = time_out(act, state)
    assert kinds(events) == ["timed_out", "drew", "scored", "won"]
    assert after.over and after.winner == 1 and not after.clock.absent


# --- stale timeouts -------------------------------------------------------------------------


def test_a_timeout_in_the_draw_step_between_turns_is_stale(engine, position):
    state = position(["QH", "9C"], [FULL, OTHER], to_move=None, step=None)
    refused(engine, state, timeout(0), "not the seat to act")


def test_a_timeout_for_another_seat_or_after_the_game_is_refused(engine, position):
    state = position(["QH", "9C"], [FULL, OTHER])
    refused(engine, state, timeout(1), "not the seat to act")
    refused(engine, position(["QH", "9C"], [FULL, OTHER], winner=1, to_move=None, step=None), timeout(0), "over")


# --- absent seats, abandon ----------------------------------------------------------------------


def test_three_timeouts_in_a_row_mark_absent_and_an_own_action_clears_it(engine, act, position):
    state = position(["QH KH AH 9D 10D", "QD KD AD 9S 10S"], [FULL, OTHER], stock="9H 10S JS QS KS AS " * 4)
    for _ in range(3):
        events, state = time_out(act, state)  # seat 0
        _, state = time_out(act, state)  # seat 1
    assert events[-1] == {"type": "marked_absent", "seat": 0}
    assert [player["absent"] for player in engine.view(state, None)["players"]] == [True, True]
    _, state = act(state, 0, {"type": "end_turn"})
    assert state.clock.streak(0) == 0 and state.clock.absent == {1}
    assert [player["absent"] for player in engine.view(state, 0)["players"]] == [False, True]


def test_a_placement_is_an_own_action(act, position):
    state = position(["QH", "9C"], [["9S", "", "JD", "QC", "KS"], OTHER], clock=Clock(timeouts=(2, 1)))
    _, state = act(state, 0, {"type": "place", "card": "QH", "stack": 1})
    assert state.clock.timeouts == (0, 1)


def test_abandon_needs_an_absent_seat_and_ends_the_game(engine, act, position):
    state = position(["QH", "9C"], [FULL, OTHER])
    refused(engine, state, {"type": "abandon"}, "no seat is absent")
    state = position(["QH", "9C"], [FULL, OTHER], clock=Clock(timeouts=(3,), absent=frozenset({0})))
    assert [entry["command"]["type"] for entry in engine.host_commands_now(state)] == [
        "abandon",
        "carry_on",
        "hand_to_bot",
    ]
    events, state = act(state, None, {"type": "abandon"})
    view = engine.view(state, None)
    assert events == [{"type": "abandoned"}]
    assert view["over"] and view["abandoned"] and view["winner"] is None and view["to_move"] is None
    assert view["phase"] == "over" and engine.legal_commands(state, 0) == []
    refused(engine, state, {"type": "carry_on"}, "over")


def test_the_clock_events_are_public_and_an_auto_draw_stays_tagged(engine, act, position):
    state = position(["QH", "9C"], [FULL, OTHER], stock="9H 10S JS QS", clock=Clock(timeouts=(2,)))
    events, _ = time_out(act, state)
    assert kinds(events) == ["timed_out", "drew", "scored", "marked_absent"]
    for seat in (None, 0, 1):
        redacted = [engine.redact_event(event, seat) for event in events]
        assert redacted[0] == events[0] and redacted[-1] == events[-1]
        assert redacted[1]["auto"] is True and ("cards" in redacted[1]) == (seat == 0)
        json.dumps(redacted)


# --- replay -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_replay_of_a_game_with_timeouts_equals_evolving_step_by_step(engine, seed):
    rng = random.Random(seed)
    log = engine.start(2 + seed, rng=random.Random(seed))
    state = engine.fold(log)
    for _ in range(300):
        if state.over:
            break
        seat = state.to_move
        if rng.random() < (0.9 if seat == 0 else 0.2):
            events = engine.decide(state, None, timeout(seat), rng=rng)
        else:
            legal = engine.legal_commands(state, seat)
            kind = rng.choice(sorted({command["type"] for command in legal}))
            command = rng.choice([command for command in legal if command["type"] == kind])
            events = engine.decide(state, seat, command, rng=rng)
        for event in events:
            state = engine.evolve(state, event)
        log += events
        assert all("turn_timeout" != command["type"] for command in engine.legal_commands(state, state.to_move))
        json.dumps(engine.view(state, None))
    assert engine.fold(log) == state
    assert any(event["type"] == "marked_absent" for event in log)

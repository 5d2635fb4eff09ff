"""Spite on the turn clock (docs/rulings.md "Turn clocks"): a seat out of time passes, hands its lead
on, or declares its owed reward rightly; three timeouts in a row mark it absent; its own next action
clears that; the host may then abandon the match."""

from spite_helpers import PASS, of_type, play

from games.engines.spite.state import Reward


def timeout(seat):
    return {"type": "turn_timeout", "seat": seat}


def test_a_follower_out_of_time_passes(engine, position, act):
    state = position(["8D 5C", "9S 6S", "3C 4D"], to_move=0)
    _, state = act(state, 0, play("8D"))
    events, state = act(state, None, timeout(1))
    assert events[0] == {"type": "timed_out", "seat": 1}
    assert events[1] == {"type": "passed", "seat": 1, "next": 2, "auto": True}
    assert state.to_move == 2 and state.clock.streak(1) == 1


def test_out_of_time_is_said_of_the_clocks_pass_not_of_the_trick_it_ends(engine, position, act):
    state = position(["8D 5C", "9S 6S", "3C 4D"], to_move=0)
    _, state = act(state, 0, play("8D"))
    _, state = act(state, 1, PASS)
    events, state = act(state, None, timeout(2))
    said = {event["type"]: engine.describe_event(event, 0) for event in events}
    assert said["passed"].endswith("(out of time)")
    assert "trick_won" in said and "out of time" not in said["trick_won"]


def test_a_leader_out_of_time_hands_the_lead_on(engine, position, act):
    state = position(["8D 5C", "9S 6S", "3C 4D"], to_move=0)
    events, state = act(state, None, timeout(0))
    assert of_type(events, "passed")[0]["auto"] and state.trick.leader == 1 and state.to_move == 1


def test_an_owed_reward_is_declared_rightly_without_a_swap(engine, position, act):
    state = position(["5S 9S 9D", "4H 4D", "4S 4C"], to_move=0, reward=Reward(seat=0, count=3))
    events, state = act(state, None, timeout(0))
    rewarded = of_type(events, "rewarded")[0]
    assert rewarded["declared"] == 3 and rewarded["take"] is None and rewarded["auto"]
    assert state.reward is None


def test_three_timeouts_in_a_row_mark_absent_and_an_own_action_clears_it(engine, position, act, refused):
    state = position(["8D 6C 7C 5C", "9S 6S 10S 2S", "3C 4D 5D 6D"], to_move=0)
    for lead in ("8D", "6C", "7C"):  # seat 0 leads, seat 1 times out, seat 2 passes: seat 0 wins
        _, state = act(state, 0, play(lead))
        events, state = act(state, None, timeout(1))
        if lead != "7C":  # not absent before the third
            assert of_type(events, "timed_out") and not of_type(events, "marked_absent")
            _, state = act(state, 2, PASS)
    assert of_type(events, "marked_absent") == [{"type": "marked_absent", "seat": 1}]
    view = engine.view(state, None)
    assert view["players"][1]["absent"] and not view["abandoned"]
    assert [entry["command"] for entry in engine.host_commands_now(state)] == [
        {"type": "end_match"},
        {"type": "abandon"},
        {"type": "carry_on"},
        {"type": "hand_to_bot", "seat": 1},
    ]
    assert state.to_move == 2
    _, back = act(state, 2, PASS)  # seat 0 wins, leads; seat 1 plays for itself again
    _, back = act(back, 0, play("5C"))
    _, back = act(back, 1, play("9S"))
    assert not back.clock.is_absent(1) and back.clock.streak(1) == 0
    events, over = act(state, None, {"type": "abandon"})
    assert events == [{"type": "abandoned"}] and over.over and over.winner is None
    assert engine.view(over, 0)["abandoned"] and engine.legal_commands(over, 0) == []


def test_a_stale_timeout_and_abandon_without_an_absent_seat_are_refused(position, act, refused):
    state = position(["8D 5C", "9S 6S", "3C 4D"], to_move=0)
    refused(state, None, timeout(1), "not the seat to act")
    refused(state, None, {"type": "abandon"}, "no seat is absent")

"""The countdown (RULINGS "Spite"): any seated player may start one on the seat to act when that
seat could pass, one at a time; it lasts 5 seconds plus 1 per card the seat picked up since its last
play; when the system says it ran out, the seat has passed; a stale expiry does nothing."""

import pytest
from spite_helpers import PASS, of_type, play

START = {"type": "start_countdown"}


def expired(number):
    return {"type": "countdown_expired", "countdown": number}


def test_a_countdown_on_the_seat_to_act_then_expiry_passes_it(engine, position, act):
    state = position(["8D 5C", "9S 6S", "3C 4D"], to_move=0, picked_up=(0, 0, 0))
    _, state = act(state, 0, play("8D"))
    assert START in engine.legal_commands(state, 0) and START in engine.legal_commands(state, 2)
    assert START not in engine.legal_commands(state, 1)  # not on yourself
    events, state = act(state, 2, START)
    assert events == [{"type": "countdown_started", "countdown": 1, "seat": 1, "by": 2, "seconds": 5}]
    assert engine.view(state, None)["countdown"] == {"countdown": 1, "seat": 1, "by": 2, "seconds": 5}
    assert engine.timers(state) == [{"key": "countdown-1", "seconds": 5, "seat": 1, "command": expired(1)}]
    events, state = engine.decide(state, None, expired(1)), state
    assert events[0] == {"type": "passed", "seat": 1, "next": 2, "countdown": 1}
    state = engine.fold(events, state)
    assert state.to_move == 2 and 1 in state.trick.passed and state.countdown is None
    assert engine.timers(state) == []


def test_a_stale_expiry_does_nothing(engine, position, act, refused):
    state = position(["8D 5C", "9S 6S", "3C 4D"], to_move=0)
    _, state = act(state, 0, play("8D"))
    _, state = act(state, 0, START)
    _, state = act(state, 1, play("9S"))  # played in time: the countdown stops
    assert state.countdown is None
    refused(state, None, expired(1), "not running")
    refused(state, None, expired(7), "not running")


def test_the_seconds_grow_with_the_cards_picked_up_since_the_last_play(engine, position, act):
    state = position(["8D 5C", "9S 6S 4C", "10C 4D"], to_move=0, picked_up=(0, 3, 0))
    _, state = act(state, 0, play("8D"))
    events, _ = act(state, 2, START)
    assert events[0]["seat"] == 1 and events[0]["seconds"] == 8


def test_the_deal_and_the_card_swap_are_not_picked_up_so_a_first_countdown_is_5_seconds(engine, deal, act):
    """RULINGS, Countdown: "the deal and the round's card swap are not picked up"."""
    _, state = deal("3S 4S", "5S 6S", "7S 8S", options={"rounds": 2})
    assert state.picked_up == (0, 0, 0)
    _, state = act(state, 0, play("3S"))
    events, _ = act(state, 0, START)
    assert events[0]["seat"] == 1 and events[0]["seconds"] == 5
    while state.round == 1:  # the seat to act passes (or leads its first card) until round 2 is dealt
        legal = [c for c in engine.legal_commands(state, state.to_move) if c["type"] in ("pass", "play")]
        events, state = act(state, state.to_move, legal[-1] if legal[-1]["type"] == "pass" else legal[0])
    swap = of_type(events, "swapped")[0]
    assert any(swap["took"]) and state.picked_up == (0, 0, 0)


def test_a_play_resets_the_count_and_buy_back_cards_count_again(engine, position, act):
    state = position(["8D 5C", "9S 6S 2C", "10C 4D"], to_move=0, deck="4H 5H 6H 7H", picked_up=(0, 4, 0))
    _, state = act(state, 0, play("8D"))
    _, state = act(state, 1, PASS)
    assert state.picked_up[1] == 4  # a pass is not a play
    _, state = act(state, 2, play("10C"))
    _, state = act(state, 0, PASS)
    _, state = act(state, 1, play("2C", buy_back=1))  # plays (back to 0), then draws 1
    assert state.picked_up == (0, 1, 0)


@pytest.mark.parametrize(
    "when, words",
    [
        ("lead", "could pass"),
        ("running", "already running"),
    ],
)
def test_a_countdown_is_refused_when_nobody_could_pass_or_one_runs(position, act, refused, when, words):
    state = position(["8D 5C", "9S 6S", "3C 4D"], to_move=0)
    if when == "running":
        _, state = act(state, 0, play("8D"))
        _, state = act(state, 2, START)
    refused(state, 2, START, words)


def test_a_countdown_is_refused_in_the_opening_and_on_yourself(deal, act, refused, position):
    _, state = deal("3S 4S", "5S 6S", "7S 8S")
    refused(state, 1, START, "could pass")
    state = position(["8D 5C", "9S 6S", "3C 4D"], to_move=0)
    _, state = act(state, 0, play("8D"))
    refused(state, 1, START, "your turn")


def test_a_placed_seat_may_still_start_a_countdown(engine, position, act):
    state = position(["8D", "9S 6S", "3C 4D", "QS QH"], to_move=0)
    _, state = act(state, 0, play("8D"))  # goes out
    assert 0 in state.places
    events, state = act(state, 0, START)
    assert events[0]["seat"] == 1


def test_the_countdown_survives_a_wrong_call_but_stops_on_a_correct_one(engine, position, act):
    state = position(["8D 5C", "9S 6S", "3C 4D", "QS QH"], to_move=0, options={"misplays": "table"})
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("9S"))
    _, state = act(state, 0, START)
    assert state.countdown.seat == 2
    _, state = act(state, 3, {"type": "call_misplay", "play": events[0]["id"]})  # wrong
    assert state.countdown is not None and state.to_move == 2
    state = position(["8D 5C", "9S 6S", "3C 4D", "QS QH"], to_move=0, options={"misplays": "table"})
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("6S"))
    _, state = act(state, 0, START)
    events, state = act(state, 3, {"type": "call_misplay", "play": events[0]["id"]})  # right
    assert state.countdown is None and of_type(events, "misplay_called")[0]["correct"]

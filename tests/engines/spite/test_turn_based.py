"""Spite at a turn-based table (RULINGS "Turn-based tables"; docs/rulings.md, Spite VI): the option
``move_time`` that the platform sets to the table's seconds per move, no countdown, misplay calls open
until the next play however long that takes, and the opening's ask timed by the engine so that a holder
who never answers cannot stall the table, without telling anyone who holds the rank."""

import random

import pytest
from board_helpers import render_board
from spite_helpers import DECLINE, PASS, kinds, play, random_match

from games.engines.spite.calls import NO_COUNTDOWN_TURN_BASED

DAY = 86400
TURN_BASED = {"move_time": DAY}
START = {"type": "start_countdown"}
# Seats 0, 1 and 3 hold 3s, seat 2 none (hands are padded with high filler cards: see conftest).
THREES = ("3S 4D 5C 6S 7H", "3C 9D", "5D 6D", "3H 8C")


def expire(number):
    return {"type": "ask_expired", "ask": number}


# --- the option ------------------------------------------------------------------------------------


def test_move_time_is_the_engines_turn_based_option_and_not_a_form_field(engine):
    assert engine.turn_based_option == "move_time"
    assert "move_time" not in [field["name"] for field in engine.option_fields]
    assert engine.describe_options({"move_time": DAY}) == []  # the platform shows turn-based itself


def test_move_time_is_kept_in_the_match_and_a_live_match_records_no_such_key(engine):
    turn_based = engine.start(3, TURN_BASED, rng=random.Random(0))
    assert turn_based[0]["options"]["move_time"] == DAY
    assert engine.fold(turn_based).options.move_time == DAY
    live = engine.start(3, {}, rng=random.Random(0))
    assert "move_time" not in live[0]["options"] and engine.fold(live).options.move_time is None
    assert engine.start(3, {"move_time": None}, rng=random.Random(0)) == live


@pytest.mark.parametrize("bad", [0, -3600, 1.5, "86400", True, [DAY]])
def test_a_bad_move_time_is_refused_with_a_sentence(engine, bad):
    with pytest.raises(ValueError, match=r'Option "move_time" .* must be a positive whole number'):
        engine.start(3, {"move_time": bad})


# --- the countdown -----------------------------------------------------------------------------------


def led(position, act, options):
    """Seat 0 led 8D: seat 1 is to act and could pass, so a live table may start a countdown on it."""
    state = position(["8D 5C", "9S 6S", "3C 4D"], to_move=0, options=options)
    return act(state, 0, play("8D"))[1]


@pytest.mark.parametrize("misplays", ["strict", "table"])
def test_the_countdown_is_refused_and_never_offered_at_a_turn_based_table(engine, position, act, refused, misplays):
    state = led(position, act, {**TURN_BASED, "misplays": misplays})
    for seat in (0, 1, 2):
        assert START not in engine.legal_commands(state, seat)
        assert START not in engine.offered_commands(state, seat)
        assert 'data-command="start_countdown"' not in render_board(engine, state, seat)
        message = refused(state, seat, START)
        assert message == NO_COUNTDOWN_TURN_BASED
    assert NO_COUNTDOWN_TURN_BASED == (
        "There is no countdown at a turn-based table: each move has the table's time per move."
    )
    assert engine.timers(state) == []


def test_a_live_table_keeps_its_countdown(engine, position, act):
    state = led(position, act, {"misplays": "table"})
    for seat in (0, 2):
        assert START in engine.legal_commands(state, seat) and START in engine.offered_commands(state, seat)
        assert 'data-command="start_countdown"' in render_board(engine, state, seat)
    events, _ = act(state, 2, START)
    assert events == [{"type": "countdown_started", "countdown": 1, "seat": 1, "by": 2, "seconds": 5}]


# --- misplay calls -----------------------------------------------------------------------------------


def called_position(position, act):
    """Four seats, table mode, turn-based: 0 leads 8D, 1 answers 5C (does not beat: a hidden misplay),
    2 passes, and seat 3, to act, runs out of its time and bank: the platform's forfeit (a bot plays on)."""
    state = position(["8D 9C", "5C 6C", "4D 4C", "10S 10C"], to_move=0, options={**TURN_BASED, "misplays": "table"})
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("5C"))
    misplayed = events[0]["id"]
    _, state = act(state, 2, PASS)
    events, state = act(state, None, {"type": "out_of_time", "seat": 3})
    assert events[0]["type"] == "resigned" and events[0]["out_of_time"]
    return state, misplayed


def test_a_misplay_may_still_be_called_after_the_others_passed_and_timed_out(engine, position, act):
    """RULINGS: "may still be called until the next play is made or the trick ends, however long that
    takes". Nothing but a play or the trick's end closes the window; no timer of the engine does."""
    state, misplayed = called_position(position, act)
    assert engine.timers(state) == []  # the call window has no clock
    assert engine.view(state, None)["open_call"] == {"play": misplayed, "seat": 1}
    assert {"type": "call_misplay", "play": misplayed} in engine.legal_commands(state, 2)
    events, state = act(state, 2, {"type": "call_misplay", "play": misplayed})
    assert events[0]["type"] == "misplay_called" and events[0]["correct"] and events[0]["rule"] == "follow"
    assert "5C" in state.hands[1] and [p.cards for p in state.trick.plays] == [("8D",)]


def test_the_next_play_closes_the_call_window(engine, position, act, refused):
    state, misplayed = called_position(position, act)
    _, state = act(state, 3, play("10S"))  # the bot plays the forfeited seat: the next play
    assert engine.view(state, None)["open_call"]["play"] != misplayed
    refused(state, 2, {"type": "call_misplay", "play": misplayed}, "not open to a call")


# --- the opening's ask -------------------------------------------------------------------------------


def test_each_ask_of_the_opening_has_a_timer_of_the_time_per_move_at_a_turn_based_table(engine, deal):
    _, state = deal(*THREES, options=TURN_BASED)
    assert state.phase == "opening" and state.ask == "3"
    assert engine.timers(state) == [{"key": "ask-1", "seconds": DAY, "seat": None, "command": expire(1)}]
    _, live = deal(*THREES)
    assert engine.timers(live) == []


def test_when_the_ask_runs_out_the_silent_holders_have_declined_and_the_ask_moves_up(engine, deal, act):
    _, state = deal(*THREES, options=TURN_BASED)
    _, state = act(state, 1, DECLINE)  # seat 1 answers; seats 0 and 3 never do
    events, state = act(state, None, expire(1))
    assert events == [
        {"type": "ask_expired", "ask": 1, "rank": "3", "seats": [0, 3]},
        {"type": "asked", "rank": "4", "clear_declines": False},
    ]
    assert state.ask == "4" and {(0, "3"), (1, "3"), (3, "3")} <= state.declined
    assert engine.timers(state) == [{"key": "ask-2", "seconds": DAY, "seat": None, "command": expire(2)}]


def test_a_holder_deemed_to_have_declined_may_not_lead_with_that_rank_later(deal, act, refused):
    _, state = deal(*THREES, options=TURN_BASED)
    _, state = act(state, None, expire(1))
    assert state.ask == "4"
    refused(state, 0, play("3S 4D 5C 6S 7H"), "You declined to lead with a 3")
    events, _ = act(state, 0, play("4D"))
    assert kinds(events) == ["played"]


def test_an_expired_ask_tells_nobody_who_held_the_rank(engine, deal, act):
    """Two deals that differ only in who holds a 3 look the same to every reader who held none and to
    a watcher: the redacted events and their sentences, and the view after the ask moved up."""
    _, one_holder = deal("3S 4D", "5C 9D", "5D 6D", "8C 4C", options=TURN_BASED)
    _, three_holders = deal("3S 4D", "3C 9D", "5D 6D", "3H 4C", options=TURN_BASED)
    seen = {}
    for state in (one_holder, three_holders):
        events, after = act(state, None, expire(1))
        for seat in (None, 2):
            redacted = [engine.redact_event(event, seat) for event in events]
            assert all("seats" not in event for event in redacted)
            sentences = [engine.describe_event(event, seat) for event in events]
            view = engine.view(after, seat)
            seen.setdefault(seat, []).append((redacted, sentences, view["declined"], view["ask"]))
        assert after.ask == "4" and engine.awaited_seats(after) == frozenset({0, 3})  # the 4s' holders
    for seat, (first, second) in seen.items():
        assert first == second, seat
    assert seen[None][0][1][0] == "Nobody led with a 3 in time, so the ask moves up"


def test_a_stale_ask_expiry_is_refused(engine, deal, act, refused):
    _, state = deal(*THREES, options=TURN_BASED)
    refused(state, None, expire(2), "not open any more")
    refused(state, None, {"type": "ask_expired", "ask": True}, "not open any more")
    _, moved = act(state, None, expire(1))
    refused(moved, None, expire(1), "not open any more")
    _, led_state = act(state, 0, play("3S"))
    refused(led_state, None, expire(1), "not open any more")
    assert engine.timers(led_state) == []
    _, live = deal(*THREES)
    refused(live, None, expire(1), "not open any more")
    refused(state, 0, expire(1))  # the system's command, not a seat's


def test_a_called_opening_lead_asks_again_with_a_new_timer(engine, deal, act):
    _, state = deal(*THREES, options={**TURN_BASED, "misplays": "table"})
    events, state = act(state, 0, play("3S 4D"))  # not a hand at all: a misplay, accepted unseen
    assert state.phase == "playing" and engine.timers(state) == []
    events, state = act(state, 1, {"type": "call_misplay", "play": events[0]["id"]})
    assert events[0]["correct"] and state.phase == "opening" and state.ask == "3"
    assert engine.timers(state) == [{"key": "ask-2", "seconds": DAY, "seat": None, "command": expire(2)}]
    assert engine.awaited_seats(state) == frozenset({1, 3})  # seat 0 counts as having declined


def test_awaited_seats_are_the_seats_that_may_open_then_the_seat_to_move(engine, deal, act):
    _, state = deal(*THREES, options=TURN_BASED)
    assert engine.awaited_seats(state) == frozenset({0, 1, 3})
    _, state = act(state, 1, DECLINE)
    assert engine.awaited_seats(state) == frozenset({0, 3})
    _, state = act(state, 3, play("3H"))
    assert engine.awaited_seats(state) == frozenset({state.to_move}) == frozenset({0})


@pytest.mark.parametrize("seed", range(4))
def test_no_phase_of_a_turn_based_match_waits_on_nobody(engine, seed):
    """Beside the opening, every phase has a seat to move (a come-at-me reward is its winner's move; the
    card swap and the next deal happen by themselves), so the platform's turn deadline always runs; in
    the opening the ask's timer does. No seat is ever offered a countdown."""
    checked = 0
    for state, _seat, _command, _events, after in random_match(engine, 4, {**TURN_BASED, "rounds": 2}, seed):
        for current in (state, after):
            if current.over:
                continue
            if current.phase == "opening":
                assert engine.awaited_seats(current) and [t["key"] for t in engine.timers(current)] == [
                    f"ask-{current.asks}"
                ]
            else:
                assert current.to_move is not None and engine.awaited_seats(current) == {current.to_move}
                if current.reward is not None:
                    assert current.reward.seat == current.to_move
            assert all(START not in engine.legal_commands(current, seat) for seat in range(current.players))
            checked += 1
    assert checked > 50


def test_an_expired_ask_is_described_for_every_reader_and_in_the_open_form(engine):
    event = {"type": "ask_expired", "ask": 3, "rank": "J", "seats": [0, 2]}
    for seat in (None, 0, 1, 2):
        assert engine.describe_event(event, seat) == "Nobody led with a J in time, so the ask moves up"
    assert engine.describe_event(event, open=True) == (
        "Nobody led with a J in time, so the ask moves up ({seat:0}, {seat:2} did not answer)"
    )

"""legal_commands in hand-made positions: every listed command is accepted, nothing else is, each is listed
once (in random games: tests/contract/)."""

import random

import pytest
from contract.profiles.spite_and_malice import candidates, canonical

from games.engines import IllegalCommand

FULL_ROW = "QC | QD | QH | QS"


def accepted(engine, state, seat):
    found = set()
    for command in candidates(state, seat, limit=False):
        try:
            engine.decide(state, seat, command, rng=random.Random(0))
        except IllegalCommand:
            continue
        found.add(canonical(command))
    return found


def listed(engine, state, seat):
    return [canonical(command) for command in engine.legal_commands(state, seat)]


SMALL_POSITIONS = {
    "forced ace in hand": dict(hands=["AS 9C", "2H"]),
    "forced ace on the win top, slots full but one": dict(
        hands=["9C 5D", "2H"], win=["AH 3C", "KH"], play="AC | AD 2D | | AS JK 3S"
    ),
    "all slots full": dict(hands=["AS 9C", "2H"], play="AC | AD 2D | AH | AS JK 3S"),
    "builds from every source": dict(
        hands=["2H JK 4C", "2H"], win=["3D 9D", "KH"], discards=["QC | 2C | | QS", FULL_ROW], play="AS | AH 2S 3S | | "
    ),
    "three jokers on a pile": dict(hands=["JK 5C", "2H"], play="AS JK JK JK | | | "),
    "a king to retire": dict(hands=["KH JK", "2H"], play="AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS | | | "),
    "hand too short, can draw": dict(hands=["9C 5D", "2H"], discards=[" | | QH | QS", FULL_ROW]),
    "empty hand, can draw": dict(hands=["", "2H"], play="AS | | | "),
    "empty hand, nothing to draw": dict(hands=["", "2H"], draw="", retired=""),
    "short hand, nothing to draw": dict(hands=["9C 5D", "2H"], discards=[" | | | QS", FULL_ROW], draw=""),
    "two equal cards, nothing to draw": dict(hands=["9C 9C", "2H"], discards=[" | | QH | QS", FULL_ROW], draw=""),
    "one empty pile": dict(hands=["9C 9C 5D", "2H"], discards=[" | QD | QH | QS", FULL_ROW]),
    "only retired cards to draw": dict(hands=["", "2H"], draw="", retired="KD QD"),
    "ace under a discard top": dict(hands=["9C", "2H"], discards=["AS 5D | QD | QH | QS", FULL_ROW]),
    "ace on a discard top": dict(hands=["9C", "2H"], discards=["5D AS | QD | QH | QS", FULL_ROW]),
}


@pytest.mark.parametrize("name", sorted(SMALL_POSITIONS))
def test_legal_commands_list_exactly_what_decide_accepts_in_small_positions(engine, position, name):
    state = position(**SMALL_POSITIONS[name])
    legal = listed(engine, state, 0)
    assert len(legal) == len(set(legal)), "a command is listed twice"
    assert set(legal) == accepted(engine, state, 0)


def test_only_the_seat_to_move_has_legal_commands(engine, position):
    state = position(["AS 9C", "AH 9H", "AD 9D"], to_move=1)
    assert engine.legal_commands(state, 1)
    for seat in (0, 2, None):
        assert engine.legal_commands(state, seat) == []


def test_legal_commands_lists_equal_cards_once(engine, position):
    state = position(["2H 2H 2D 9C 9C", "2H"], play="AS | AD | | ")
    legal = engine.legal_commands(state, 0)
    hand_plays = [(c["card"], c["to"]) for c in legal if c["type"] == "play"]
    assert sorted(hand_plays) == [("2D", 0), ("2D", 1), ("2H", 0), ("2H", 1)]
    ends = [canonical(c) for c in legal if c["type"] == "end_turn"]
    assert len(ends) == len(set(ends)) == 3 * 4  # three different cards, four piles


def test_the_list_under_a_forced_ace_holds_no_end_turn(engine, position):
    state = position(["AS 9C", "2H"])
    assert {command["type"] for command in engine.legal_commands(state, 0)} == {"play"}


def test_nothing_is_legal_once_the_game_is_over(engine, position):
    state = position(["AS 9C", "2H"], result="win", winner=1, to_move=None)
    for seat in (0, 1, None):
        assert engine.legal_commands(state, seat) == []


def test_board_commands_stand_one_filling_end_of_turn_for_all_of_them(engine, position):
    # Four empty discard piles and nine different cards: tens of thousands of ways to end the turn.
    state = position(
        ["2H 3H 4H 5H 6H 7H 8H 9H 10H", "KD"], discards=[" | | | ", "QC | QD | QH | QS"], play="AS | AC | AD | AH"
    )
    legal = engine.legal_commands(state, 0)
    board = engine.board_commands(state, 0)
    filling = [command for command in legal if command["type"] == "end_turn"]
    assert len(filling) == 9 * 8 * 7 * 6 * 5 * 4
    assert [command for command in board if command["type"] != "end_turn"] == [
        command for command in legal if command["type"] != "end_turn"
    ]
    assert [command for command in board if command["type"] == "end_turn"] == filling[:1]


def test_board_commands_are_the_legal_commands_when_nothing_needs_filling(engine, position):
    state = position(["2H 3H 7C", "KD"], play="AS | | | ")
    assert engine.board_commands(state, 0) == engine.legal_commands(state, 0)
    assert engine.board_commands(state, 1) == []

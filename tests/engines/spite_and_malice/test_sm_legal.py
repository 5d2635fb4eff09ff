"""legal_commands: every listed command is accepted, nothing else is, each is listed once."""
import copy
import random
from itertools import combinations_with_replacement, product

import pytest

from games.engines import IllegalCommand
from sm_helpers import canonical, random_game

FULL_ROW = "QC | QD | QH | QS"
EXTRA_CARDS = ("AS", "2H", "JK", "KD")  # cards a seat may not hold, to try anyway


def candidates(state, seat):
    """Every command worth trying from the seat over small positions: all fields over all
    their sensible values, plus some out-of-range ones."""
    hand = sorted(set(state.hands[seat]))
    cards = hand + [card for card in EXTRA_CARDS if card not in hand]
    slots = range(-1, 5)
    yield {"type": "draw"}
    for card, to in product(cards, slots):
        yield {"type": "play", "from": "hand", "card": card, "to": to}
    for to in slots:
        yield {"type": "play", "from": "win", "to": to}
    for pile, to in product(range(-1, 5), slots):
        yield {"type": "play", "from": "discard", "pile": pile, "to": to}
    empty = [pile for pile, cards_ in enumerate(state.discards[seat]) if not cards_]
    busy = [pile for pile in range(4) if pile not in empty][:1]
    fill_cards = hand + ["KD"]
    discards = [None] + [{"card": card, "pile": pile} for card, pile in product(hand + ["KD"], range(4))]
    for length in range(len(empty) + 2):
        for piles in combinations_with_replacement(empty + busy, length):
            for chosen in product(fill_cards, repeat=length):
                fills = [{"card": card, "pile": pile} for card, pile in zip(chosen, piles)]
                for discard in discards:
                    yield {"type": "end_turn", "fills": fills, "discard": discard}


def accepted(engine, state, seat):
    found = set()
    for command in candidates(state, seat):
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
    "forced ace on the win top, slots full but one": dict(hands=["9C 5D", "2H"], win=["AH 3C", "KH"],
                                                          play="AC | AD 2D | | AS JK 3S"),
    "all slots full": dict(hands=["AS 9C", "2H"], play="AC | AD 2D | AH | AS JK 3S"),
    "builds from every source": dict(hands=["2H JK 4C", "2H"], win=["3D 9D", "KH"],
                                     discards=["QC | 2C | | QS", FULL_ROW], play="AS | AH 2S 3S | | "),
    "three jokers on a pile": dict(hands=["JK 5C", "2H"], play="AS JK JK JK | | | "),
    "a king to retire": dict(hands=["KH JK", "2H"], play="AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS | | | "),
    "hand too short, can draw": dict(hands=["9C 5D", "2H"], discards=[" | | QH | QS", FULL_ROW]),
    "empty hand, can draw": dict(hands=["", "2H"], play="AS | | | "),
    "empty hand, nothing to draw": dict(hands=["", "2H"], draw="", retired=""),
    "short hand, nothing to draw": dict(hands=["9C 5D", "2H"], discards=[" | | | QS", FULL_ROW], draw=""),
    "two equal cards, nothing to draw": dict(hands=["9C 9C", "2H"], discards=[" | | QH | QS", FULL_ROW],
                                             draw=""),
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


def game_positions(engine):
    """Positions from the middle of random games whose hands and empty piles are small enough
    to brute-force."""
    positions = []
    for players, options, seed in [(2, {"win_pile": 5}, 1), (3, {"win_pile": 6}, 2), (4, {"win_pile": 5}, 3),
                                   (2, {"win_pile": 30, "decks": 2}, 4)]:
        for state, seat, _, _, _ in random_game(engine, players, options, seed):
            empty = sum(1 for pile in state.discards[seat] if not pile)
            if len(set(state.hands[seat])) <= 3 and empty <= 2:
                positions.append(state)
    return positions[::max(1, len(positions) // 25)]


def test_legal_commands_list_exactly_what_decide_accepts_in_game_positions(engine):
    positions = game_positions(engine)
    assert len(positions) >= 15
    for state in positions:
        legal = listed(engine, state, state.to_move)
        assert len(legal) == len(set(legal)), "a command is listed twice"
        assert set(legal) == accepted(engine, state, state.to_move)


def test_every_listed_command_is_accepted_and_decide_changes_nothing(engine):
    for state, seat, _, _, _ in random_game(engine, 3, {"win_pile": 8}, 11):
        snapshot = copy.deepcopy(state)
        for command in engine.legal_commands(state, seat):
            new_events = engine.decide(state, seat, command, rng=random.Random(0))
            assert new_events and all("type" in event for event in new_events)
        assert state == snapshot


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
    state = position(["2H 3H 4H 5H 6H 7H 8H 9H 10H", "KD"], discards=[" | | | ", "QC | QD | QH | QS"],
                     play="AS | AC | AD | AH")
    legal = engine.legal_commands(state, 0)
    board = engine.board_commands(state, 0)
    filling = [command for command in legal if command["type"] == "end_turn"]
    assert len(filling) == 9 * 8 * 7 * 6 * 5 * 4
    assert [command for command in board if command["type"] != "end_turn"] == \
        [command for command in legal if command["type"] != "end_turn"]
    assert [command for command in board if command["type"] == "end_turn"] == filling[:1]


def test_board_commands_are_the_legal_commands_when_nothing_needs_filling(engine, position):
    state = position(["2H 3H 7C", "KD"], play="AS | | | ")
    assert engine.board_commands(state, 0) == engine.legal_commands(state, 0)
    assert engine.board_commands(state, 1) == []

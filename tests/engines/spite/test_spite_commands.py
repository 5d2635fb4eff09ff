"""Refused commands (docs/engines.md, "The Decider": anything malformed, an unknown type, a field
out of range or negative, raises IllegalCommand, never another exception): out of turn,
the system seat, bad seats, malformed commands, cards not held (copies counted), invalid hands and
the features strict mode does not have yet. Every refusal leaves the state alone."""

import pytest
from spite_helpers import PASS, play


@pytest.fixture
def trick(position):
    """Seat 0 led a single 5S; seat 1 is to play."""
    return position(["9S 9H", "6S 6H 8D 13D", "4S 7D"], to_move=1, plays=[(0, "5S")])


@pytest.mark.parametrize("seat", [0, 2])
def test_a_play_or_pass_out_of_turn_is_refused(trick, refused, seat):
    refused(trick, seat, play(trick.hands[seat][0]), "turn")
    refused(trick, seat, PASS, "turn")


def test_the_system_seat_none_has_no_command(trick, refused):
    refused(trick, None, PASS)
    refused(trick, None, play("6S"))


@pytest.mark.parametrize("seat", [-1, 3, 99, True, "1", 1.0, [1]])
def test_a_seat_that_does_not_exist_is_refused(trick, refused, seat):
    refused(trick, seat, PASS)
    refused(trick, seat, play("6S"))


def test_a_seat_that_is_out_of_the_round_is_refused(position, refused):
    state = position(["5S 9S", "", "4S 9D", "3C 9C"], to_move=0, places=[1, None, None, None])
    refused(state, 1, play("5S"))
    refused(state, 1, PASS)


@pytest.mark.parametrize(
    "command",
    [
        None,
        "pass",
        ["pass"],
        7,
        {},
        {"type": None},
        {"type": 3},
        {"type": "PASS"},
        {"type": "draw"},
        {"type": "play_fake_down", "fake": "9C"},
        {"type": "call_misplay", "play": 1},
        {"type": "reward", "declared": 3, "swap": None},
    ],
)
def test_unknown_or_malformed_command_types_are_refused(trick, refused, command):
    refused(trick, 1, command)


@pytest.mark.parametrize("cards", [None, "6S", "6S 6H", {"6S": 1}, 6, [], [6], [None], [["6S"]], ("6S",)])
def test_cards_must_be_a_non_empty_list_of_codes(trick, refused, cards):
    refused(trick, 1, {"type": "play", "cards": cards})


def test_a_play_without_cards_is_refused(trick, refused):
    refused(trick, 1, {"type": "play"})


@pytest.mark.parametrize("cards", [["7S"], ["2C"], ["JK"], ["6S", "7S"], ["13H"], ["6X"], ["1S"]])
def test_cards_the_seat_does_not_hold_are_refused(trick, refused, cards):
    refused(trick, 1, play(*cards))


def test_copies_are_counted(position, refused, act):
    state = position(["9S", "6S 6H 8D", "4S 7D"], to_move=1, plays=[(0, "5S 5H")])
    refused(state, 1, play("6S", "6S"))
    state = position(["9S", "6S 6S 8D", "4S 7D"], to_move=1, plays=[(0, "5S 5H")])
    act(state, 1, play("6S", "6S"))
    refused(state, 1, play("6S", "6S", "6S"))


@pytest.mark.parametrize("cards", [["6S", "8D"], ["6S", "6H", "8D"], ["6S", "6H", "8D", "13D", "9S"]])
def test_cards_that_make_no_hand_are_refused(position, refused, cards):
    state = position(["9S 9H", "6S 6H 8D 13D 9S", "4S"], to_move=1)
    refused(state, 1, play(*cards))


@pytest.mark.parametrize(
    "key, value, words",
    [
        ("fake_up", ["9C"], "do not hold"),
        ("bounty_claim", 1, "bounty"),
        ("come_at_me", "yes", "true or false"),
        ("fake_up", "9C", "list"),
        ("bounty_claim", -1, "whole number"),
        ("announce", "louder", "announce"),
    ],
)
def test_extra_keys_the_seat_cannot_back_are_refused_and_their_empty_values_mean_none(
    trick, refused, act, key, value, words
):
    refused(trick, 1, play("6S", **{key: value}), words)
    empty = {"fake_up": [], "come_at_me": False, "bounty_claim": 0, "announce": None}[key]
    act(trick, 1, play("6S", **{key: empty}))


def test_decline_is_refused_after_the_opening(trick, refused):
    refused(trick, 1, {"type": "decline"})


def test_decide_without_an_rng_uses_system_randomness(trick, engine):
    events = engine.decide(trick, 1, play("6S"))
    assert events[0]["type"] == "played"

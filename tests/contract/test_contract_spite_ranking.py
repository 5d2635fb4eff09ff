"""Spite's hand ranking without a game (docs/engines.md, "Spite's ranking without a game"): classify and
beats, as that section's examples show them."""

import pytest

from games.engines import IllegalCommand, get_engine

KINDS = {
    "single",
    "pair",
    "trips",
    "quads",
    "straight",
    "full_house",
    "flush",
    "four_of_a_kind",
    "straight_flush",
    "joker",
    "joker_hand",
}


def test_classify_and_beats_are_reachable_from_the_engine():
    spite = get_engine("spite")
    hand = spite.classify(["8S", "9S", "10H", "11D", "13H"])
    assert hand["kind"] == "straight" and hand["value"] == "11" and hand["wild"] == 1
    assert spite.beats(["5S", "5C"], ["5H", "5C"], direction="higher") is True
    assert spite.beats(["5H", "5C"], ["5S", "5C"], direction="higher") is False
    for cards in (["5S"], ["5S", "5H"], ["JK"], ["3S", "3H", "3D", "3C"], ["4S", "6S", "8S", "10S", "QS"]):
        assert spite.classify(cards)["kind"] in KINDS


@pytest.mark.parametrize("cards", [["5S", "6H"], ["5S", "6H", "9D"], ["ZZ"], []])
def test_cards_that_form_no_hand_are_an_illegal_command(cards):
    with pytest.raises(IllegalCommand):
        get_engine("spite").classify(cards)

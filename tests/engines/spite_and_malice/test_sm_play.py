"""Play piles and plays: four slots, the natural ace, building up by one, jokers, kings,
and where a played card may come from."""

import pytest
from sm_helpers import every_card, kinds

TO_QUEEN = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS"


def hand_play(card, to):
    return {"type": "play", "from": "hand", "card": card, "to": to}


def win_play(to):
    return {"type": "play", "from": "win", "to": to}


def discard_play(pile, to):
    return {"type": "play", "from": "discard", "pile": pile, "to": to}


# --- Four slots ----------------------------------------------------------------------------


def test_there_are_four_play_slots(engine, act, position, refused):
    state = position(["AS AH AD AC AS", "2H"])
    assert len(engine.view(state, 0)["play_piles"]) == 4
    for slot in range(4):
        _, state = act(state, 0, hand_play(state.hands[0][0], slot))
    assert all(pile for pile in state.play_piles)
    refused(state, 0, hand_play("AS", 4))
    assert [pile["value"] for pile in engine.view(state, 0)["play_piles"]] == [1, 1, 1, 1]


def test_no_fifth_pile_when_all_four_slots_are_busy(engine, position, refused):
    state = position(["AS 5H", "2H"], play="AH | AD | AC 2C | AS 2S 3S")
    for slot in range(4):
        refused(state, 0, hand_play("AS", slot))
    assert not [c for c in engine.legal_commands(state, 0) if c["type"] == "play" and c.get("card") == "AS"]


# --- Starting a pile -----------------------------------------------------------------------


def test_an_empty_slot_takes_a_natural_ace(engine, act, position):
    state = position(["AH 5C", "2H"])
    events, after = act(state, 0, hand_play("AH", 2))
    assert events == [{"type": "played", "seat": 0, "from": "hand", "card": "AH", "to": 2, "value": 1}]
    assert after.play_piles == ((), (), ("AH",), ())
    assert after.hands[0] == ("5C",)
    assert after.played_this_turn is True
    pile = engine.view(after, 1)["play_piles"][2]
    assert pile["cards"] == ["AH"] and pile["value"] == 1


@pytest.mark.parametrize("card", ["JK", "2H", "KS", "5D"])
def test_an_empty_slot_refuses_anything_but_a_natural_ace_even_a_joker(position, refused, card):
    state = position([f"{card} 9C", "2H"])
    refused(state, 0, hand_play(card, 0))


# --- Building up ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "pile, card",
    [
        ("AS", "2H"),
        ("AS", "2S"),
        ("AS 2H", "3C"),
        ("AS 2H 3C", "4D"),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S", "10H"),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "JD"),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", "QC"),
    ],
)
def test_a_pile_builds_up_by_one_regardless_of_suit_or_colour(engine, act, position, pile, card):
    state = position([f"{card} 9C", "2H"], play=f"{pile} | | | ")
    events, after = act(state, 0, hand_play(card, 0))
    assert events[0]["value"] == len(pile.split()) + 1
    assert after.play_piles[0] == tuple(pile.split()) + (card,)


@pytest.mark.parametrize(
    "pile, card", [("AS", "3H"), ("AS", "AH"), ("AS 2H", "2C"), ("AS 2H 3C", "KD"), ("AS 2H 3C", "2D"), ("AS JK", "2H")]
)
def test_a_card_that_is_not_one_higher_is_refused(position, refused, pile, card):
    state = position([f"{card} 9C", "2H"], play=f"{pile} | | | ")
    refused(state, 0, hand_play(card, 0))


def test_a_joker_takes_the_next_value(engine, act, position):
    state = position(["JK 3D JK", "2H"], play="AS | | | ")
    events, state = act(state, 0, hand_play("JK", 0))
    assert events[0]["value"] == 2
    assert engine.view(state, 0)["play_piles"][0]["value"] == 2
    _, state = act(state, 0, hand_play("3D", 0))
    events, state = act(state, 0, hand_play("JK", 0))
    assert events[0]["value"] == 4
    view = engine.view(state, None)["play_piles"][0]
    assert view["cards"] == ["AS", "JK", "3D", "JK"] and view["value"] == 4


def test_a_joker_may_stand_for_any_value_from_2_to_k(engine, act, position):
    for length in range(1, 13):
        pile = TO_QUEEN.split()[:length]
        state = position(["JK 9C", "2H"], play=f"{' '.join(pile)} | | | ")
        events, _ = act(state, 0, hand_play("JK", 0))
        assert events[0]["value"] == length + 1


def test_at_most_three_jokers_in_one_pile(engine, act, position, refused):
    state = position(["JK JK 9C", "2H"], play="AS JK 3S JK | | | ")
    _, state = act(state, 0, hand_play("JK", 0))  # the third joker
    assert state.play_piles[0] == ("AS", "JK", "3S", "JK", "JK")
    refused(state, 0, hand_play("JK", 0))  # a fourth
    state = position(["JK 6H 9C", "2H"], play="AS JK JK JK 5S | | | ")
    refused(state, 0, hand_play("JK", 0))
    _, after = act(state, 0, hand_play("6H", 0))
    assert after.play_piles[0][-1] == "6H"


def test_the_three_joker_limit_counts_per_pile(engine, act, position):
    state = position(["JK 9C", "2H"], play="AS JK JK JK | AH | | ")
    events, after = act(state, 0, hand_play("JK", 1))
    assert events[0]["value"] == 2 and after.play_piles[1] == ("AH", "JK")


# --- Kings: the pile retires ---------------------------------------------------------------


@pytest.mark.parametrize("king", ["KH", "JK"])
def test_a_pile_reaching_k_retires_at_once_and_frees_its_slot(engine, act, position, king):
    state = position([f"{king} AD 9C", "2H"], play=f"AH | {TO_QUEEN} | | ", retired="5C 6C")
    before = every_card(state)
    events, after = act(state, 0, hand_play(king, 1))
    assert kinds(events) == ["played", "pile_retired"]
    assert events[0]["value"] == 13
    assert events[1] == {"type": "pile_retired", "slot": 1, "cards": TO_QUEEN.split() + [king]}
    assert after.play_piles == (("AH",), (), (), ())
    assert sorted(after.retired) == sorted(("5C", "6C") + tuple(TO_QUEEN.split()) + (king,))
    assert every_card(after) == before
    view = engine.view(after, 1)
    assert view["play_piles"][1] is None
    assert view["retired_count"] == 15
    _, again = act(after, 0, hand_play("AD", 1))  # the freed slot takes a new ace
    assert again.play_piles[1] == ("AD",)


def test_a_joker_played_as_k_counts_toward_the_three_joker_limit(position, refused):
    state = position(["JK 9C", "2H"], play="AS JK JK JK 5S 6S 7S 8S 9S 10S JS QS | | | ")
    refused(state, 0, hand_play("JK", 0))


def test_retired_count_grows_with_each_retired_pile(engine, act, position):
    state = position(["KH KD 9C", "2H"], play=f"{TO_QUEEN} | {TO_QUEEN.replace('S', 'C')} | | ")
    _, state = act(state, 0, hand_play("KH", 0))
    assert engine.view(state, 0)["retired_count"] == 13
    _, state = act(state, 0, hand_play("KD", 1))
    assert engine.view(state, 0)["retired_count"] == 26
    assert state.play_piles == ((), (), (), ())


# --- Where a card may come from ------------------------------------------------------------


def test_a_hand_card_must_be_held(position, refused):
    state = position(["2H 9C", "2D AS"], play="AS | | | ")
    refused(state, 0, hand_play("2D", 0))
    refused(state, 0, hand_play("AS", 1))


def test_copies_in_hand_are_counted(act, position, refused):
    state = position(["2H 2H 9C", "2D"], play="AS | AD | AC | ")
    _, state = act(state, 0, hand_play("2H", 0))
    _, state = act(state, 0, hand_play("2H", 1))
    refused(state, 0, hand_play("2H", 2))


def test_the_win_pile_top_may_be_played(act, position):
    state = position(["9C", "2H"], win=["AS 7D 8D", "KH"])
    events, after = act(state, 0, win_play(3))
    assert events[0] == {"type": "played", "seat": 0, "from": "win", "card": "AS", "to": 3, "value": 1}
    assert after.win_piles[0] == ("7D", "8D")


def test_only_the_win_pile_top_may_be_played_not_a_card_under_it(position, refused):
    state = position(["9C", "2H"], win=["7D AS", "KH"])
    refused(state, 0, win_play(0))


def test_the_next_win_card_turns_up_as_soon_as_the_top_is_played(engine, act, position):
    state = position(["9C", "2H"], win=["2S 3H 4D", "KH"], play="AC | | | ")
    assert engine.view(state, 1)["players"][0]["win_top"] == "2S"
    events, after = act(state, 0, win_play(0))
    assert kinds(events) == ["played", "win_turned"]
    assert events[1] == {"type": "win_turned", "seat": 0, "card": "3H"}
    view = engine.view(after, 1)["players"][0]
    assert view["win_top"] == "3H" and view["win_count"] == 2
    _, after = act(after, 0, win_play(0))
    assert engine.view(after, 1)["players"][0]["win_top"] == "4D"


def test_the_win_card_turns_up_before_the_pile_it_completed_retires_ruling_6(engine, act, position):
    state = position(["9C", "2H"], win=["KS 5H", "KH"], play=f"{TO_QUEEN} | | | ")
    events, after = act(state, 0, win_play(0))
    assert kinds(events) == ["played", "win_turned", "pile_retired"]
    assert after.win_piles[0] == ("5H",) and after.play_piles[0] == ()


def test_a_discard_pile_top_may_be_played(act, position):
    state = position(["9C", "2H"], discards=["5C 7H AD | QC | QD | QS", "QH | QH | QH | QH"])
    events, after = act(state, 0, discard_play(0, 1))
    assert events[0] == {"type": "played", "seat": 0, "from": "discard", "pile": 0, "card": "AD", "to": 1, "value": 1}
    assert after.discards[0][0] == ("5C", "7H")


def test_a_card_under_a_discard_top_may_not_be_played(position, refused):
    state = position(["9C", "2H"], discards=["AD 7H | QC | QD | QS", "QH | QH | QH | QH"])
    refused(state, 0, discard_play(0, 0))


def test_an_empty_discard_pile_has_nothing_to_play(position, refused):
    state = position(["9C", "2H"], discards=[" | QC | QD | QS", "AH | AH | AH | AH"])
    refused(state, 0, discard_play(0, 0))


def test_another_seats_discards_and_win_pile_are_not_sources(position, refused):
    state = position(["9C", "AH"], discards=["QC | QC | QD | QS", "AH | AH | AH | AH"], win=["KC", "AS"])
    for pile in range(4):
        refused(state, 0, discard_play(pile, 0))
    refused(state, 0, win_play(0))
    refused(state, 0, hand_play("AH", 0))


def test_an_empty_win_pile_cannot_be_played_from(position, refused):
    state = position(["9C", "2H"], win=["", "KH"])
    refused(state, 0, win_play(0))


def test_several_plays_in_one_turn_from_every_source(engine, act, position):
    state = position(["AS 3H 9C", "2H"], win=["2C 9D", "KH"], discards=["4D | QC | QD | QS", "QH | QH | QH | QH"])
    _, state = act(state, 0, hand_play("AS", 0))
    _, state = act(state, 0, win_play(0))
    _, state = act(state, 0, hand_play("3H", 0))
    _, state = act(state, 0, discard_play(0, 0))
    assert state.play_piles[0] == ("AS", "2C", "3H", "4D")
    assert state.to_move == 0 and state.discards[0][0] == ()
    assert engine.view(state, 0)["play_piles"][0]["value"] == 4

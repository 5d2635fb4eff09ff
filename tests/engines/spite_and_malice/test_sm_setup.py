"""Setup rules: players, options, the deck, the deal and who starts."""

import random
from collections import Counter

import pytest
from sm_helpers import kinds

from games.engines.spite_and_malice.deck import PACK

SUITS = "SHDC"


def every_dealt_card(dealt):
    every = [card for hand in dealt["hands"] for card in hand]
    every += [card for seat in dealt["discards"] for pile in seat for card in pile]
    every += [card for pile in dealt["win_piles"] for card in pile]
    return Counter(every + list(dealt["draw_pile"]))


def dealt_of(engine, players, options=None, seed=1):
    return engine.start(players, options=options, rng=random.Random(seed))[0]


# --- Players and options -------------------------------------------------------------------


@pytest.mark.parametrize("players", [0, 1, 5, 9, -2, True, "3", 2.0, None])
def test_players_must_be_2_to_4(engine, players):
    with pytest.raises(ValueError):
        engine.start(players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_2_to_4_players_may_play(engine, players):
    dealt = dealt_of(engine, players)
    assert dealt["type"] == "dealt" and dealt["players"] == players
    assert len(dealt["hands"]) == len(dealt["discards"]) == len(dealt["win_piles"]) == players


@pytest.mark.parametrize("players, decks", [(2, 3), (3, 4), (4, 5)])
def test_standard_deck_count_is_3_for_two_4_for_three_5_for_four_packs_of_54(engine, players, decks):
    dealt = dealt_of(engine, players)
    assert dealt["options"]["decks"] == decks
    assert every_dealt_card(dealt) == Counter(PACK * decks)
    assert sum(every_dealt_card(dealt).values()) == 54 * decks
    assert every_dealt_card(dealt)["JK"] == 2 * decks


@pytest.mark.parametrize("players, decks", [(2, 2), (3, 3), (4, 4)])
def test_option_decks_may_be_one_fewer_than_standard(engine, players, decks):
    dealt = dealt_of(engine, players, {"decks": decks})
    assert dealt["options"]["decks"] == decks
    assert every_dealt_card(dealt) == Counter(PACK * decks)


@pytest.mark.parametrize("players, decks", [(2, 1), (2, 4), (3, 2), (3, 5), (4, 3), (4, 6), (2, 0), (2, -3)])
def test_option_decks_other_than_standard_or_one_fewer_raises_value_error(engine, players, decks):
    with pytest.raises(ValueError):
        engine.start(players, options={"decks": decks})


@pytest.mark.parametrize("players, size", [(2, 20), (3, 10), (4, 10)])
def test_win_pile_defaults_to_20_for_two_players_and_10_for_three_or_four(engine, players, size):
    dealt = dealt_of(engine, players)
    assert dealt["options"]["win_pile"] == size
    assert [len(pile) for pile in dealt["win_piles"]] == [size] * players


@pytest.mark.parametrize("players, size", [(2, 5), (2, 30), (3, 30), (4, 5), (4, 17)])
def test_option_win_pile_5_to_30_sets_the_win_pile_size(engine, players, size):
    dealt = dealt_of(engine, players, {"win_pile": size})
    assert dealt["options"]["win_pile"] == size
    assert [len(pile) for pile in dealt["win_piles"]] == [size] * players


@pytest.mark.parametrize(
    "options",
    [
        {"win_pile": 4},
        {"win_pile": 31},
        {"win_pile": 0},
        {"win_pile": -5},
        {"win_pile": 5.5},
        {"win_pile": "many"},
        {"win_pile": True},
        {"win_pile": [10]},
        {"decks": "lots"},
        {"decks": True},
        {"decks": 2.5},
        {"jokers": 2},
        {"win": 10},
        {"decks": 3, "speed": "fast"},
        ["decks"],
        "decks",
        7,
    ],
)
def test_unknown_option_or_bad_value_raises_value_error(engine, options):
    with pytest.raises(ValueError):
        engine.start(2, options=options)


@pytest.mark.parametrize(
    "options", [{"decks": "2"}, {"win_pile": "7"}, {"decks": "3", "win_pile": "20"}, {"win_pile": " 7"}]
)
def test_numbers_given_as_text_raise_value_error_ruling_9(engine, options):
    with pytest.raises(ValueError):
        engine.start(2, options=options)


def test_options_given_as_none_mean_the_standard_ruling_9(engine):
    assert dealt_of(engine, 2, {"decks": None, "win_pile": None})["options"] == {"decks": 3, "win_pile": 20}


def test_options_none_or_empty_give_the_defaults(engine):
    assert dealt_of(engine, 2, None)["options"] == {"decks": 3, "win_pile": 20}
    assert dealt_of(engine, 3, {})["options"] == {"decks": 4, "win_pile": 10}


# --- The deck and the deal -----------------------------------------------------------------


def test_deal_order_is_hand_discards_0_to_3_then_win_pile_seat_by_seat_and_the_rest_is_the_draw_pile(engine):
    deck = [
        "2S",
        "3S",
        "4S",
        "5S",
        "6S",  # seat 0: hand
        "7S",
        "8S",
        "9S",
        "10S",  # seat 0: discard piles 0-3
        "JS",
        "QS",
        "KS",
        "AS",
        "2H",  # seat 0: win pile, top first
        "3H",
        "4H",
        "5H",
        "6H",
        "7H",  # seat 1: hand
        "8H",
        "9H",
        "10H",
        "JH",  # seat 1: discard piles 0-3
        "QH",
        "KH",
        "AH",
        "2D",
        "3D",  # seat 1: win pile, top first
        "4D",
        "5D",
        "JK",
    ]  # the draw pile's top cards
    events = engine.start(2, options={"win_pile": 5}, deck=deck, rng=random.Random(3))
    dealt = events[0]
    assert dealt["hands"] == [deck[0:5], deck[14:19]]
    assert dealt["discards"] == [[[c] for c in deck[5:9]], [[c] for c in deck[19:23]]]
    assert dealt["win_piles"] == [deck[9:14], deck[23:28]]
    assert dealt["draw_pile"][:3] == ["4D", "5D", "JK"]
    assert len(dealt["draw_pile"]) == 3 * 54 - 28
    state = engine.fold(events)
    assert state.hands == (tuple(deck[0:5]), tuple(deck[14:19]))
    assert state.discards[1] == (("8H",), ("9H",), ("10H",), ("JH",))
    assert state.win_piles[0] == ("JS", "QS", "KS", "AS", "2H")
    assert state.draw_pile[:3] == ("4D", "5D", "JK")


def test_win_pile_first_card_is_the_face_up_top(engine, deal):
    _, state = deal(
        ("2S 3S 4S 5S 6S", "7S 8S 9S 10S", "JD QS KS AS 2H"),
        ("3H 4H 5H 6H 7H", "8H 9H 10H JH", "QH KH AH 2D 3D"),
        options={"win_pile": 5},
    )
    view = engine.view(state, None)
    assert [player["win_top"] for player in view["players"]] == ["JD", "QH"]
    assert [player["win_count"] for player in view["players"]] == [5, 5]


def test_three_and_four_player_deals_follow_the_same_blocks(engine, stacked):
    seats = [
        ("2S 3S 4S 5S 6S", "7S 8S 9S 10S", "JS QS KS 2C 3C"),
        ("3H 4H 5H 6H 7H", "8H 9H 10H JH", "QH KH 4C 5C 6C"),
        ("3D 4D 5D 6D 7D", "8D 9D 10D JD", "QD KD 7C 8C 9C"),
        ("2H 2D 3D 4D 5D", "6D 7D 8D 9D", "10D JD QD KD 10C"),
    ]
    for players in (3, 4):
        deck = stacked(*seats[:players], draw="JK 2S", options={"win_pile": 5})
        dealt = engine.start(players, options={"win_pile": 5}, deck=deck, rng=random.Random(0))[0]
        for seat in range(players):
            hand, discards, win = (part.split() for part in seats[seat])
            assert dealt["hands"][seat] == hand
            assert dealt["discards"][seat] == [[card] for card in discards]
            assert dealt["win_piles"][seat] == win
        assert dealt["draw_pile"][:2] == ["JK", "2S"]


def test_short_stacked_deck_is_completed_by_the_rng_and_is_reproducible(engine):
    first = engine.start(2, options={"win_pile": 5}, deck=["AS", "AH"], rng=random.Random(9))
    again = engine.start(2, options={"win_pile": 5}, deck=["AS", "AH"], rng=random.Random(9))
    assert first == again
    assert first[0]["hands"][0][:2] == ["AS", "AH"]
    assert every_dealt_card(first[0]) == Counter(PACK * 3)


def test_a_deal_without_a_stacked_deck_or_rng_still_holds_the_full_deck(engine):
    dealt = engine.start(2)[0]
    assert every_dealt_card(dealt) == Counter(PACK * 3)
    assert engine.fold([dealt]).to_move in (0, 1)


def test_stacked_deck_may_name_a_card_as_often_as_the_decks_hold_it(engine):
    engine.start(2, deck=["AS"] * 3 + ["JK"] * 6, rng=random.Random(0))
    engine.start(2, options={"decks": 2}, deck=["AS"] * 2 + ["JK"] * 4, rng=random.Random(0))


@pytest.mark.parametrize(
    "players, options, deck",
    [
        (2, None, ["AS"] * 4),
        (2, None, ["JK"] * 7),
        (2, {"decks": 2}, ["KH"] * 3),
        (2, {"decks": 2}, ["JK"] * 5),
        (3, None, ["7C"] * 5),
        (4, None, ["QD"] * 6),
        (2, None, ["13D"]),
        (2, None, ["1S"]),
        (2, None, ["AS", 7]),
    ],
)
def test_stacked_deck_naming_a_card_more_often_than_the_decks_hold_raises_value_error(engine, players, options, deck):
    with pytest.raises(ValueError):
        engine.start(players, options=options, deck=deck, rng=random.Random(0))


def test_the_game_starts_with_the_deal_and_no_draw_the_first_seat_keeps_its_dealt_5(engine, deal):
    events, state = deal(
        ("2S 3S 4S 5S 6S", "7S 8S 9S 10S", "KS QS"),
        ("3H 4H 5H 6H 7H", "8H 9H 10H JH", "QH KH"),
        options={"win_pile": 5},
    )
    assert kinds(events) == ["dealt"]
    assert state.to_move == 0 == events[0]["first"]
    assert state.hands[0] == ("2S", "3S", "4S", "5S", "6S")
    assert state.play_piles == ((), (), (), ())
    assert state.retired == ()


# --- Who starts ----------------------------------------------------------------------------

HAND_0 = "2S 3S 4S 5S 6S"
HAND_1 = "2H 3H 4H 5H 6H"


@pytest.mark.parametrize(
    "tops, first",
    [
        (["QS", "KH"], 1),
        (["KS", "QH"], 0),
        (["2S", "AH"], 0),
        (["JK", "AH"], 1),  # the joker counts lowest
        (["AS", "JK"], 0),
        (["10S", "9H", "JK"], 0),
        (["9S", "JK", "10H"], 2),
        (["5S", "6H", "4D", "7C"], 3),
        (["5S", "8H", "4D", "7C"], 1),
    ],
)
def test_the_highest_win_pile_top_starts_and_the_joker_counts_lowest(engine, deal, tops, first):
    seats = [
        (hand, discards, top)
        for hand, discards, top in zip(
            [HAND_0, HAND_1, "2D 3D 4D 5D 6D", "2C 3C 4C 5C 6C"],
            ["7S 8S 9S 10S", "7H 8H 9H 10H", "7D 8D 9D 10D", "7C 8C 9C 10C"],
            tops,
        )
    ]
    events, state = deal(*seats, options={"win_pile": 5})
    assert events[0]["first"] == first
    assert state.to_move == first
    assert engine.view(state, None)["to_move"] == first


@pytest.mark.parametrize(
    "discards, first",
    [
        (["KS 2S 3S 4S", "QH JH 10H 9H"], 0),  # highest discard cards first: K beats Q
        (["2S 3S 4S KS", "QH JH 10H 9H"], 0),  # the piles' positions do not matter
        (["KS 5S 3S AS", "5H KH 4H 2H"], 1),  # K = K, 5 = 5, then 4 beats 3
        (["KS 5S 2S AS", "5H KH 2H AH"], 0),  # all equal: the lowest seat
        (["9S 9S 9S 2S", "9H 9H 9H 3H"], 1),  # decided by the last element
        (["JK KS KS KS", "AH KH KH KH"], 1),  # the joker is lowest here too
    ],
)
def test_tie_on_win_tops_compares_discards_sorted_high_to_low_then_lowest_seat(engine, deal, discards, first):
    events, state = deal((HAND_0, discards[0], "QS"), ("2D 3D 4D 5D 6D", discards[1], "QH"), options={"win_pile": 5})
    assert events[0]["first"] == first
    assert state.to_move == first


def test_tie_break_looks_only_at_the_seats_tied_on_the_highest_win_top(engine, deal):
    events, _ = deal(
        (HAND_0, "2S 2S 3S 3S", "10S"),
        (HAND_1, "KH KH KH QH", "9H"),  # best discards but a lower win top
        ("2D 3D 4D 5D 6D", "2D 2D 3D 4D", "10D"),
        options={"win_pile": 5},
    )
    assert events[0]["first"] == 2


def test_fully_tied_seats_let_the_lowest_tied_seat_start(engine, deal):
    events, _ = deal(
        (HAND_0, "2S 3S 4S 5S", "9S"),
        (HAND_1, "2H 3H 4H 5H", "10H"),
        ("2D 3D 4D 5D 6D", "5D 4D 3D 2D", "10D"),
        ("2C 3C 4C 5C 6C", "3C 2C 5C 4C", "10C"),
        options={"win_pile": 5},
    )
    assert events[0]["first"] == 1

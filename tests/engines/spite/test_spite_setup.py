"""Setting up a match: seats, options, the 189-card deck, the deal in the contract's block order
and the bounty card (rules/spite.md: The Deck, The Initial Deal, The Bounty Card; RULINGS.md:
Spite; docs/rulings.md Spite 7, 9, 10, 15)."""

import random
from collections import Counter

import pytest
from spite_helpers import FULL_DECK, every_card, kinds, one_pack

# --- seats -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 10))
def test_three_to_nine_players_each_get_11_cards(engine, players):
    events = engine.start(players, rng=random.Random(players))
    state = engine.fold(events)
    assert state.players == players
    assert [len(hand) for hand in state.hands] == [11] * players
    assert events[0]["type"] == "match_started" and events[0]["players"] == players


@pytest.mark.parametrize("players", [0, 1, 2, 10, 12, -3, "4", 4.0, True, None])
def test_fewer_than_three_or_more_than_nine_players_or_not_a_whole_number_raise_value_error(engine, players):
    with pytest.raises(ValueError):
        engine.start(players, rng=random.Random(0))


# --- the deck ----------------------------------------------------------------------------------


def test_one_pack_is_63_cards_as_the_rules_list_them():
    pack = Counter(one_pack())
    assert sum(pack.values()) == 63
    assert sum(count for card, count in pack.items() if card[:-1] in ("11", "12")) == 8
    assert pack["13H"] == pack["13D"] == 1 and pack["13S"] == pack["13C"] == 0
    assert pack["JK"] == 1


@pytest.mark.parametrize("players", [3, 6, 9])
def test_the_deck_is_three_63_card_packs_189_cards(engine, players):
    state = engine.fold(engine.start(players, rng=random.Random(7)))
    assert sum(FULL_DECK.values()) == 189
    assert every_card(state) == FULL_DECK
    assert sum(len(hand) for hand in state.hands) + len(state.deck) + 1 == 189  # + the bounty card


# --- the deal's block order ---------------------------------------------------------------------


def test_cards_are_dealt_11_a_seat_in_blocks_then_the_bounty_then_the_deck(engine):
    pack = [card for card in one_pack() if card != "JK"]
    stacked = pack[: 3 * 11 + 1 + 5]
    events = engine.start(3, deck=stacked, rng=random.Random(0))
    dealt = events[1]
    assert dealt["type"] == "dealt" and dealt["round"] == 1
    assert dealt["hands"] == [stacked[0:11], stacked[11:22], stacked[22:33]]
    assert dealt["bounty"] == stacked[33]
    assert dealt["deck"][:5] == stacked[34:39]
    assert len(dealt["deck"]) == 189 - 34
    state = engine.fold(events)
    assert [list(hand) for hand in state.hands] == dealt["hands"]
    assert state.bounty == stacked[33] and list(state.deck) == dealt["deck"]


def test_a_short_stacked_deck_is_followed_by_the_rest_of_the_189_shuffled(engine):
    first = engine.fold(engine.start(4, deck=["3S", "3H"], rng=random.Random(1)))
    second = engine.fold(engine.start(4, deck=["3S", "3H"], rng=random.Random(2)))
    assert first.hands[0][:2] == second.hands[0][:2] == ("3S", "3H")
    assert every_card(first) == every_card(second) == FULL_DECK
    assert first.hands != second.hands  # the rest is shuffled by the rng


def test_a_full_stacked_deck_sets_every_card(engine):
    full = sorted(FULL_DECK.elements())
    full.remove("JK")
    full.insert(0, "JK")  # a joker in seat 0's hand, not at the bounty position
    events = engine.start(5, deck=full, rng=random.Random(0))
    dealt = events[1]
    assert [card for hand in dealt["hands"] for card in hand] + [dealt["bounty"]] + dealt["deck"] == full


@pytest.mark.parametrize("deck", [["JK"] * 4, ["5S"] * 4, ["13S"], ["13C"], ["1S"], ["5X"], [5]])
def test_a_stacked_deck_naming_a_card_too_often_or_not_in_the_deck_raises_value_error(engine, deck):
    with pytest.raises(ValueError):
        engine.start(3, deck=deck, rng=random.Random(0))


def test_a_stacked_deck_may_name_each_card_as_often_as_the_three_packs_hold_it(engine):
    events = engine.start(3, deck=["5S"] * 3 + ["13H"] * 3, rng=random.Random(0))
    assert events[1]["hands"][0][:6] == ["5S"] * 3 + ["13H"] * 3


def test_every_later_round_is_dealt_from_all_189_cards_shuffled_ruling_10(engine, deal, act):
    from dataclasses import replace

    _, state = deal("3S 3H", "4S 4H", "5S 5H", bounty="8D", deck="9C 10C")
    # the stacked round 1, cut short: seat 1 is out, seat 0 plays its last card
    state = replace(
        state, phase="playing", ask=None, hands=(("3S",), (), ("5S", "5H")), places=(1, None, None), to_move=0
    )
    rounds = []
    for seed in (1, 2):
        events, after = act(state, 0, {"type": "play", "cards": ["3S"]}, seed=seed)
        assert kinds(events)[-2:] == ["dealt", "swapped"]
        dealt = events[-2]
        assert dealt["round"] == 2
        assert sum(len(hand) for hand in dealt["hands"]) + 1 + len(dealt["deck"]) == 189
        assert every_card(after) == FULL_DECK
        rounds.append(dealt["hands"])
    assert rounds[0] != rounds[1]  # shuffled by the rng, not the stacked order


# --- the bounty card ----------------------------------------------------------------------------


def test_the_card_after_the_hands_is_turned_up_as_the_bounty(deal):
    events, state = deal("3S", "4S", "5S", bounty="8D", deck="9C 10C")
    assert events[1]["bounty"] == "8D" and state.bounty == "8D"
    assert events[1]["jokers_returned"] == 0
    assert "8D" not in [card for hand in state.hands for card in hand][:3]
    assert list(state.deck[:2]) == ["9C", "10C"]


def test_a_joker_turned_up_as_the_bounty_goes_back_into_the_deck_and_the_next_card_is_turned_ruling_9(deal):
    events, state = deal("3S", "4S", "5S", bounty="JK", deck="8D 9C 10C")
    dealt = events[1]
    assert dealt["bounty"] == "8D" and state.bounty == "8D"
    assert dealt["jokers_returned"] == 1
    assert dealt["deck"].count("JK") == 3  # this joker and the two still in the shuffled rest
    assert len(dealt["deck"]) == 189 - 33 - 1
    assert every_card(state) == FULL_DECK


def test_two_jokers_in_a_row_both_go_back_and_are_recorded(deal):
    events, state = deal("3S", "4S", "5S", bounty="JK", deck="JK 8D 9C")
    dealt = events[1]
    assert dealt["bounty"] == "8D" and dealt["jokers_returned"] == 2
    assert dealt["deck"].count("JK") == 3
    assert every_card(state) == FULL_DECK


def test_a_returned_joker_lands_at_a_random_place_written_into_the_dealt_event(engine, stacked):
    deck = stacked("3S", "4S", "5S", bounty="JK", deck="8D")
    places = set()
    for seed in range(12):
        dealt = engine.start(3, deck=deck, rng=random.Random(seed))[1]
        assert dealt["bounty"] == "8D"
        places.add(tuple(index for index, card in enumerate(dealt["deck"]) if card == "JK"))
    assert len(places) > 1


# --- options -------------------------------------------------------------------------------------


def test_default_options_are_five_rounds_table_mode_and_five_fake_jokers(engine):
    """RULINGS: "`table` (the default for Spite) plays like the real table"."""
    events = engine.start(3, rng=random.Random(0))
    started = events[0]
    assert started["options"] == {"rounds": 5, "misplays": "table", "fake_jokers": 5}
    assert len(started["fake_joker_faces"]) == 5 and len(set(started["fake_joker_faces"])) == 5
    assert engine.fold(events).options.rounds == 5


@pytest.mark.parametrize("options", [None, {}, {"rounds": None}])
def test_no_options_or_none_mean_the_defaults(engine, options):
    state = engine.fold(engine.start(3, options=options, rng=random.Random(0)))
    assert state.options.rounds == 5 and state.options.misplays == "table"


@pytest.mark.parametrize("rounds", [1, 2, 50])
def test_rounds_option_from_1_to_50(engine, rounds):
    state = engine.fold(engine.start(3, options={"rounds": rounds}, rng=random.Random(0)))
    assert state.options.rounds == rounds


@pytest.mark.parametrize(
    "options",
    [
        {"rounds": 0},
        {"rounds": 51},
        {"rounds": -1},
        {"rounds": "5"},
        {"rounds": 2.0},
        {"rounds": True},
        {"colour": "red"},
        {"round": 3},
        {"misplays": "lenient"},
        {"misplays": True},
        {"fake_jokers": -1},
        {"fake_jokers": 53},
        {"fake_jokers": "5"},
        {"fake_jokers": False},
        {"fake_jokers": 2, "fake_joker_faces": ["9C"]},
        {"fake_joker_faces": ["9C", "9C"]},
        {"fake_joker_faces": ["13H"]},
        {"fake_joker_faces": ["JK"]},
        {"fake_joker_faces": "9C"},
        {"fake_joker_faces": [9]},
    ],
)
def test_unknown_options_and_bad_values_raise_value_error(engine, options):
    with pytest.raises(ValueError):
        engine.start(3, options=options, rng=random.Random(0))


@pytest.mark.parametrize("options", [["rounds", 5], "rounds=5", 5])
def test_options_that_are_not_a_dict_raise_value_error(engine, options):
    with pytest.raises(ValueError):
        engine.start(3, options=options, rng=random.Random(0))


@pytest.mark.parametrize("mode", ["table", "strict"])
def test_both_misplay_modes_can_be_chosen(engine, mode):
    state = engine.fold(engine.start(4, options={"misplays": mode}, rng=random.Random(0)))
    assert state.options.misplays == mode and state.options.table_mode == (mode == "table")


def test_fake_joker_faces_option_sets_the_fake_jokers(engine):
    events = engine.start(3, options={"fake_joker_faces": ["9C", "AS", "KH"]}, rng=random.Random(0))
    assert events[0]["fake_joker_faces"] == ["9C", "AS", "KH"]
    assert events[0]["options"]["fake_jokers"] == 3
    view = engine.view(engine.fold(events), 0)
    assert view["fake_joker_pile"] == 3
    assert all(player["fake_joker_count"] == 0 for player in view["players"])


def test_the_fake_joker_count_option_without_faces_draws_that_many_faces(engine):
    events = engine.start(3, options={"fake_jokers": 0}, rng=random.Random(0))
    assert events[0]["fake_joker_faces"] == []
    events = engine.start(3, options={"fake_jokers": 8}, rng=random.Random(0))
    faces = events[0]["fake_joker_faces"]
    assert len(faces) == len(set(faces)) == 8
    assert all(face[:-1] in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for face in faces)


# --- the start ----------------------------------------------------------------------------------


def test_start_gives_match_started_then_dealt_and_the_first_round_opens_higher(engine):
    events = engine.start(4, rng=random.Random(3))
    assert kinds(events) == ["match_started", "dealt"]
    state = engine.fold(events)
    assert state.round == 1 and state.phase == "opening" and state.direction == "higher"
    assert state.to_move is None
    assert state.scores == (0, 0, 0, 0)
    assert state.buy_backs == 0


def test_start_is_reproducible_from_its_rng_and_events_are_json_safe(engine):
    import json

    first = engine.start(5, rng=random.Random(42))
    second = engine.start(5, rng=random.Random(42))
    assert first == second
    assert json.loads(json.dumps(first)) == first
    assert engine.fold(json.loads(json.dumps(first))) == engine.fold(first)


def test_start_without_rng_uses_system_randomness(engine):
    state = engine.fold(engine.start(3))
    assert every_card(state) == FULL_DECK

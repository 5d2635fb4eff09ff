"""Setup rules: players, options, the deck, the deal and who starts."""

import random
from collections import Counter

import pytest

from games.engines.spank.deck import full_deck
from games.engines.spank.options import parse_options

HIGH = ["9", "10", "J", "Q", "K", "A"]
LOW = ["2", "3", "4", "5", "6", "7"]
SUITS = ["S", "H", "D", "C"]


def deck_of(engine, players, options=None):
    dealt = engine.start(players, options=options, rng=random.Random(1))[0]
    every_card = [card for hand in dealt["hands"] for card in hand]
    every_card += [card for seat in dealt["stacks"] for stack in seat for card in stack]
    return Counter(every_card + dealt["stock"])


def packs_of(ranks, count):
    return Counter({rank + suit: count for rank in ranks for suit in SUITS})


@pytest.mark.parametrize("players", [0, 1, 10, -2, True, "3", 2.0, None])
def test_players_must_be_2_to_9(engine, players):
    with pytest.raises(ValueError):
        engine.start(players)


@pytest.mark.parametrize(
    "options",
    [
        {"colour": True},
        {"sequence": "yes"},
        {"sequence": 1},
        {"two_set": "quarter"},
        {"two_set": True},
        {"two_set": ["full"]},
        ["sequence"],
        "sequence",
    ],
)
def test_unknown_option_or_bad_value_raises_value_error(engine, options):
    with pytest.raises(ValueError):
        engine.start(2, options=options)


def test_options_are_normalized_into_the_deal(engine):
    assert engine.start(2)[0]["options"] == {"sequence": False, "two_set": None}
    dealt = engine.start(2, options={"two_set": "half"}, rng=random.Random(0))[0]
    assert dealt["options"] == {"sequence": False, "two_set": "half"}
    assert parse_options({"sequence": True, "two_set": None}).sequence is True


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_base_deck_is_three_packs_of_9_to_ace_for_2_to_5_players(engine, players):
    assert deck_of(engine, players) == packs_of(HIGH, 3)
    assert sum(deck_of(engine, players).values()) == 72


@pytest.mark.parametrize("players", [6, 7, 8, 9])
def test_base_deck_is_four_packs_for_6_to_9_players(engine, players):
    assert deck_of(engine, players) == packs_of(HIGH, 4)


@pytest.mark.parametrize("players, packs", [(2, 3), (5, 3), (6, 4), (9, 4)])
def test_full_two_set_deck_has_every_rank_but_8_in_the_usual_pack_count(engine, players, packs):
    deck = deck_of(engine, players, {"two_set": "full"})
    assert deck == packs_of(LOW + HIGH, packs)
    assert not any(card.startswith("8") for card in deck)


@pytest.mark.parametrize("players, packs", [(2, 1), (4, 1), (5, 2), (7, 2), (8, 3), (9, 3)])
def test_half_two_set_deck_pack_count(engine, players, packs):
    assert deck_of(engine, players, {"two_set": "half"}) == packs_of(LOW + HIGH, packs)


def test_deal_is_hand_then_stacks_seat_by_seat_and_the_rest_is_the_stock(engine):
    deck = [
        "9S",
        "9H",
        "9D",
        "9C",
        "10S",
        "JS",
        "JH",
        "JD",
        "JC",
        "QS",
        "AS",
        "AH",
        "AD",
        "AC",
        "KS",
        "10H",
        "10D",
        "10C",
        "QH",
        "QD",
        "KH",
    ]
    dealt = engine.start(2, deck=deck, rng=random.Random(3))[0]
    assert dealt["hands"] == [deck[0:5], deck[10:15]]
    assert dealt["stacks"] == [[[card] for card in deck[5:10]], [[card] for card in deck[15:20]]]
    assert dealt["stock"][0] == "KH"
    assert len(dealt["stock"]) == 72 - 20


def test_short_stacked_deck_is_followed_by_the_rest_shuffled_by_rng(engine):
    first = engine.start(3, deck=["AS", "AS"], rng=random.Random(7))[0]
    again = engine.start(3, deck=["AS", "AS"], rng=random.Random(7))[0]
    other = engine.start(3, deck=["AS", "AS"], rng=random.Random(8))[0]
    assert first == again
    assert first["hands"][0][:2] == ["AS", "AS"]
    assert first["stock"] != other["stock"]
    assert deck_of(engine, 3) == packs_of(HIGH, 3)


@pytest.mark.parametrize(
    "deck",
    [
        ["AS", "AS", "AS", "AS"],  # three packs hold three
        ["8S"],  # no 8s in Spank!
        ["2H"],  # no 2s without two_set
        ["XX"],
        [9],
        [["AS"]],
        "AS KS",
        {"AS": 1},
    ],
)
def test_stacked_deck_naming_a_card_the_deck_lacks_raises_value_error(engine, deck):
    with pytest.raises(ValueError):
        engine.start(2, deck=deck)


def test_stacked_deck_may_hold_a_card_as_often_as_the_packs_do(engine):
    engine.start(6, deck=["AS"] * 4)
    engine.start(2, options={"two_set": "half"}, deck=["2H"])
    with pytest.raises(ValueError):
        engine.start(2, options={"two_set": "half"}, deck=["2H", "2H"])


def test_dealt_event_holds_everything_so_replay_needs_no_randomness(engine):
    events = engine.start(4, options={"sequence": True, "two_set": "full"}, rng=random.Random(5))
    dealt = events[0]
    assert set(dealt) >= {"type", "players", "options", "hands", "stacks", "stock", "first"}
    assert engine.fold(events) == engine.fold([dict(event) for event in events])
    assert len(full_deck(4, parse_options(dealt["options"]))) == 3 * 48


def test_first_event_is_the_deal_then_the_first_seats_score_step(engine):
    events = engine.start(2, rng=random.Random(0))
    assert [event["type"] for event in events] == ["dealt", "scored"]
    assert events[1]["seat"] == events[0]["first"]
    assert events[1]["points"] == 0
    state = engine.fold(events)
    assert state.to_move == events[0]["first"]


def first_seat(engine, *stacks, options=None):
    """Who starts when seat i's stacks are stacks[i] (hands are filled from the unused cards)."""
    players = len(stacks)
    unused = Counter(full_deck(players, parse_options(options)))
    unused.subtract(card for seat_stacks in stacks for card in seat_stacks.split())
    spare = iter(sorted(unused.elements()))
    deck = []
    for seat_stacks in stacks:
        deck += [next(spare) for _ in range(5)] + seat_stacks.split()
    return engine.start(players, options=options, deck=deck, rng=random.Random(0))[0]["first"]


def test_highest_left_most_stack_starts(engine):
    assert first_seat(engine, "QS KS KH KD KC", "AH 9S 9H 9D QH", "KD AS AD AC AC") == 1


def test_who_starts_ace_is_highest_and_9_lowest(engine):
    assert first_seat(engine, "9S AS AH AD AC", "10S 9H 9D 9C 9C") == 1
    assert first_seat(engine, "AS 9H 9D 9C 9C", "KS AH AD AC AS") == 0


def test_who_starts_tie_goes_to_the_next_stack_among_the_tied(engine):
    # Seats 0 and 2 tie on K (seat 1 has only a Q); their stack 1 decides: J beats 10.
    assert first_seat(engine, "KS 10S AS AH AD", "QS AH AD AC AC", "KH JH 9S 9H 9D") == 2
    # Tied until the last stack.
    assert first_seat(engine, "KS QS JS 10S 9S", "KH QH JH 10H AH") == 1


def test_who_starts_complete_tie_goes_to_the_lowest_seat(engine):
    assert first_seat(engine, "KS QH QD 9S AC", "9C 9H 9D 9S 9S", "KH QS QC 9H AD") == 0


def test_who_starts_with_two_set_orders_2_lowest_7_below_9(engine):
    options = {"two_set": "full"}
    assert first_seat(engine, "7S 7H 7D 7C 7S", "9S 2S 2H 2D 2C", options=options) == 1
    assert first_seat(engine, "2S AS AH AD AC", "3S 2H 2D 2C 2C", options=options) == 1
    assert first_seat(engine, "AS 2S 2H 2D 2C", "7S AH AD AC AS", options=options) == 0


def test_replay_never_consults_randomness(engine, monkeypatch):
    events = engine.start(4, rng=random.Random(9))
    rng = random.Random(9)
    state = engine.fold(events)
    while not state.over:
        legal = engine.legal_commands(state, state.to_move)
        new = engine.decide(state, state.to_move, rng.choice(legal), rng=rng)
        events += new
        state = engine.fold(new, state)

    def no_randomness(*args, **kwargs):
        raise AssertionError("evolve used randomness")

    monkeypatch.setattr(random.Random, "shuffle", no_randomness)
    monkeypatch.setattr(random.Random, "random", no_randomness)
    monkeypatch.setattr(random, "SystemRandom", no_randomness)
    assert engine.fold(events) == state
    assert any(event["type"] == "drew" and event["reshuffled"] for event in events)

"""start (docs/engines.md, "Starting a game"): seats numbered 0 to players - 1; options a dict of the
game's options, unknown keys or bad values a ValueError; a stacked deck dealt in the documented blocks, seat
by seat, the rest of the full deck following shuffled by rng; a card named more often than the full deck
holds it a ValueError."""

import random

import pytest

from contract.profiles import profile_of
from games.engines import GAMES, IllegalCommand, get_engine

pytestmark = pytest.mark.parametrize("game", GAMES)


def test_seats_are_numbered_from_0_for_every_table_size_the_game_takes(game):
    engine = get_engine(game)
    for players in engine.seat_choices:
        state = engine.fold(engine.start(players, rng=random.Random(players)))
        view = engine.view(state, players - 1)
        assert len(view["players"]) == players and "hand" in view["players"][players - 1]
        assert view["to_move"] is None or 0 <= view["to_move"] < players
        for seat in (-1, players):
            with pytest.raises(IllegalCommand):
                engine.decide(state, seat, {"type": "pass"}, rng=random.Random(0))


def test_a_table_size_the_game_does_not_take_is_a_value_error(game):
    engine = get_engine(game)
    for players in (engine.min_players - 1, engine.max_players + 1, 0, -2, True, "3", 3.0, None):
        with pytest.raises(ValueError):
            engine.start(players, rng=random.Random(0))


def bad_values(field):
    """Values of one of the lobby's option fields that the game must refuse."""
    if field["kind"] == "number":
        return [field["min"] - 1, field["max"] + 1, "3", 2.5]
    if field["kind"] == "bool":
        return ["yes", 1]
    return ["no such choice"]


def test_unknown_options_and_bad_values_are_a_value_error(game):
    engine, profile = get_engine(game), profile_of(game)
    players = engine.min_players
    bad = [{"no_such_option": 1}, ["rounds"], "rounds", 3, *profile.bad_options]
    bad += [{field["name"]: value} for field in engine.option_fields for value in bad_values(field)]
    for options in bad:
        with pytest.raises(ValueError):
            engine.start(players, options=options, rng=random.Random(0))
    assert engine.start(players, options={}, rng=random.Random(0)) == engine.start(players, rng=random.Random(0))


@pytest.mark.parametrize("seed", range(3))
def test_a_stacked_deck_is_dealt_in_the_documented_order(game, seed):
    engine, profile = get_engine(game), profile_of(game)
    players, options = profile.setup(random.Random(seed))
    deck = profile.full_deck(players, options)
    random.Random(seed).shuffle(deck)
    state = engine.fold(engine.start(players, options=options, deck=deck, rng=random.Random(0)))
    top = 0
    for seat in range(players):
        view = engine.view(state, seat)
        hand, rest = profile.dealt(view, seat)
        block = deck[top : top + len(hand) + len(rest)]
        assert sorted(hand) == sorted(block[: len(hand)])
        assert [card if shown is not None else None for card, shown in zip(block[len(hand) :], rest)] == rest
        top += len(block)
    profile.check_after_deal(engine.view(state, None), deck[top:])


def test_a_short_stacked_deck_is_followed_by_the_rest_shuffled_by_rng(game):
    engine, profile = get_engine(game), profile_of(game)
    players, options = profile.setup(random.Random(1))
    deck = profile.full_deck(players, options)
    random.Random(1).shuffle(deck)
    short = deck[: len(deck) // 3]
    dealt = engine.start(players, options=options, deck=short, rng=random.Random(5))
    assert engine.start(players, options=options, deck=short, rng=random.Random(5)) == dealt
    state = engine.fold(dealt)
    hand, _ = profile.dealt(engine.view(state, 0), 0)
    assert sorted(hand) == sorted(short[: len(hand)])


def test_naming_a_card_more_often_than_the_full_deck_holds_it_is_a_value_error(game):
    engine, profile = get_engine(game), profile_of(game)
    players, options = profile.setup(random.Random(0))
    deck = profile.full_deck(players, options)
    engine.start(players, options=options, deck=deck, rng=random.Random(0))
    for stacked in (deck + deck[:1], ["1Z"], [deck[0]] * (deck.count(deck[0]) + 1)):
        with pytest.raises(ValueError):
            engine.start(players, options=options, deck=stacked, rng=random.Random(0))

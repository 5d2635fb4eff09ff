"""A bot sees only its seat: the view it is given and the legal list. Whatever the cards it cannot see
(the other hands, the deck, the win piles under their tops), its choice is the same."""

import json
import random

import pytest
from bot_helpers import with_other_hidden_cards
from contract.profiles import profile_of

from games.bots import LEVELS, bot_for, choose, match
from games.engines import GAMES, get_engine

# Every installed game's short table, fair and random bots in turn; and some of the real games' variations.
CASES = [
    (game, [("fair", "random")[seat % 2] for seat in range(profile_of(game).short[0])], profile_of(game).short[1])
    for game in GAMES
] + [
    ("spite_and_malice", ["fair", "random"], None),
    ("spite_and_malice", ["fair", "fair", "fair"], {"win_pile": 5}),
    ("spank", ["fair", "random", "fair"], None),
    ("spite", ["fair", "random", "fair"], {"rounds": 2}),
]


@pytest.mark.parametrize(
    "game, levels, options", CASES, ids=[f"{case[0]}-{len(case[1])}-{n}" for n, case in enumerate(CASES)]
)
def test_the_same_view_and_legal_list_give_the_same_command_whatever_the_hidden_cards(game, levels, options):
    engine = get_engine(game)
    rng = random.Random(5)
    checked = 0
    for number, step in enumerate(match.steps(engine, levels, 3, options)):
        if number % 5 and checked >= 10:  # the first ten steps, then every fifth (a short game has few)
            continue
        other = with_other_hidden_cards(game, step.state, step.seat, rng)
        assert other != step.state
        assert engine.view(other, step.seat) == step.view
        legal = engine.legal_commands(other, step.seat)
        assert legal == step.legal
        for level in LEVELS:
            assert choose(game, step.view, step.legal, random.Random(number), level) == choose(
                game, engine.view(other, step.seat), legal, random.Random(number), level
            )
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("game", GAMES)
def test_a_bot_needs_nothing_but_the_json_a_seat_is_sent(game):
    """The view and the list as they would travel (JSON) give the same command as the engine's own dicts."""
    engine = get_engine(game)
    players, options = profile_of(game).short
    levels = [("fair", "random")[seat % 2] for seat in range(players)]
    for number, step in enumerate(match.steps(engine, levels, 8, options)):
        if number % 5 == 0 and number < 400:
            sent_view, sent_legal = json.loads(json.dumps(step.view)), json.loads(json.dumps(step.legal))
            bot = bot_for(game, levels[step.seat])
            sent = bot(sent_view, sent_legal, random.Random(number))
            assert sent == bot(step.view, step.legal, random.Random(number))


def test_the_same_generator_state_gives_the_same_choice():
    engine = get_engine("spank")
    state = engine.fold(engine.start(3, rng=random.Random(2)))
    seat = state.to_move
    view, legal = engine.view(state, seat), engine.legal_commands(state, seat)
    for level in LEVELS:
        first = choose("spank", view, legal, random.Random(9), level)
        assert first == choose("spank", view, legal, random.Random(9), level)


@pytest.mark.parametrize(
    "game, levels, options", CASES, ids=[f"{case[0]}-{len(case[1])}-{n}" for n, case in enumerate(CASES)]
)
def test_the_order_of_the_legal_list_does_not_change_the_choice(game, levels, options):
    """Engines may list equal choices in an order that changes between processes (Spite's hands come from
    sets of strings): a bot's choice depends on which commands are listed, not on their order."""
    engine = get_engine(game)
    rng = random.Random(6)
    for number, step in enumerate(match.steps(engine, levels, 4, options)):
        if number % 3 == 0 and len(step.legal) > 1:
            shuffled = rng.sample(step.legal, len(step.legal))
            for level in LEVELS:
                assert choose(game, step.view, shuffled, random.Random(number), level) == choose(
                    game, step.view, step.legal, random.Random(number), level
                )

"""The one way the platform asks a bot: by game and level, with no game special-cased."""

import random

import pytest

from games.bots import LEVELS, bot_for, choose, levels
from games.engines import GAMES, get_engine, registry


def test_every_game_has_a_bot_at_every_level():
    for game in GAMES:
        assert registry.game(game).bot is not None, f"{game} declares no fair bot"
        assert levels(game) == LEVELS
        for level in LEVELS:
            assert callable(bot_for(game, level))
    assert levels("poker") == ()


def test_an_unknown_game_or_level_is_a_clear_error():
    with pytest.raises(ValueError, match="No bot plays"):
        bot_for("poker")
    with pytest.raises(ValueError, match="Unknown bot level"):
        bot_for("spank", "grandmaster")


@pytest.mark.parametrize("level", LEVELS)
def test_out_of_turn_a_bot_starts_no_countdown_and_with_nothing_to_do_gives_none(level):
    engine = get_engine("spite")
    state = engine.fold(engine.start(3, options={"misplays": "strict"}, rng=random.Random(3)))
    while state.to_move is None or not state.trick.plays:  # play on until a seat to act could pass
        seat = (
            state.to_move
            if state.to_move is not None
            else next(seat for seat in range(3) if engine.legal_commands(state, seat))
        )
        command = choose("spite", engine.view(state, seat), engine.legal_commands(state, seat), random.Random(0))
        state = engine.fold(engine.decide(state, seat, command, rng=random.Random(0)), state)
    waiting = next(seat for seat in range(3) if seat != state.to_move)
    legal = engine.legal_commands(state, waiting)
    assert legal == [{"type": "start_countdown"}]
    assert choose("spite", engine.view(state, waiting), legal, random.Random(0), level) is None


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_with_no_legal_command_gets_none(game):
    engine = get_engine(game)
    state = engine.fold(engine.start(3, rng=random.Random(1)))
    idle = next(seat for seat in range(3) if not engine.legal_commands(state, seat))
    for level in LEVELS:
        assert choose(game, engine.view(state, idle), [], random.Random(0), level) is None

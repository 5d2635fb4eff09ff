"""Bots in whole games: every command a bot gives is one the engine lists and accepts (strict mode), games
between fair bots run to the end, and a game is the same game again from the same seed."""

import pytest
from contract.profiles import profile_of

from games.bots import match
from games.engines import GAMES, get_engine

# (game, one level a seat, options, seeds): fair bots against random ones and against each other, at
# several table sizes and in the variations: every installed game's short table, and the real games'.
STRICT_GAMES = [
    *(
        (
            game,
            [("fair", "random")[seat % 2] for seat in range(profile_of(game).short[0])],
            profile_of(game).short[1],
            range(3),
        )
        for game in GAMES
    ),
    ("spite_and_malice", ["fair", "random"], None, range(6)),
    ("spite_and_malice", ["random", "fair", "fair"], {"win_pile": 5}, range(3)),
    ("spite_and_malice", ["fair", "fair", "random", "fair"], {"win_pile": 5}, range(2)),
    ("spank", ["fair", "random"], None, range(6)),
    ("spank", ["random", "fair", "fair"], {"sequence": True}, range(2)),
    ("spank", ["fair", "random"], {"two_set": "half", "sequence": True}, range(2)),
    ("spank", ["fair", "fair"], {"two_set": "full"}, range(2)),
    ("spite", ["fair", "random", "random"], {"misplays": "strict", "rounds": 2}, range(6)),
    ("spite", ["random", "fair", "random", "fair"], {"misplays": "strict", "rounds": 2}, range(4)),
    ("spite", ["fair"] * 6, {"misplays": "strict", "rounds": 1}, range(2)),
]

# Fair bots only, to the end within a bound of commands (a game that went on would fail, not hang).
FAIR_GAMES = [
    *((game, *profile_of(game).short, 3000) for game in GAMES),
    ("spite_and_malice", 2, None, 1500),
    ("spite_and_malice", 3, None, 2000),
    ("spite_and_malice", 4, None, 2500),
    ("spank", 2, None, 600),
    ("spank", 3, {"sequence": True}, 1500),
    ("spite", 3, {"rounds": 3}, 1500),
    ("spite", 5, {"rounds": 2}, 2000),
    ("spite", 9, {"rounds": 1}, 2500),
]


def _cases(table):
    return [
        pytest.param(game, levels, options, seed, id=f"{game}-{len(levels)}-{'-'.join(levels)}-{seed}-{number}")
        for number, (game, levels, options, seeds) in enumerate(table)
        for seed in seeds
    ]


@pytest.mark.parametrize("game, levels, options, seed", _cases(STRICT_GAMES))
def test_every_command_a_bot_gives_is_listed_and_accepted_in_strict_mode(game, levels, options, seed):
    engine = get_engine(game)
    given = 0
    for step in match.steps(engine, levels, seed, options, max_commands=6000):
        # The referee has the engine decide each command: a refusal would raise IllegalCommand here.
        assert step.command in step.legal, (step.seat, levels[step.seat], step.command)
        given += 1
    assert engine.is_over(step.after), f"no end after {given} commands"


@pytest.mark.parametrize(
    "game, players, options, bound",
    FAIR_GAMES,
    ids=[f"{game}-{players}-{number}" for number, (game, players, _, _) in enumerate(FAIR_GAMES)],
)
def test_games_between_fair_bots_end(game, players, options, bound):
    engine = get_engine(game)
    for seed in range(2):
        state = match.play(engine, ["fair"] * players, seed, options, max_commands=bound)
        assert engine.is_over(state), f"seed {seed}: not over after {bound} commands"
        assert state.winner is not None or game == "spite_and_malice"  # only a stalemate between equals is a draw


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_plays_the_same_game_again(game):
    players, options = profile_of(game).short
    levels = [("fair", "random")[seat % 2] for seat in range(players)]
    engine = get_engine(game)
    first = [(step.seat, step.command) for step in match.steps(engine, levels, 11, options)]
    again = [(step.seat, step.command) for step in match.steps(engine, levels, 11, options)]
    assert first == again
    other = [(step.seat, step.command) for step in match.steps(engine, levels, 12, options)]
    assert other != first


def test_in_table_mode_the_fair_bot_never_calls_a_legal_play():
    """Bots play only legal hands, so any call among them would be a wrong one: the fair bot makes none,
    though calls are open to it after every play."""
    engine = get_engine("spite")
    open_to_it = 0
    for seed in range(4):
        levels = ["fair", "random", "fair", "random"]
        for step in match.steps(engine, levels, seed, {"rounds": 1}):
            assert step.command["type"] != "call_misplay"
            if levels[step.seat] == "fair":
                open_to_it += any(command["type"] == "call_misplay" for command in step.legal)
        assert step.after.over
    assert open_to_it > 50

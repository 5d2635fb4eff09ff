"""Climb: the tests' own small card game, installed beside the real ones only in the test run
(tests/installed_games.py sets CARDROOM_EXTRA_GAMES), to show that a game is one folder and one registry
line: it is played through the whole platform (lobby, live frames, REST, its timer, its bot, replays,
fair-deal checks, the leak scan) with no platform edit.

Modules: engine (the rules, the same shape as a real game's), bot, board (where its commands go on the
board), game (its Game), templates/climb/ and static/climb/. Its contract profile is
tests/contract/profiles/climb.py, beside the real games'.
"""

from .engine import ClimbEngine, engine
from .game import game

__all__ = ["ClimbEngine", "engine", "game"]

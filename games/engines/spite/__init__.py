"""Spite: a trick-taking, shedding card game for 3 to 9 players, as a pure engine. See engine.py.

Modules, in reading order: options, deck, hands (the ranking), candidates
(every hand a seat could make), state, trick, rounds, evolve, decide, deal,
legal, view, engine.

What the platform gets besides the engine (game.py, its Game: games.engines.registry): the fair bot
(bot.py), where the board's commands go (board.py), the templates (templates/spite/: board, about, rules)
and the stylesheet (static/spite/board.css).
"""

from .engine import SpiteEngine, engine
from .game import game

__all__ = ["engine", "SpiteEngine", "game"]

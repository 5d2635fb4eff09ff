"""Spite & Malice (Beal Family rules) as a pure engine. See engine.py for the interface.

Modules, in reading order: options, deck, state, piles, turns, stalemate,
deal, evolve, legal, decide, view, engine.

What the platform gets besides the engine (game.py, its Game: games.engines.registry): the fair bot
(bot.py), where the board's commands go (board.py), the templates (templates/spite_and_malice/: board, about, rules)
and the stylesheet (static/spite_and_malice/board.css).
"""

from .engine import SpiteAndMaliceEngine, engine
from .game import game

__all__ = ["engine", "SpiteAndMaliceEngine", "game"]

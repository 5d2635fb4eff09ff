"""Spank! (Noby Nobriga and Rusty Spell, 1999) as a pure engine. See engine.py for the interface.

Modules, in reading order: options, deck, stack, state, turns, deal, evolve,
legal, decide, view, engine.

What the platform gets besides the engine (game.py, its Game: games.engines.registry): the fair bot
(bot.py), where the board's commands go (board.py), the templates (templates/spank/: board, about, rules)
and the stylesheet (static/spank/board.css).
"""

from .engine import SpankEngine, engine
from .game import game

__all__ = ["engine", "SpankEngine", "game"]

"""What the game brings to the platform, in one place (games.engines.registry)."""

from pathlib import Path

from ..registry import Game
from . import board, bot
from .engine import engine

game = Game(
    engine=engine,
    folder=Path(__file__).parent,
    bot=bot.choose,
    layout=board.layout,
    stylesheets=("spite/board.css",),
    # A bot calls the misplays it sees from the public table (bot.py); the countdown is a person's.
    bot_calls=frozenset({"call_misplay"}),
)

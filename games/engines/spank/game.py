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
    stylesheets=("spank/board.css",),
)

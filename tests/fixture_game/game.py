"""What Climb brings to the platform, in one place (games.engines.registry)."""

from pathlib import Path

from games.engines.registry import Game

from . import board, bot
from .engine import engine

game = Game(
    engine=engine,
    folder=Path(__file__).parent,
    bot=bot.choose,
    layout=board.layout,
    stylesheets=("climb/board.css",),
    bot_calls=frozenset({"hurry"}),  # a bot hurries a seat ahead of it (bot.py)
)

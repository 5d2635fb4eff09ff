"""Bots for every game: pure functions of one seat's view and the commands the engine lists for it.

    from games.bots import choose
    command = choose("spank", view, legal, rng, level="fair")

``view`` is ``engine.view(state, seat)`` (what that seat sees) and ``legal`` is
``engine.legal_commands(state, seat)``; ``rng`` is a ``random.Random``. The answer
is a command from ``legal`` (for Spite & Malice's end of turn, a command of the
same kind that decide accepts: the bot fills and discards as it likes, within
what the view says the end of turn needs), or None when the seat has nothing
of its own turn to do and lets the out-of-turn commands go (those its game's
``bot_calls`` names it may give, it gives as it judges).

A bot never sees another seat's cards, the deck or a hidden verdict: it gets
nothing but the view and the list. Like the engines, bots are pure: no Django,
no I/O, no clock, no global random.

Levels: "fair", a bot that plays well enough to be a fair opponent for a
casual player (each game's own, the ``bot`` of its Game: games/engines/<game>/bot.py,
its heuristics in its docstring), and "random", any legal command of its turn at
random (``random_bot``), for any game.
"""

from functools import cache, partial

from games.engines import registry

from . import random_bot

LEVELS = ("fair", "random")


def choose(game, view, legal, rng, level="fair"):
    """The bot's command for the seat whose ``view`` and ``legal`` list these are (None: nothing to do)."""
    return bot_for(game, level)(view, legal, rng)


def bot_for(game, level="fair"):
    """The bot function ``(view, legal, rng) -> command or None`` for a game and level; ValueError if unknown."""
    if level not in LEVELS:
        raise ValueError(f"Unknown bot level {level!r}; the levels are {', '.join(LEVELS)}.")
    if game not in registry.names():
        raise ValueError(f"No bot plays {game!r}; bots play {', '.join(sorted(registry.names()))}.")
    bots = _bots(game)
    if level not in bots:
        raise ValueError(f"No {level} bot plays {game!r}; its bots are {' and '.join(bots)}.")
    return bots[level]


def levels(game):
    """The bot levels that play ``game`` (none for a game that is not installed): both for a game with a
    fair bot of its own, else the random bot's."""
    return tuple(_bots(game)) if game in registry.names() else ()


@cache
def _bots(game):
    """{level: bot} for an installed game. The random bot leaves the game's out-of-turn commands alone."""
    entry = registry.game(game)
    random_level = partial(random_bot.choose, out_of_turn=entry.engine.out_of_turn)
    return {"fair": entry.bot, "random": random_level} if entry.bot else {"random": random_level}

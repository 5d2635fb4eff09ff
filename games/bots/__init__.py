"""Bots for every game: pure functions of one seat's view and the commands the engine lists for it.

    from games.bots import choose
    command = choose("spank", view, legal, rng, level="fair")

``view`` is ``engine.view(state, seat)`` (what that seat sees) and ``legal`` is
``engine.legal_commands(state, seat)``; ``rng`` is a ``random.Random``. The answer
is a command from ``legal`` (for Spite & Malice's end of turn, a command of the
same kind that decide accepts: the bot fills and discards as it likes, within
what the view says the end of turn needs), or None when the seat has nothing
of its own turn to do and lets the out-of-turn commands (calls, countdowns) go.

A bot never sees another seat's cards, the deck or a hidden verdict: it gets
nothing but the view and the list. Like the engines, bots are pure: no Django,
no I/O, no clock, no global random.

Levels: "fair", a bot that plays well enough to be a fair opponent for a
casual player (one module per game, its heuristics in its docstring), and
"random", any legal command at random (``random_bot``).
"""
from . import random_bot, spank, spite, spite_and_malice

LEVELS = ("fair", "random")

FAIR = {
    "spank": spank.choose,
    "spite": spite.choose,
    "spite_and_malice": spite_and_malice.choose,
}


def choose(game, view, legal, rng, level="fair"):
    """The bot's command for the seat whose ``view`` and ``legal`` list these are (None: nothing to do)."""
    return bot_for(game, level)(view, legal, rng)


def bot_for(game, level="fair"):
    """The bot function ``(view, legal, rng) -> command or None`` for a game and level; ValueError if unknown."""
    if level not in LEVELS:
        raise ValueError(f"Unknown bot level {level!r}; the levels are {', '.join(LEVELS)}.")
    if game not in FAIR:
        raise ValueError(f"No bot plays {game!r}; bots play {', '.join(sorted(FAIR))}.")
    return FAIR[game] if level == "fair" else random_bot.choose

"""The pure game engines: no Django, no I/O, no clock, no global random.

Every engine follows the Decider shape described in docs/engines.md:
``start`` (the deal, as events), ``evolve`` (apply one event), ``fold``
(replay), ``decide`` (command -> events or IllegalCommand), ``view`` (what one
seat may see) and ``legal_commands``. A game declares its commands once, in a
command table (command_table.py: each type's handler and who may send it, the
turn clock's combined in); ``base.Engine.decide`` makes the checks every game
shares and calls the handler. Old event shapes are read through each engine's
``upcasters`` (events/upcasting.py).
"""
from functools import cache

from .errors import IllegalCommand

__all__ = ["get_engine", "IllegalCommand", "GAMES"]


# Each loader is cached: get_engine is called several times a move, and an import statement run again
# still goes through the import machinery to find the module already loaded.
@cache
def _spank():
    from .spank import engine
    return engine


@cache
def _spite_and_malice():
    from .spite_and_malice import engine
    return engine


@cache
def _spite():
    from .spite import engine
    return engine


# Each entry imports lazily so that one broken engine cannot stop the others loading.
_LOADERS = {
    "spank": _spank,
    "spite_and_malice": _spite_and_malice,
    "spite": _spite,
}

GAMES = tuple(_LOADERS)


def get_engine(name):
    """The engine for a game name ("spank", ...); ValueError for an unknown name."""
    try:
        loader = _LOADERS[name]
    except (KeyError, TypeError):
        raise ValueError(f"Unknown game {name!r}; known games: {', '.join(GAMES)}.") from None
    return loader()

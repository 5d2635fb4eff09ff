"""The pure game engines: no Django, no I/O, no clock, no global random.

Every engine follows the Decider shape described in docs/engines.md:
``start`` (the deal, as events), ``evolve`` (apply one event), ``fold``
(replay), ``decide`` (command -> events or IllegalCommand), ``view`` (what one
seat may see) and ``legal_commands``. A game declares its commands once, in a
command table (command_table.py: each type's handler and who may send it, the
turn clock's combined in); ``base.Engine.decide`` makes the checks every game
shares and calls the handler. Old event shapes are read through each engine's
``upcasters`` (events/upcasting.py).

Each game is a package here (or anywhere importable) that declares its ``Game``; the installed ones are
those settings.CARDROOM_GAMES lists (registry.py). ``GAMES`` is their names, in the site's order.
"""

from . import registry
from .errors import IllegalCommand

__all__ = ["GAMES", "IllegalCommand", "get_engine"]


def get_engine(name):
    """The engine for a game name ("spank", ...); ValueError for an unknown name."""
    return registry.game(name).engine


def __getattr__(name):
    # GAMES is read from the registry when first asked for, not at import: the setting that lists the
    # games may not be readable yet while Django loads its apps.
    if name == "GAMES":
        return registry.names()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""The games the platform plays: one ``Game`` a game, declared in the game's own package, and the one
setting that lists them.

A game is one folder, a package such as ``games/engines/spite/``, that holds its engine, its bot, its board
layout, its templates and its stylesheet, and declares them in a ``Game`` it exposes as ``game``::

    # games/engines/spite/game.py
    game = Game(engine=engine, folder=Path(__file__).parent, bot=bot.choose, layout=board.layout,
                stylesheets=("spite/board.css",), bot_calls=frozenset({"call_misplay"}))

``settings.CARDROOM_GAMES`` lists the installed games' packages, in the order the site shows them
(``CARDROOM_EXTRA_GAMES`` in the environment adds more: the tests add their fixture game so). The platform
reads it once, as Django starts (games.apps), and hands it to ``install``; a script without Django (the
engine benchmarks) installs the same list itself. This module is then the only place the platform learns
of games: the lobby's choices and its check of a table's game, ``get_engine``, the bots, the board targets,
the template and static file lookups (games.game_files), the rules pages, the home page's list and the
stylesheets every page links. Like the engines it knows no Django.

What a ``Game`` names, and the conventions the platform follows for it:

``engine``       the game's engine (games.engines.base.Engine); its ``name`` is the game's name in tables,
                 URLs, template and static paths: lower case letters, digits and "_".
``folder``       the package's folder. Its ``templates/`` holds ``<name>/board.jinja`` (the board: the live
                 table, replays and reviews draw it), ``<name>/about.html`` (the home page's introduction)
                 and ``<name>/rules.html`` (the rules page's body), and any template they include, under
                 ``<name>/``; its ``static/`` the files ``stylesheets`` names.
``bot``          the fair bot, ``(view, legal, rng) -> command or None`` (games.bots); None when only the
                 random bot plays the game.
``layout``       where each command the board offers goes: ``layout(board, view, seat, offered)`` fills a
                 games.frames.board_targets.Board with the names the board template gives its elements.
``stylesheets``  static paths of the game's CSS (under ``folder/static``), which every page links.
``bot_calls``    hook: the out-of-turn commands (ANY_SEAT in the command table) a bot may give while it has
                 nothing of its own turn to do, such as Spite's misplay calls. A bot is asked out of turn
                 only when its seat may give one of these; every other out-of-turn command
                 (``Engine.out_of_turn``: a countdown on a slow player) is a person's, never a bot's.

An engine's timers need no declaration: a timer's kind is its key up to the last "-" ("countdown-4" is a
"countdown"), and a board is given the running deadline of each kind as ``clocks[kind]`` (with
"due_ms" and "seconds_left") to tick, beside the platform's own ``turn_clock``.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path

NAME = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True)
class Game:
    """What one game brings to the platform (see the module's docstring)."""

    engine: object
    folder: Path
    bot: Callable = None
    layout: Callable = None
    stylesheets: tuple = ()
    bot_calls: frozenset = frozenset()

    @property
    def name(self):
        return self.engine.name

    @property
    def title(self):
        return self.engine.title

    @property
    def board_template(self):
        return f"{self.name}/board.jinja"

    @property
    def about_template(self):
        return f"{self.name}/about.html"

    @property
    def rules_template(self):
        return f"{self.name}/rules.html"

    @property
    def template_dir(self):
        return Path(self.folder) / "templates"

    @property
    def static_dir(self):
        return Path(self.folder) / "static"


def load(packages):
    """The ``Game`` of each package, in order: ImportError for a package that is missing, TypeError for one
    that declares no Game, ValueError for a name that is not one or that two games share."""
    games = {}
    for package in packages:
        game = getattr(import_module(package), "game", None)
        if not isinstance(game, Game):
            raise TypeError(f"The game package {package!r} has no `game` (a games.engines.registry.Game).")
        if not NAME.fullmatch(game.name):
            raise ValueError(f"{package}: a game's name is lower case letters, digits and _, not {game.name!r}.")
        if game.name in games:
            raise ValueError(f"{package}: two installed games are called {game.name!r}.")
        games[game.name] = game
    return tuple(games.values())


_installed = None  # {name: Game}, in the site's order, once ``install`` has run


def install(packages):
    """Install the games of these packages (settings.CARDROOM_GAMES), in place of any installed before."""
    global _installed
    _installed = {game.name: game for game in load(packages)}


def _by_name():
    if _installed is None:
        raise LookupError(
            "No games are installed: Django installs settings.CARDROOM_GAMES as it starts (games.apps); "
            "a script without Django calls games.engines.registry.install(settings.CARDROOM_GAMES)."
        )
    return _installed


def games():
    """Every installed game, in the site's order."""
    return tuple(_by_name().values())


def names():
    """The installed games' names, in the site's order."""
    return tuple(_by_name())


def game(name):
    """The installed game called ``name``; ValueError, listing the games, for any other name."""
    try:
        return _by_name()[name]
    except (KeyError, TypeError):
        raise ValueError(f"Unknown game {name!r}; known games: {', '.join(names())}.") from None

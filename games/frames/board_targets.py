"""What each place on a table page may send: the commands a seat is offered, laid out on its board.

The table script (static/js/table/) knows no game. It keeps a selection (cards, or one source), and
sends only what this module put on the page, as ``<script id="board-targets">`` (JSON):

``targets``   ``{name: {selection key: command}}``: what a click on the element with
              ``data-target="name"`` sends, for each selection that can be played there. A key is
              the selected items' tokens, sorted and joined by spaces: a card's code ("9S"), a card
              of a ``data-group`` as "group:code" ("fake_up:9C"), a source's ``data-source``
              ("stack:1"). The key ``"*"`` holds a template that takes any selection of cards, for a
              game that does not list its plays (Spite's table mode): each ``"$group"`` value is
              replaced by the selected cards of that group, ``"$cards"`` by those of no group.
``commands``  ``{name: command}``: what a ``data-command="name"`` button sends, whatever is selected.
``playable``  the tokens some target takes: those cards and sources get ``.playable``.

Each game has one function, its Game's ``layout`` (games.engines.registry), that says where each of its
offered commands goes on its board: the names it uses are those its template gives its elements.
"""

from collections import defaultdict

from games.engines import registry


class Board:
    """The page's targets, commands and playable tokens, filled in by a game's function."""

    def __init__(self):
        self.targets = defaultdict(dict)
        self.commands = {}
        self.playable = set()

    def target(self, name, command, tokens):
        """``command`` is what target ``name`` sends when exactly ``tokens`` are selected."""
        self.targets[name].setdefault(selection_key(tokens), command)
        self.playable.update(tokens)

    def template(self, name, template, tokens):
        """Target ``name`` takes any selection of cards into ``template`` ("$group" placeholders);
        ``tokens``: the cards it may be given."""
        self.targets[name]["*"] = template
        self.playable.update(tokens)

    def command(self, name, command):
        self.commands.setdefault(name, command)

    @staticmethod
    def grouped(codes, group):
        """The tokens of cards of a data-group ("fake_up:9C")."""
        return [f"{group}:{code}" for code in codes]

    def as_json(self):
        return {"targets": dict(self.targets), "commands": self.commands, "playable": sorted(self.playable)}


def selection_key(tokens):
    """The key of a selection (as the table script makes it): its tokens, sorted, space-separated."""
    return " ".join(sorted(tokens))


def board_targets(game, view, seat, offered, more_commands=None):
    """The page's JSON for ``seat``: where each of its ``offered`` commands (engine.board_commands) goes;
    ``more_commands``: other buttons' commands by name (the host's)."""
    board = Board()
    if seat is not None and offered:
        registry.game(game).layout(board, view, seat, offered)
    for name, command in (more_commands or {}).items():
        board.command(name, command)
    return board.as_json()

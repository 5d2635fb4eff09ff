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

Each game has one function that says where each of its offered commands goes on its board: the
names it uses are those its template gives its elements.
"""
from collections import defaultdict

NATURAL_SEVENS = frozenset({"7S", "7H", "7D", "7C"})
OTHER_DIRECTION = {"higher": "lower", "lower": "higher"}


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

    def as_json(self):
        return {"targets": dict(self.targets), "commands": self.commands, "playable": sorted(self.playable)}


def selection_key(tokens):
    """The key of a selection (as the table script makes it): its tokens, sorted, space-separated."""
    return " ".join(sorted(tokens))


def grouped(codes, group):
    """The tokens of cards of a data-group."""
    return [f"{group}:{code}" for code in codes]


def board_targets(game, view, seat, offered, more_commands=None):
    """The page's JSON for ``seat``: where each of its ``offered`` commands (engine.board_commands) goes;
    ``more_commands``: other buttons' commands by name (the host's)."""
    board = Board()
    if seat is not None and offered:
        PLACES[game](board, view, seat, offered)
    for name, command in (more_commands or {}).items():
        board.command(name, command)
    return board.as_json()


# --- where each game's commands go -------------------------------------------------------------

def spank(board, view, seat, offered):
    """Discard selected cards; spank another seat's stack with a card; move an own stack (a source) onto
    another or place a card in an empty one; retire a stack; end the turn."""
    for command in offered:
        kind = command["type"]
        if kind == "discard":
            board.target("discard", command, command["cards"])
        elif kind == "spank":
            board.target(f"spank-{command['seat']}-{command['stack']}", command, [command["card"]])
        elif kind == "move":
            board.target(f"stack-{command['to']}", command, [f"stack:{command['from']}"])
        elif kind == "place":
            board.target(f"stack-{command['stack']}", command, [command["card"]])
        elif kind == "retire":
            board.command(f"retire-{command['stack']}", command)
        else:
            board.command(kind, command)


def spite_and_malice(board, view, seat, offered):
    """Play a hand card, the win card or a discard pile's top (sources) onto a play pile; end the turn by
    discarding a card onto an own discard pile. Filling empty discard piles is the end-of-turn form's."""
    for command in offered:
        kind = command["type"]
        if kind == "play":
            source = {"hand": command.get("card"), "win": "win"}.get(command["from"], f"discard:{command.get('pile')}")
            board.target(f"pile-{command['to']}", command, [source])
        elif kind == "end_turn" and command["fills"]:
            continue  # composed by the end-of-turn form (every way to fill the piles is too many to list)
        elif kind == "end_turn" and command["discard"]:
            discard = command["discard"]
            board.target(f"discard-{discard['pile']}", command, [discard["card"]])
        else:
            board.command(kind, command)


def spite(board, view, seat, offered):
    """Play the selected hand cards and fake jokers or reward cards (the group "fake_up"): on the trick or
    "Play selected" ("play"), calling the direction ("call") or "unbeatable". Table mode offers a play
    by its kind alone: any selection is sent, for the engine to judge. Every fake joker held may be
    played face down; pass, decline, misplay calls and countdowns are buttons. The reward is a form."""
    me = view["players"][seat]
    for command in offered:
        kind = command["type"]
        if kind == "play" and "cards" not in command:
            _spite_play_templates(board, view, me)
        elif kind == "play":
            _spite_play(board, view, command)
        elif kind == "play_fake_down":
            for fake in [command["fake"]] if "fake" in command else sorted(set(me.get("fake_jokers", ()))):
                board.command(f"face-down-{fake}", {"type": kind, "fake": fake})
        elif kind == "call_misplay":
            board.command(f"call-{command['play']}", command)
        elif kind != "reward":
            board.command(kind, command)


def _spite_play(board, view, command):
    tokens = [*command["cards"], *grouped(command.get("fake_up", ()), "fake_up")]
    board.target("unbeatable" if command.get("announce") == "unbeatable" else "play", command, tokens)
    # Natural 7s may call the direction round (the engine lists the play without the call), unless they
    # go on 7s, which turn it by themselves.
    codes = command["cards"] + command.get("fake_up", [])
    if "announce" not in command and set(codes) <= NATURAL_SEVENS and view["trick"]["sevens_size"] is None:
        board.target("call", {**command, "announce": OTHER_DIRECTION[view["direction"]]}, tokens)


def _spite_play_templates(board, view, me):
    play = {"type": "play", "cards": "$cards", "fake_up": "$fake_up"}
    if me["passed"]:
        play["buy_back"] = view["buy_back_next"]
    tokens = [*me["hand"], *grouped(me["fake_jokers"] + me["reward_cards"], "fake_up")]
    board.template("play", play, tokens)
    board.template("call", {**play, "announce": OTHER_DIRECTION[view["direction"]]}, tokens)
    board.template("unbeatable", {**play, "announce": "unbeatable"}, tokens)


PLACES = {"spank": spank, "spite_and_malice": spite_and_malice, "spite": spite}

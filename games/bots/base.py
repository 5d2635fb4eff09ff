"""What every bot shares: which commands belong to a seat's own turn, and grouping them.

A seat's legal list may hold commands any seated player may give out of turn
(Spite's ``call_misplay`` and ``start_countdown``). A bot acts on its turn with
the others; out of turn it may only call a misplay. Bots never start a
countdown: they have no clock, and hurrying another seat is a person's game.
"""
import json

OUT_OF_TURN = frozenset({"call_misplay", "start_countdown"})


def turn_commands(legal):
    """The commands of the seat's own turn (everything but calls and countdowns)."""
    return [command for command in legal if command["type"] not in OUT_OF_TURN]


def of_type(legal, kind):
    return [command for command in legal if command["type"] == kind]


def types(legal):
    """The command types in the list, sorted (so a choice among them is repeatable)."""
    return sorted({command["type"] for command in legal})


def in_fixed_order(commands):
    """The commands sorted by their JSON text. An engine may list equal-ranked choices in an order that
    changes from one process to the next (Spite builds hands from sets of strings); a bot that picks at
    random, or breaks ties by position, picks from this order so that a seed always gives the same game."""
    return sorted(commands, key=lambda command: json.dumps(command, sort_keys=True))

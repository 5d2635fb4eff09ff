"""What every bot shares (each game's fair bot, games/engines/<game>/bot.py, and games.bots): which
commands belong to a seat's own turn, and grouping them.

A seat's legal list may hold commands any seated player may give out of turn (ANY_SEAT in the game's
command table, ``Engine.out_of_turn``: Spite's misplay calls and countdowns). A bot acts on its turn with
the others; out of turn it may give only those its game's ``bot_calls`` names (games.engines.registry),
and the platform asks it out of turn only when it may give one of them.
"""

import json


def turn_commands(legal, out_of_turn=frozenset()):
    """The commands of the seat's own turn: every one but those of the types ``out_of_turn`` names."""
    return [command for command in legal if command["type"] not in out_of_turn]


def may_call(legal, calls):
    """Whether ``legal`` holds a command of a type a bot may give out of its turn (its game's ``bot_calls``)."""
    return any(command["type"] in calls for command in legal)


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

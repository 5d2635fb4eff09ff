"""A game's command table: every command type it takes, declared once, with its handler and who may send it.

An engine's ``commands`` is a dict {command type: Command}. ``Engine.decide`` (base.py) checks
what every game shares (the command's shape, that its type is in the table, that the game runs,
that the sender may give it) and then calls the handler; the platform routes a command by its
sender, and refuses one sent from a version the table has left unless it holds at any version. The
turn clock's commands are a table of their own, combined into each game's with ``combine``.
"""

from dataclasses import dataclass
from typing import Callable

# Who may send a command.
SEAT_TO_ACT = "seat_to_act"  # a seated player whom the game lets act now (usually: its turn)
ANY_SEAT = "any_seat"  # any seated player, in turn or not (Spite's call_misplay and start_countdown)
HOST = "host"  # the table's host; decided with seat None
STAFF = "staff"  # a staff account; decided with seat None
SYSTEM = "system"  # timers and the lobby (a late join); decided with seat None; never a user

SEATED = frozenset({SEAT_TO_ACT, ANY_SEAT})  # decided with the sender's seat number
UNSEATED = frozenset({HOST, STAFF, SYSTEM})  # decided with seat None
SENDERS = SEATED | UNSEATED


@dataclass(frozen=True)
class Command:
    """One entry of a command table."""

    handler: Callable  # handler(state, seat, command, rng) -> list of events; IllegalCommand with a sentence
    sender: str  # one of SENDERS
    after_end: bool = False  # may be given once the game is over (staff overturning a ruling)
    # Means the same whatever the sender saw (it names no card, seat or move: taking one's seat back from a
    # bot), so the platform applies it at the table's latest version instead of refusing it as stale.
    any_version: bool = False

    def __post_init__(self):
        if self.sender not in SENDERS:
            raise ValueError(f"A command's sender is one of {', '.join(sorted(SENDERS))}, not {self.sender!r}.")


def combine(*tables):
    """One table of the given ones (a game's and the turn clock's); ValueError if two declare one type."""
    combined = {}
    for table in tables:
        for kind, command in table.items():
            if kind in combined:
                raise ValueError(f"Two commands are called {kind!r}.")
            combined[kind] = command
    return combined


def handle(table, state, seat, command, rng=None):
    """The events of ``command`` straight from its handler in ``table``, without the shared checks: for a
    game deciding a command it chose itself (the turn clock's default action)."""
    return table[command["type"]].handler(state, seat, command, rng)

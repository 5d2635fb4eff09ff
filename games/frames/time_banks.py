"""A turn-based table's part of the live table: each seat's time bank left, shown in the turn banner.

The banks are Seat rows, and a running game's frames are drawn on the event loop from the snapshot alone
(games.live.table_cache.render), so they are read with the snapshot, on a thread: this is an extra part of
the table (``register_extra``, registered in games.apps), read again after every move at a turn-based table
(``follows_moves``) and never while a frame or a memoised block is drawn.
"""

from games.frames import clock_words
from games.play import time_bank

TEMPLATE = "games/_time_banks.jinja"


def follows_moves(table):
    """A move ends a turn, which may draw on its seat's bank: a turn-based table's part is read again."""
    return table.turn_based


def read(table, game):
    """The part's context while a turn-based table's game runs, else None: "banks", [(seat, words)] (none
    at a table without a bank)."""
    if not table.turn_based or not game.started or game.engine.is_over(game.state):
        return None
    return {
        "template": TEMPLATE,
        "place": "banner",
        "banks": banks(table) if table.time_bank else [],
    }


def banks(table):
    """[(seat number, its bank left in words)] for every seat of ``table``, in seat order."""
    return [(number, _words(left)) for number, left in time_bank.banks_left(table)]


def _words(seconds):
    return clock_words.time_left_words(seconds) if seconds else "spent"

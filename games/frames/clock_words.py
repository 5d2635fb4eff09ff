"""A turn-based table's times in words: its pace ("Turn-based: 1 day a move, 1-day bank") for the lobby
and the table's heading, and a time left as a player reads a deadline days away ("1 d 4 h", "3 h 12 min",
"12 min"; seconds only in the last minute). static/js/table/clocks.js words a ticking clock the same way.
"""

import math

from games.models import MOVE_TIME_CHOICES, TIME_BANK_CHOICES

MINUTE, HOUR, DAY = 60, 3600, 86400


def time_left_words(seconds):
    """``seconds`` left, rounded up as a countdown shows them: to the hour from a day on, to the minute
    from a minute on ("1 d 4 h", "2 d", "3 h 12 min", "1 h", "12 min", "45 s")."""
    if seconds < MINUTE:
        return f"{max(0, seconds)} s"
    minutes = math.ceil(seconds / MINUTE)
    if minutes < HOUR // MINUTE:
        return f"{minutes} min"
    if minutes < DAY // MINUTE:
        hours, minutes = divmod(minutes, HOUR // MINUTE)
        return f"{hours} h {minutes} min" if minutes else f"{hours} h"
    days, hours = divmod(math.ceil(seconds / HOUR), DAY // HOUR)
    return f"{days} d {hours} h" if hours else f"{days} d"


def pace_words(table):
    """How a turn-based table's times read ("Turn-based: 1 day a move, 1-day bank"); None at a live table."""
    if not table.turn_based:
        return None
    per_move = dict(MOVE_TIME_CHOICES).get(table.move_time) or time_left_words(table.move_time)
    return f"Turn-based: {per_move} a move, {bank_words(table.time_bank)}"


def bank_words(seconds):
    """A whole time bank as a noun phrase: "1-day bank", "7-day bank", "no time bank"."""
    if not seconds:
        return "no time bank"
    label = dict(TIME_BANK_CHOICES).get(seconds)
    if label is None:
        return f"{time_left_words(seconds)} bank"
    count, unit = label.split()
    return f"{count}-{unit.removesuffix('s')} bank"  # "3 days" -> "3-day"

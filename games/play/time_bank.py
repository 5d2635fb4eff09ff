"""A turn-based table's clock: each move has the table's time per move, and a slower move draws the rest
from its player's time bank, as Board Game Arena's turn-based tables do.

A seat's turn starts when it becomes the seat to act (its "turn-<version>" Deadline is created then) and
ends when another seat is to act or the game ends; the time it took beyond ``Table.move_time`` is drawn
from the seat's bank (``Seat.bank_used``) in the transaction that ends it. The turn's deadline is the time
per move plus what is left of the bank: when it passes, the seat forfeits (turn_clock.OUT_OF_TIME).
"""

import math

from django.db.models import F
from django.db.models.functions import Least

from games.models import Deadline, Seat


def bank_left(table, seat):
    """The seconds left in ``seat``'s time bank (the table's whole bank for a seat nobody holds)."""
    used = Seat.objects.filter(table=table, number=seat).values_list("bank_used", flat=True).first() or 0
    return _left(table, used)


def banks_left(table):
    """[(seat number, the seconds left in its bank)] for every seat of ``table``, in seat order (one query)."""
    seats = table.seats.order_by("number").values_list("number", "bank_used")
    return [(number, _left(table, used)) for number, used in seats]


def _left(table, used):
    return max(0, table.time_bank - used)


def allowance(table, seat):
    """The seconds ``seat`` has for the turn it starts now: the time per move and the bank left."""
    return table.move_time + bank_left(table, seat)


def overrun(table, seat, now):
    """(seat, seconds) that the turn of ``seat`` ending at ``now`` draws from its bank; None if it took no
    longer than the time per move."""
    started = (
        Deadline.objects.filter(table=table, kind=Deadline.Kind.TURN, seat=seat)
        .order_by("-version")
        .values_list("created_at", flat=True)
        .first()
    )
    if started is None:
        return None
    over = math.ceil((now - started).total_seconds()) - table.move_time
    return (seat, over) if over > 0 else None


def draw(table, overrun):
    """Draw ``overrun`` (from ``overrun``, or None) from the seat's bank, never below empty."""
    if overrun is None:
        return
    seat, seconds = overrun
    Seat.objects.filter(table=table, number=seat).update(bank_used=Least(F("bank_used") + seconds, table.time_bank))

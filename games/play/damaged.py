"""Tables whose event log does not fold: found once, recorded for staff, and refused with a sentence.

A stored event the engine cannot apply (a card its seat does not hold, a shape no upcaster knows) leaves
the state after it unknown, so the table can be neither shown nor played. Every fold of a table's stored
events goes through ``fold`` (or ``evolve``), which turns whatever the engine raises into DamagedLog: a
TableError (409) with the sentence every page, API answer and socket reading the table shows, and nothing
is ever appended after it (the command path folds before it decides). The first read that finds it
records it on the table (``Table.damaged_at``, ``Table.damage``) and logs it at ERROR; the lobby marks
such a table and the review queue lists them for staff. Nothing is written to the log itself: it is
append-only, and what went wrong is a matter for staff and the code, not a move of the game.
"""

import logging

from django.shortcuts import render

from games.errors import DamagedLog
from games.models import Table

log = logging.getLogger(__name__)

REASON_LENGTH = 1000  # of the engine's error, as recorded on the table


def fold(table, engine, events, state=None):
    """``state`` (the initial state when None) with ``table``'s stored ``events`` applied in order;
    DamagedLog at the first the engine cannot apply."""
    if state is None:
        state = engine.initial_state()
    for event in events:
        state = evolve(table, engine, state, event)
    return state


def evolve(table, engine, state, event):
    """``state`` after ``table``'s stored ``event``; DamagedLog if the engine cannot apply it."""
    try:
        return engine.evolve(state, event.payload)
    except Exception as error:  # any error of the engine's on a stored event: the log, not the caller, is at fault
        raise found(table, event.version, error) from error


def found(table, version, error):
    """DamagedLog for ``table`` at ``version``; the first time, recorded on the table and logged at ERROR."""
    reason = f"{type(error).__name__}: {error}"[:REASON_LENGTH]
    recorded = Table.objects.filter(pk=table.pk, damaged_at__isnull=True).update(damaged_at=version, damage=reason)
    if recorded:
        log.error(
            "Table %s: its event log does not fold at event %s (%s); play at it is stopped.", table.pk, version, reason
        )
    table.damaged_at, table.damage = version, reason
    return DamagedLog(table.pk, version, reason)


def damaged_tables():
    """The tables found damaged, the latest first: what the review queue tells staff."""
    return Table.objects.filter(damaged_at__isnull=False).select_related("host")


class DamagedLogPage:
    """Middleware: a page that reads a damaged table (the table, its replay, a dispute's board) answers a
    page with the sentence (409), never a server error. The API says the same through its own handler."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, DamagedLog):
            return None
        return render(request, "games/damaged.html", {"message": exception.message}, status=exception.status)

"""Closing tables that never started: the host's cancel, and the periodic close of forgotten ones.

A closed table keeps its row (its invite link then says it was closed) but leaves the lobby. A table
that never started has no events, so nothing of a game is lost.
"""

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from games.errors import Conflict, Forbidden
from games.models import Table
from games.play import broadcast
from games.tables import lobby


def cancel_table(table, user):
    """The host closes their open table; only while nobody else has taken a seat."""
    if table.host_id != user.pk:
        raise Forbidden("Only the host can cancel this table.")
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        lobby.refuse_unless_open(table)
        others = table.seats.exclude(user_id=user.pk).count()
        if others:
            raise Conflict(
                f"{_players(others)} joined this table already, so it can no longer be cancelled; "
                "start the game when every seat is taken."
            )
        _close(table)
    return table


def close_for_departed_host(table):
    """The host deleted their account (games.tables.leaving): their open table closes, whoever has joined
    it, since nobody else may start it."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        if table.status == Table.Status.OPEN:
            _close(table)


def close_stale_tables(now=None):
    """Close every open table nobody has joined or created for UNSTARTED_TABLE_HOURS (a turn-based one:
    UNSTARTED_TURN_BASED_TABLE_DAYS, as friends far apart gather over days); returns how many."""
    now = now or timezone.now()
    live = _stale(now - timedelta(hours=settings.UNSTARTED_TABLE_HOURS)).filter(move_time__isnull=True)
    turn_based = _stale(now - timedelta(days=settings.UNSTARTED_TURN_BASED_TABLE_DAYS)).filter(move_time__isnull=False)
    closed = 0
    for table_id in [*live.values_list("pk", flat=True), *turn_based.values_list("pk", flat=True)]:
        with transaction.atomic():
            table = Table.objects.select_for_update().filter(pk=table_id, status=Table.Status.OPEN).first()
            if table is not None:  # it may have started since the query
                _close(table)
                closed += 1
    return closed


def _stale(cutoff):
    """The open tables nobody has created or joined since ``cutoff``."""
    return (
        Table.objects.filter(status=Table.Status.OPEN, created_at__lt=cutoff)
        .annotate(last_joined=Max("seats__joined_at"))
        .filter(Q(last_joined__isnull=True) | Q(last_joined__lt=cutoff))
    )


def _close(table):
    table.status = Table.Status.CLOSED
    table.save(update_fields=["status"])
    table.awaiting.clear()
    broadcast.lobby_changed()
    broadcast.table_changed(table, 0, seating=True)
    if table.rematch_of_id:
        broadcast.table_changed(table.rematch_of, 0, seating=True)


def _players(count):
    return "Another player" if count == 1 else f"{count} other players"

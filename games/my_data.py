"""A player's games in their 'Download my data' (accounts.my_data): every table they sat at, with its game
as they may read it, every chat line they said, and the turn e-mails owed to them.

A finished game is its record (games.replay.record), the same document as the replay's "Download the
game": the whole game, as anyone who may see the table reads it once it is over. A game still in play is
its events as the player's own seat sees them (seat_view.visible_events, the one place that redacts), so no
hidden card of another seat is in the file.
"""

from games.errors import TableError
from games.models import Seat, Table
from games.play import seat_view
from games.replay import record as records
from games.tables import chat


def tables(user):
    seats = Seat.objects.filter(user=user).select_related("table").order_by("table__created_at", "table_id")
    return [_table(seat.table, seat.number, user) for seat in seats]


def chat_lines(user):
    return [{"table": table_id, "at": line.at, "text": line.text} for table_id, line in chat.said_by(user)]


def turn_emails(user):
    """The turn e-mails owed to the player (games.play.nudges): each table and move, and whether it was sent
    or skipped (and why)."""
    return [
        {"table": str(nudge.table_id), "version": nudge.version, "at": nudge.created_at, "settled": nudge.how}
        for nudge in user.nudges.order_by("created_at", "id")
    ]


def _table(table, seat, user):
    shown = {
        "id": str(table.id),
        "name": table.name,
        "game": table.game,
        "status": table.status,
        "private": table.private,
        "hosted": table.host_id == user.pk,
        "seat": seat,
        "created_at": table.created_at,
    }
    try:
        return {**shown, **_game(table, user)}
    except TableError as error:  # a damaged log: what the table's pages say of it instead
        return {**shown, "unreadable": error.message}


def _game(table, user):
    if table.status == Table.Status.FINISHED:
        return {"record": records.record(table)}
    if table.status == Table.Status.RUNNING:
        return {"events_as_your_seat": seat_view.visible_events(table, user)}
    return {}

"""Your games: every table a player sits at that is in play (and after them, the open ones waiting to
start), those awaiting the player's move first, each with whose turn it is and how long that turn has left.

Read in few queries whatever the number of tables: one for the tables, their seats and players and each
stream's latest version, one for their turns' deadlines; each game comes from the process's cache of
states (games.play.game_state) when it holds that version. What a table shows is public (whose turn it
is, as the game's public view says); whether the player's own seat is awaited is the one thing read from
``Engine.awaited_seats``, which may depend on that seat's secret and is told only to it.

The header's badge (how many tables await the player's move) is counted when a page draws the header: one
query, and the games from the cache of states.
"""

from dataclasses import dataclass
from datetime import datetime

from django.db.models import CharField, OuterRef, Subquery, Value
from django.db.models.functions import Cast, Concat
from django.utils import timezone
from django.utils.timesince import timeuntil

from events.models import Event
from games.errors import DamagedLog
from games.models import Deadline, Seat, Table
from games.play import game_state
from games.play.names import seat_name, seat_names

LISTED = (Table.Status.RUNNING, Table.Status.OPEN)


@dataclass(frozen=True)
class YourTable:
    """One of a player's tables, as the Your games page lists it."""

    table: Table
    your_move: bool
    waiting_on: tuple  # the names of the seats the game waits on, as anyone may read them
    due_at: datetime | None  # when the turn's time runs out (its TURN deadline), None without one
    turn: int | None  # the version at which that turn began: a new turn is a new number
    damaged: bool = False

    @property
    def heading(self):
        """The part of the list it is in."""
        if self.your_move:
            return "Your move"
        return "Waiting to start" if self.is_open else "Waiting for the others"

    @property
    def is_open(self):
        return self.table.status == Table.Status.OPEN

    @property
    def seats_taken(self):
        return len(self.table.seated)

    def time_left(self, now=None):
        return left_until(self.due_at, now)


def your_tables(user):
    """The user's tables in play, those awaiting their move first (the soonest to run out first), then the
    others in play, then the open ones they sit at."""
    tables = _tables_with_seats(user)
    deadlines = _turn_deadlines([table for table in tables if table.status == Table.Status.RUNNING])
    listed = [_listed(table, user, deadlines.get(table.pk)) for table in tables]
    return sorted(listed, key=_order)


def awaiting_count(user):
    """How many of the user's tables in play await their move (one query)."""
    seats = (
        Seat.objects.filter(user=user, table__status=Table.Status.RUNNING)
        .select_related("table")
        .annotate(head=_stream_head("table_id"))
    )
    count = 0
    for seat in seats:
        game = _game(seat.table, seat.head)
        count += game is not None and seat.number in game.engine.awaited_seats(game.state)
    return count


def left_until(due_at, now=None):
    """How long until ``due_at``, in words ("1 day, 3 hours left"); "" without a time, "no time left" after it."""
    if due_at is None:
        return ""
    now = now or timezone.now()
    if due_at <= now:
        return "no time left"
    return f"{timeuntil(due_at, now, depth=2)} left"


def _tables_with_seats(user):
    """The user's listed tables, each with ``seated`` ({number: user}) and ``head`` (its stream's version),
    from one query over their seats."""
    theirs = Seat.objects.filter(user=user, table__status__in=LISTED).values("table_id")
    seats = (
        Seat.objects.filter(table_id__in=theirs)
        .select_related("table", "user")
        .annotate(head=_stream_head("table_id"))
        .order_by("table_id", "number")
    )
    tables = {}
    for seat in seats:
        table = tables.setdefault(seat.table_id, seat.table)
        table.head = seat.head
        table.seated = getattr(table, "seated", {})
        table.seated[seat.number] = seat.user
    return list(tables.values())


def _stream_head(table_field):
    """The latest version of the table's event stream (games.models.Table.stream), by its unique index."""
    stream = Concat(Value("table-"), Cast(OuterRef(table_field), output_field=CharField()))
    return Subquery(Event.objects.filter(stream=stream).order_by("-version").values("version")[:1])


def _turn_deadlines(tables):
    """{table id: its latest unfired TURN deadline} for ``tables``, in one query."""
    latest = {}
    rows = Deadline.objects.filter(
        table_id__in=[table.pk for table in tables], kind=Deadline.Kind.TURN, fired_at__isnull=True
    ).order_by("table_id", "version")
    for deadline in rows:
        latest[deadline.table_id] = deadline
    return latest


def _game(table, head):
    """The table's game at ``head`` (from the cache when it holds that version), None if it does not fold."""
    try:
        return game_state.load(table, head or None)
    except DamagedLog:
        return None


def _listed(table, user, deadline):
    names = seat_names(table, table.seated)
    if table.status == Table.Status.OPEN:
        return YourTable(table, your_move=False, waiting_on=(), due_at=None, turn=None)
    game = _game(table, table.head)
    if game is None:
        return YourTable(table, your_move=False, waiting_on=(), due_at=None, turn=None, damaged=True)
    own_seat = next(number for number, seated in table.seated.items() if seated.pk == user.pk)
    to_move = game.engine.view(game.state, None).get("to_move") if game.started else None
    your_move = own_seat in game.engine.awaited_seats(game.state) if game.started else False
    waiting_on = () if to_move is None else (seat_name(names, to_move),)
    current = deadline is not None and deadline.seat == to_move
    return YourTable(
        table,
        your_move=your_move,
        waiting_on=waiting_on,
        due_at=deadline.due_at if current else None,
        turn=deadline.version if current else None,
    )


def _order(entry):
    """Your move first, then the others in play, then the open tables; within each, the soonest to run
    out first, then the newest."""
    never = datetime.max.replace(tzinfo=timezone.get_current_timezone())
    return (not entry.your_move, entry.is_open, entry.due_at or never, -entry.table.created_at.timestamp())

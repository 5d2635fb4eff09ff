"""Creating, finding, joining and starting tables."""
import random

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from events import store
from events.store import Actor, ConcurrencyConflict
from games import broadcast, game_state
from games.engines import GAMES, get_engine
from games.errors import BadRequest, Conflict, Forbidden, NotFound
from games.models import Seat, Table


def find_table(user, table_id, invite=None):
    """The table if ``user`` may see it; NotFound otherwise (a private table is not revealed)."""
    try:
        return Table.objects.visible_to(user, invite).get(pk=table_id)
    except (Table.DoesNotExist, ValidationError, ValueError):  # ValidationError: not a UUID
        raise NotFound("There is no such table, or it is private.") from None


def check_setup(game, seat_count, options):
    """Raise BadRequest unless the engine accepts this game, seat count and options."""
    if game not in GAMES:
        raise BadRequest(f"Unknown game {game!r}; choose one of: {', '.join(GAMES)}.")
    if isinstance(seat_count, bool) or not isinstance(seat_count, int):
        raise BadRequest("The number of seats must be a whole number.")
    if not isinstance(options, dict):
        raise BadRequest("Options must be an object of option names and values.")
    try:
        # A trial deal with a throwaway generator: the engine is the one judge of what is valid.
        get_engine(game).start(seat_count, options, rng=random.Random(0))
    except ValueError as error:
        raise BadRequest(str(error)) from None


@transaction.atomic
def create_table(host, game, seat_count, options=None, private=False):
    options = options or {}
    check_setup(game, seat_count, options)
    table = Table.objects.create(
        game=game, seat_count=seat_count, options=options, host=host, private=bool(private)
    )
    Seat.objects.create(table=table, number=0, user=host)
    broadcast.lobby_changed()
    return table


def join_table(table, user, seat=None):
    """Seat ``user`` (at ``seat``, or the first free one). Returns the seat number."""
    if table.status != Table.Status.OPEN:
        raise Conflict("This table has already started; you can watch it instead.")
    if table.seat_of(user) is not None:
        raise Conflict("You already have a seat at this table.")
    free = table.free_seats()
    if seat is None:
        if not free:
            raise Conflict("Every seat at this table is taken.")
        seat = free[0]
    elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.seat_count:
        raise BadRequest(f"Seats at this table are numbered 0 to {table.seat_count - 1}.")
    elif seat not in free:
        raise Conflict(f"Seat {seat} is already taken.")
    try:
        with transaction.atomic():
            Seat.objects.create(table=table, number=seat, user=user)
    except IntegrityError:
        raise Conflict("Someone took that seat a moment ago; pick another.") from None
    broadcast.lobby_changed()
    broadcast.table_changed(table, 0)
    return seat


def leave_table(table, user):
    if table.status != Table.Status.OPEN:
        raise Conflict("The game has started; seats can no longer be left.")
    if table.host_id == user.pk:
        raise Conflict("The host cannot leave; the table closes when its game ends.")
    deleted, _ = table.seats.filter(user=user).delete()
    if not deleted:
        raise Conflict("You have no seat at this table.")
    broadcast.lobby_changed()
    broadcast.table_changed(table, 0)


def start_table(table, user, rng=None):
    """Deal: the engine's start events become the stream's first events. Returns the version."""
    if table.host_id != user.pk:
        raise Forbidden("Only the host can start this table.")
    if table.status != Table.Status.OPEN:
        raise Conflict("This table has already started.")
    if not table.is_full:
        raise Conflict(f"Every seat must be taken first ({table.seats.count()} of {table.seat_count}).")
    engine = get_engine(table.game)
    events = engine.start(table.seat_count, table.options, rng=rng or random.SystemRandom())
    with transaction.atomic():
        try:
            version = store.append(table.stream, events, 0, Actor.user(user))
        except ConcurrencyConflict:
            raise Conflict("This table has already started.") from None
        table.status = Table.Status.RUNNING
        table.save(update_fields=["status"])
    game_state.remember(table.stream, version, engine.fold(events))
    broadcast.lobby_changed()
    broadcast.table_changed(table, version)
    return version

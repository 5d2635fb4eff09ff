"""Creating, finding, listing, joining and starting tables."""

import random
import re
import uuid

from django.db import IntegrityError, transaction

from events.store import Actor
from games.engines import GAMES, get_engine
from games.errors import BadRequest, Conflict, Forbidden, NotFound, StaleVersion
from games.models import (
    BOT_DELAY_CHOICES,
    DEFAULT_BOT_DELAY,
    MOVE_TIME_CHOICES,
    TIME_BANK_CHOICES,
    TURN_CLOCK_CHOICES,
    Seat,
    Table,
)
from games.play import broadcast, commands
from games.tables import kept_seats
from games.tables.table_names import table_name

# A late join that loses the race for the next event version (another join, or a move) tries again.
LATE_JOIN_ATTEMPTS = 3


# What games.models.new_invite_token makes (URL-safe base64), within the column's length.
INVITE_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,32}")


def find_table(user, table_id, invite=None):
    """The table if ``user`` may see it; NotFound otherwise (a private table is not revealed).

    BadRequest if ``invite`` is given but cannot be an invite token (only the letters,
    digits, "-" and "_" of an invite link; never a NUL, which the database refuses).
    """
    if invite and not INVITE_TOKEN.fullmatch(invite):
        raise BadRequest(
            "That is not an invite token: a token is the letters, digits, '-' and '_' at the end of an invite link."
        )
    try:
        return Table.objects.visible_to(user, invite).get(pk=uuid.UUID(str(table_id)))
    except (Table.DoesNotExist, ValueError):  # ValueError: not a UUID (the database is not asked)
        raise NotFound("There is no such table, or it is private.") from None


def visible_tables(user, status=None, game=None):
    """The tables ``user`` may see (public ones and their own), newest first; only those in ``status``
    and of ``game`` if given.

    BadRequest for a status that is not one of Table.Status, or a game that is not registered.
    """
    tables = Table.objects.visible_to(user).prefetch_related("seats__user", "awaiting").select_related("host")
    if game is not None:
        if game not in GAMES:
            raise BadRequest(f"There is no game {game!r}; choose one of: {', '.join(GAMES)}.")
        tables = tables.filter(game=game)
    if status is None:
        return tables
    if status not in Table.Status.values:
        raise BadRequest(f"There is no table status {status!r}; choose one of: {', '.join(Table.Status.values)}.")
    return tables.filter(status=status)


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


def check_turn_clock(turn_clock):
    """Raise BadRequest unless ``turn_clock`` is None (no clock) or one of the offered seconds."""
    if turn_clock is None:
        return
    if isinstance(turn_clock, bool) or turn_clock not in TURN_CLOCK_CHOICES:
        *most, last = TURN_CLOCK_CHOICES
        offered = f"{', '.join(str(seconds) for seconds in most)} or {last}"
        raise BadRequest(f"A turn clock is {offered} seconds (or none), not {turn_clock!r}.")


def check_turn_based(move_time, time_bank, turn_clock):
    """Raise BadRequest unless ``move_time`` is None (a live table) or one of the offered times per move,
    ``time_bank`` one of the offered banks, and a turn-based table has no turn clock of seconds."""
    if move_time is None:
        if time_bank:
            raise BadRequest("A time bank is for a turn-based table: choose a time per move too.")
        return
    if isinstance(move_time, bool) or move_time not in _seconds(MOVE_TIME_CHOICES):
        raise BadRequest(f"A time per move is one of {_offered(MOVE_TIME_CHOICES)} seconds, not {move_time!r}.")
    if isinstance(time_bank, bool) or time_bank not in _seconds(TIME_BANK_CHOICES):
        raise BadRequest(f"A time bank is one of {_offered(TIME_BANK_CHOICES)} seconds, not {time_bank!r}.")
    if turn_clock is not None:
        raise BadRequest("A turn-based table has a time per move, not a turn clock of seconds: choose one.")


def _seconds(choices):
    """The seconds ``choices`` offer (a list: a value that is no number, a list say, is simply not among them)."""
    return [seconds for seconds, _label in choices]


def _offered(choices):
    return ", ".join(f"{seconds} ({label})" for seconds, label in choices)


def with_turn_based(game, options, move_time):
    """The table's options with the engine's own turn-based option set, for a game whose rules change
    when the players are not all present (``Engine.turn_based_option``: Spite's countdown)."""
    name = get_engine(game).turn_based_option if game in GAMES else None
    if name is None or move_time is None:
        return options
    return {**options, name: move_time}


def check_bot_delay(bot_delay):
    """Raise BadRequest unless ``bot_delay`` is one of the offered seconds a bot waits before it acts."""
    if isinstance(bot_delay, bool) or bot_delay not in _seconds(BOT_DELAY_CHOICES):
        raise BadRequest(f"A bot's delay is one of {_offered(BOT_DELAY_CHOICES)} seconds, not {bot_delay!r}.")


def free_seat(table, seat, free):
    """``seat`` if it is one of the ``free`` seats, else the first free one when ``seat`` is None;
    BadRequest for no seat of this table, Conflict for a taken one."""
    if seat is None:
        if not free:
            raise Conflict("Every seat at this table is taken.")
        return free[0]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.seat_count:
        raise BadRequest(f"Seats at this table are numbered 0 to {table.seat_count - 1}.")
    if seat not in free:
        raise Conflict(f"Seat {seat} is already taken.")
    return seat


@transaction.atomic
def create_table(
    host,
    game,
    seat_count,
    options=None,
    private=False,
    turn_clock=None,
    name=None,
    host_seat=0,
    bot_delay=DEFAULT_BOT_DELAY,
    move_time=None,
    time_bank=0,
    **fields,
):
    """A new open table with the host at ``host_seat`` (0); ``turn_clock``: seconds per turn, or None for no
    clock; ``name``: what players read (blank or None: "Ana's Spite table"); ``bot_delay``: seconds its bots
    wait before they act (BOT_DELAY_CHOICES); ``move_time`` and ``time_bank``: a turn-based table's seconds
    per move and bank (MOVE_TIME_CHOICES, TIME_BANK_CHOICES), None for a live table. ``fields``: more Table
    fields."""
    check_turn_clock(turn_clock)
    check_turn_based(move_time, time_bank, turn_clock)
    options = with_turn_based(game, options or {}, move_time)
    check_setup(game, seat_count, options)
    check_bot_delay(bot_delay)
    table = Table.objects.create(
        game=game,
        seat_count=seat_count,
        options=options,
        host=host,
        private=bool(private),
        turn_clock=turn_clock,
        name=table_name(name, host, game),
        bot_delay=bot_delay,
        move_time=move_time,
        time_bank=time_bank,
        **fields,
    )
    Seat.objects.create(table=table, number=host_seat, user=host)
    broadcast.lobby_changed()
    return table


def join_table(table, user, seat=None):
    """Seat ``user`` (at ``seat``, or the first free one). Returns the seat number.

    A running game whose engine takes late joiners (``late_join_command``) seats the user
    at a new seat instead (see ``join_late``); any other started table refuses.
    """
    if table.accepts_late_joiners:
        return join_late(table, user, seat)
    refuse_unless_open(table)
    if table.seat_of(user) is not None:
        raise Conflict("You already have a seat at this table.")
    free = table.free_seats()
    seat = free_seat(table, kept_seats.kept_seat(table, user, free, seat), free)
    try:
        with transaction.atomic():
            # The row lock orders a join against a cancel or the periodic close (games.tables.closing).
            refuse_unless_open(Table.objects.select_for_update().get(pk=table.pk))
            Seat.objects.create(table=table, number=seat, user=user)
            table.awaiting.remove(user)
    except IntegrityError:
        raise Conflict("Someone took that seat a moment ago; pick another.") from None
    broadcast.lobby_changed()
    broadcast.table_changed(table, 0, seating=True)
    return seat


def refuse_unless_open(table):
    """Conflict, in words, unless the table is still waiting for players."""
    if table.status == Table.Status.CLOSED:
        raise Conflict("This table was closed before it started.")
    if table.status != Table.Status.OPEN:
        raise Conflict("This table has already started; you can watch it instead.")


def join_late(table, user, seat=None):
    """Add ``user`` to the running game at a new seat; returns its number.

    The engine's late-join command is decided (seat None) on the game as loaded, and its
    events, the Seat and the larger ``seat_count`` are written in one transaction (the command
    path's ``also``): the event store lets only one writer append at a version, so two joiners
    never get the same seat. The loser of such a race loads the game again and retries. The
    engine's refusals (the game is over, no seat left) are a Conflict with the engine's sentence.
    """
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
        raise BadRequest("A seat is a whole number; leave it out to take the next new seat.")
    if table.seat_of(user) is not None:
        raise Conflict("You already have a seat at this table.")
    for _attempt in range(LATE_JOIN_ATTEMPTS):
        joined = []

        def seat_the_joiner(game):
            try:
                events = commands.decide(game, None, game.engine.late_join_command)
            except commands.Refused as refusal:
                raise Conflict(refusal.message) from None
            joined.append(_joined_seat(events))
            if seat is not None and seat != joined[0]:
                raise BadRequest(f"A late joiner takes the next new seat, seat {joined[0]}; leave the seat out.")
            return events

        try:
            commands.run(
                table,
                Actor.user(user),
                seat_the_joiner,
                seating=True,
                also=lambda version: _seat(table, user, joined[0]),
            )
        except StaleVersion:
            continue
        broadcast.lobby_changed()
        return joined[0]
    raise Conflict("The table was busy (someone else joined or played at that moment); try joining again.")


def _seat(table, user, number):
    """The late joiner's Seat, and the table's larger seat count."""
    try:
        with transaction.atomic():
            Seat.objects.create(table=table, number=number, user=user)
    except IntegrityError:
        if table.seat_of(user) is not None:
            raise Conflict("You already have a seat at this table.") from None
        raise Conflict("Someone took that seat a moment ago; try joining again.") from None
    table.seat_count = number + 1
    table.save(update_fields=["seat_count"])


def _joined_seat(events):
    """The new seat's number, from the engine's "joined" event."""
    for event in events:
        if event.get("type") == "joined":
            return event["seat"]
    raise RuntimeError(f'The late-join command gave no "joined" event: {events!r}')


def leave_table(table, user):
    if table.status == Table.Status.CLOSED:
        raise Conflict("This table was closed before it started.")
    if table.status != Table.Status.OPEN:
        raise Conflict("The game has started; seats can no longer be left.")
    if table.host_id == user.pk:
        raise Conflict("The host cannot leave; the host may cancel the table while nobody else has joined.")
    deleted, _ = table.seats.filter(user=user).delete()
    if not deleted:
        raise Conflict("You have no seat at this table.")
    broadcast.lobby_changed()
    broadcast.table_changed(table, 0, seating=True)


def start_table(table, user, rng=None):
    """Deal: the engine's start events become the stream's first events. Returns the version."""
    if table.host_id != user.pk:
        raise Forbidden("Only the host can start this table.")
    if table.status == Table.Status.CLOSED:
        raise Conflict("This table was closed before it started.")
    if table.status != Table.Status.OPEN:
        raise Conflict("This table has already started.")
    if not table.is_full:
        raise Conflict(f"Every seat must be taken first ({table.seats.count()} of {table.seat_count}).")
    engine = get_engine(table.game)

    def deal(game):
        return engine.start(table.seat_count, table.options, rng=rng or random.SystemRandom())

    def running(version):
        table.status = Table.Status.RUNNING
        table.save(update_fields=["status"])

    try:
        version = commands.run(table, Actor.user(user), deal, expected_version=0, started=False, also=running)
    except StaleVersion:
        raise Conflict("This table has already started.") from None
    broadcast.lobby_changed()
    return version

"""Play now: a queue per game that seats waiting players together at a table dealt at once.

A player joins with a wish (a number of players, or any) and, if they like, a wait after which bots may
fill the seats nobody took. The queue is a row per player in PostgreSQL (games.models.QueuedPlayer), so
every web process and worker sees the same line. Who sits together is play_now_groups' rule (first come,
first seated). Seating runs in one transaction per game under an advisory lock on the game, so two
processes never deal from the same line at once, and the rows it reads are locked too, so a player
leaving or joining another game at that moment waits for it and then sees where they were seated.

A table of the queue is an ordinary public table made by the lobby's own steps (create, join, add a bot,
start), its host the player who waited longest, with a turn clock (TURN_CLOCK) so that a stranger who
walks away cannot stall the others. Once seated, a player's row keeps the table for SEATED_KEPT, so their
waiting page (or an API client) learns where to go.

A waiting player is expected to ask how the wait goes (the page does every second or two): one silent for
SILENT_AFTER is taken for gone, left out of the tables and then out of the queue, so a closed browser does
not get a seat it will never play. Beat's tick (games.tasks.seat_play_now) deals the bots' tables when a
wait runs out, and forgets the silent.
"""

import zlib
from datetime import timedelta

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from games.bots import levels
from games.engines import GAMES, get_engine
from games.errors import BadRequest, Conflict, NotFound
from games.models import QueuedPlayer

from . import bot_seating, lobby, play_now_groups

# The waits after which a player may let bots fill the empty seats, in seconds (None: never).
BOTS_AFTER_CHOICES = (10, 30, 60)
TURN_CLOCK = 60
SILENT_AFTER = timedelta(seconds=120)
SEEN_EVERY = timedelta(seconds=10)  # a player's status reads write seen_at at most this often
SEATED_KEPT = timedelta(minutes=10)
LOCK_CLASS = 0x504E  # "PN": the first key of Play now's advisory locks, the game's checksum the second


def join(user, game, seat_count=None, bots_after=None):
    """Put ``user`` in the queue for ``game``, seating whoever can be seated now; returns their row (with
    ``table`` set if this join completed a table). Joining again with the same wish keeps the player's
    place; another wish, or another game, replaces it and goes to the back of the line."""
    check_wish(game, seat_count, bots_after)
    now = timezone.now()
    with transaction.atomic():
        _lock(game)
        entry = _enter(user, game, seat_count, bots_after, now)
        _seat_waiting(game, now)
    entry.refresh_from_db()
    return entry


def check_wish(game, seat_count, bots_after):
    """BadRequest, in words, for a game, seat count or wait for bots that Play now does not offer."""
    if game not in GAMES:
        raise BadRequest(f"Unknown game {game!r}; choose one of: {', '.join(GAMES)}.")
    if seat_count is not None:
        lobby.check_setup(game, seat_count, {})
    if bots_after is None:
        return
    if isinstance(bots_after, bool) or bots_after not in BOTS_AFTER_CHOICES:
        *most, last = BOTS_AFTER_CHOICES
        raise BadRequest(
            f"Bots may fill after {', '.join(map(str, most))} or {last} seconds (or never), not {bots_after!r}."
        )
    if not levels(game):
        raise BadRequest(f"No bot plays {get_engine(game).title}; leave the wait for bots out.")


def leave(user):
    """Take ``user`` out of the queue at once. NotFound if they are not in it; Conflict naming the table
    if they were seated already (a seat is left at its table, not here)."""
    deleted, _ = QueuedPlayer.objects.filter(user=user, table__isnull=True).delete()
    if deleted:
        return
    entry = QueuedPlayer.objects.select_related("table").filter(user=user).first()
    if entry is None:
        raise NotFound("You are not waiting in Play now's queue.")
    raise Conflict(f"You were seated already, at {entry.table.name}: /tables/{entry.table_id}/.")


def status(user):
    """``user``'s row: waiting (``table`` None) or seated; NotFound if they are in no queue. Reading it
    counts as being there (see SILENT_AFTER)."""
    entry = QueuedPlayer.objects.select_related("table").filter(user=user).first()
    if entry is None:
        raise NotFound("You are not waiting in Play now's queue.")
    now = timezone.now()
    if entry.table_id is None and entry.seen_at < now - SEEN_EVERY:
        QueuedPlayer.objects.filter(pk=entry.pk).update(seen_at=now)
    return entry


def waiting_count(game):
    """How many players wait for ``game`` now."""
    return QueuedPlayer.objects.filter(game=game, table__isnull=True).count()


def bots_at(entry):
    """When bots may fill ``entry``'s table, or None if they may not."""
    return None if entry.bots_after is None else entry.joined_at + timedelta(seconds=entry.bots_after)


def sweep(now=None):
    """Beat's tick: forget the silent and the long seated, then deal every game's tables that can be dealt
    now (those with bots among them, once a wait has run out). Returns the tables dealt."""
    now = now or timezone.now()
    QueuedPlayer.objects.filter(table__isnull=True, seen_at__lt=now - SILENT_AFTER).delete()
    QueuedPlayer.objects.filter(seated_at__lt=now - SEATED_KEPT).delete()
    dealt = []
    for game in QueuedPlayer.objects.filter(table__isnull=True).values_list("game", flat=True).distinct():
        if game not in GAMES:
            continue  # a game no longer installed: its players wait in vain until they leave
        with transaction.atomic():
            _lock(game)
            dealt += _seat_waiting(game, now)
    return dealt


def _lock(game):
    """Hold Play now's lock on ``game`` until the transaction ends (SQLite takes the whole database's)."""
    if connection.vendor == "postgresql":
        key = zlib.crc32(game.encode()) - 2**31  # a signed 32-bit key
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [LOCK_CLASS, key])


def _enter(user, game, seat_count, bots_after, now):
    """The user's row, waiting for ``game`` with this wish (locked: a seating at this moment ends first)."""
    wish = {"game": game, "seat_count": seat_count, "bots_after": bots_after}
    entry = QueuedPlayer.objects.select_for_update().filter(user=user).first()
    if entry is None:
        try:
            with transaction.atomic():
                return QueuedPlayer.objects.create(user=user, joined_at=now, seen_at=now, **wish)
        except IntegrityError:
            raise Conflict("You joined the queue a moment ago, in another window; look there.") from None
    if entry.table_id is not None or any(getattr(entry, field) != value for field, value in wish.items()):
        entry.joined_at, entry.table, entry.seated_at = now, None, None
        for field, value in wish.items():
            setattr(entry, field, value)
    entry.seen_at = now
    entry.save()
    return entry


def _seat_waiting(game, now):
    """Deal the tables play_now_groups forms from ``game``'s line (the caller holds the game's lock)."""
    line = list(
        QueuedPlayer.objects.select_for_update(of=("self",))
        .select_related("user")
        .filter(game=game, table__isnull=True, seen_at__gte=now - SILENT_AFTER)
    )
    wishes = [play_now_groups.Wish(entry.pk, entry.seat_count, bots_due=_bots_due(entry, now)) for entry in line]
    by_key = {entry.pk: entry for entry in line}
    groups = play_now_groups.tables(wishes, list(get_engine(game).seat_choices))
    return [_deal(game, [by_key[key] for key in group.players], group) for group in groups]


def _bots_due(entry, now):
    due = bots_at(entry)
    return due is not None and due <= now


def _deal(game, entries, group):
    """One table for ``entries`` (the first hosts) and ``group.bots`` bots, dealt; their rows say where."""
    host, *others = [entry.user for entry in entries]
    table = lobby.create_table(host, game, group.seat_count, turn_clock=TURN_CLOCK)
    for user in others:
        lobby.join_table(table, user)
    for _ in range(group.bots):
        bot_seating.add_bot(table, host, levels(game)[0])
    lobby.start_table(table, host)
    QueuedPlayer.objects.filter(pk__in=[entry.pk for entry in entries]).update(table=table, seated_at=timezone.now())
    return table

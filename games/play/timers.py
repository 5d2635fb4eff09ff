"""Timers: the deadlines a change to a table sets, recorded with it and handed to Celery.

When games.play.commands.run appends events, ``deadlines`` works out the Deadline rows the change sets:
one for each of the engine's timers that is new (``Engine.timers``); at a table with a turn clock, or a
turn-based one, one for a turn that began (turn-based: the seat's time per move and bank,
games.play.time_bank); and at a table where bots play, one for the bots' look at the new version (a
"bot-<version>" deadline, due after the table's bot delay: games.play.bot_turns). ``record`` saves them
in the same transaction as the events: the row is the timer, and Celery beat's tick fires it once it is
due (games.play.firing.fire_due). So that it fires on time, not up to a tick late, once the transaction
commits a run of that same job is queued for each row's time (``games.fire_due_deadlines``, named, not
imported: firing sits above the command path): a worker never runs it before the row exists, and losing
it loses no timer.
Once a table has ended, ``forget_ended`` deletes its rows: bookkeeping no timer needs any more.
"""

import logging
from datetime import timedelta

from celery import current_app
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.models import Deadline, Table
from games.play import bot_seats, game_state, time_bank

log = logging.getLogger(__name__)

FIRE_DUE_TASK = "games.fire_due_deadlines"  # games.tasks
QUEUE_AHEAD = timedelta(minutes=10)


def deadlines(table, engine, before, after, version):
    """The Deadlines (unsaved) a change from ``before`` to ``after`` sets; ``version``: the table's after it.
    None once the game is over."""
    if after is None or engine.is_over(after):
        return []
    now = timezone.now()
    wanted = [_engine_deadline(timer, version, now) for timer in engine.timers(after)]
    turn = _turn_deadline(table, engine, before, after, version, now)
    bot = _bot_deadline(table, engine, after, version, now)
    return wanted + [deadline for deadline in (turn, bot) if deadline is not None]


def record(table, deadlines):
    """Save the deadlines whose key this table has not used yet (a timer runs over many appends) and,
    once the transaction commits, queue a run of the firing job at each one's time. Returns the saved ones."""
    if not deadlines:
        return []
    created = _create_new(table, deadlines)
    if created:
        transaction.on_commit(lambda: _queue(created), robust=True)
    return created


def _engine_deadline(timer, version, now):
    return Deadline(
        key=timer["key"],
        kind=Deadline.Kind.ENGINE,
        seat=timer.get("seat"),
        command=timer["command"],
        version=version,
        due_at=now + timedelta(seconds=timer["seconds"]),
    )


def _turn_deadline(table, engine, before, after, version, now):
    """A "turn-<version>" deadline when the table has a turn clock or is turn-based and the seat to act
    changed: its timeout, or at a turn-based table its forfeit once the time per move and bank are spent."""
    if not table.turn_clock and not table.turn_based:
        return None
    seat = to_move(engine, after)
    if seat is None or (before is not None and to_move(engine, before) == seat):
        return None
    if table.turn_based:
        command, seconds = {"type": "out_of_time", "seat": seat}, time_bank.allowance(table, seat)
    else:
        command, seconds = {"type": "turn_timeout", "seat": seat}, table.turn_clock
    return Deadline(
        key=f"turn-{version}",
        kind=Deadline.Kind.TURN,
        seat=seat,
        command=command,
        version=version,
        due_at=now + timedelta(seconds=seconds),
    )


def bank_draw(table, engine, before, after):
    """At a turn-based table, the (seat, seconds) that the turn this change ends draws from the seat's
    bank (games.play.time_bank.draw, with the change); None when no turn ended or it took no longer."""
    if not table.turn_based:
        return None
    seat = to_move(engine, before)
    if seat is None or (not engine.is_over(after) and to_move(engine, after) == seat):
        return None
    return time_bank.overrun(table, seat, timezone.now())


def _bot_deadline(table, engine, after, version, now):
    """A "bot-<version>" deadline when bots play at the table: the bots' chance to act on this version.
    Which bot acts, and with what, is planned when it fires, in the worker (games.play.bot_turns)."""
    if not bot_seats.has_bots(table, engine, after):
        return None
    return Deadline(
        key=f"bot-{version}",
        kind=Deadline.Kind.BOT,
        seat=None,
        command={},
        version=version,
        due_at=now + timedelta(seconds=table.bot_delay),
    )


def to_move(engine, state):
    """The seat to act, as the engine's public view says (None: nobody, or not started)."""
    return None if state is None else engine.view(state, None).get("to_move")


def _create_new(table, deadlines):
    """Save the deadlines whose key this table has not used yet (a timer runs over many appends)."""
    if not deadlines:
        return []
    used = set(Deadline.objects.filter(table=table, key__in=[d.key for d in deadlines]).values_list("key", flat=True))
    created = []
    for deadline in deadlines:
        if deadline.key in used:
            continue
        deadline.table = table
        try:
            with transaction.atomic():
                deadline.save()
        except IntegrityError:
            continue  # another process recorded the same timer a moment ago
        created.append(deadline)
    return created


def forget_ended(batch=500):
    """Delete the deadlines of the tables that have ended (finished, or closed unstarted), ``batch``
    tables a statement; returns how many rows went. A table's rows are kept while it runs (a timer's
    key must not be used twice in a game); after that nothing reads them, and a run still queued for
    one's time finds nothing to fire (games.play.firing.fire_due). Without this every bot move and
    every turn left a row for good."""
    ended = (
        Table.objects.filter(status__in=(Table.Status.FINISHED, Table.Status.CLOSED), deadlines__isnull=False)
        .values_list("pk", flat=True)
        .distinct()
    )
    forgotten = 0
    while tables := list(ended[:batch]):
        forgotten += Deadline.objects.filter(table_id__in=tables).delete()[0]
    return forgotten


def _queue(deadlines):
    """A run of the firing job at each deadline's time, for punctuality only: the row is the timer, and
    a run that is never queued, or lost in the broker, only leaves it to beat's next tick. A deadline
    further away than QUEUE_AHEAD (a turn-based table's, hours or days off) is left to beat alone: a
    broker keeps a task with a distant ETA unacknowledged, and Redis hands it out again after its
    visibility timeout (an hour), so each such run would be queued many times over."""
    horizon = timezone.now() + QUEUE_AHEAD
    for due_at in sorted({deadline.due_at for deadline in deadlines if deadline.due_at <= horizon}):
        try:
            current_app.send_task(FIRE_DUE_TASK, kwargs={"due_by": due_at.isoformat()}, eta=due_at)
        except Exception:  # beat's next tick fires it
            log.warning(
                "Could not queue the run due at %s; beat's next tick fires its deadlines.", due_at, exc_info=True
            )


# --- what the pages show ------------------------------------------------------------


def active_deadlines(table, game=None):
    """The table's unfired deadlines that still apply, soonest first, for browsers to tick from.

    Each: {"key", "kind" ("turn", or the engine timer's kind: its key up to the last "-"),
    "seat", "due_at" (aware datetime), "due_ms" (epoch milliseconds)}.
    """
    pending = list(Deadline.objects.filter(table=table, fired_at__isnull=True).order_by("due_at"))
    if not pending:
        return []
    game = game or game_state.load(table)
    if not game.started or game.engine.is_over(game.state):
        return []
    running = {timer["key"] for timer in game.engine.timers(game.state)}
    seat = to_move(game.engine, game.state)
    latest_turn = latest_turn_version(table.pk) if any(d.kind == Deadline.Kind.TURN for d in pending) else None
    return [
        _shown(deadline)
        for deadline in pending
        if (deadline.kind == Deadline.Kind.ENGINE and deadline.key in running)
        or (deadline.kind == Deadline.Kind.TURN and deadline.version == latest_turn and deadline.seat == seat)
    ]


def latest_turn_version(table_id):
    """The version at which the table's latest turn began (its turn deadline's), None without one."""
    return (
        Deadline.objects.filter(table_id=table_id, kind=Deadline.Kind.TURN)
        .order_by("-version")
        .values_list("version", flat=True)
        .first()
    )


def _shown(deadline):
    kind = "turn" if deadline.kind == Deadline.Kind.TURN else deadline.key.rsplit("-", 1)[0]
    return {
        "key": deadline.key,
        "kind": kind,
        "seat": deadline.seat,
        "due_at": deadline.due_at,
        "due_ms": int(deadline.due_at.timestamp() * 1000),
    }

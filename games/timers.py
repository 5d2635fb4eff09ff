"""Timers: deadlines set after each append, fired once by Celery jobs (or by the sweep).

After every append (``games.commands.after_append``, which the deal in
``games.lobby.start_table`` goes through too) ``schedule`` records a Deadline for each of the
engine's timers that is new (a Spite countdown) and, at a table with a turn
clock, for a turn that began. Once the transaction commits, a job
``games.tasks.fire_deadline`` is queued for each, due at its time: a worker
never sees a job before its row. ``fire`` submits the deadline's command down
the one command path, once however often it is called. ``sweep`` fires the
deadlines whose time has passed, for jobs that were lost (no worker ran, an
in-memory broker was restarted); Celery beat or the embedded worker runs it
every few seconds.
"""
import logging
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from events import store
from games import commands, game_state
from games.errors import Conflict
from games.models import Deadline

log = logging.getLogger(__name__)

SWEEP_BATCH = 200  # deadlines one sweep fires at most; the next sweep takes the rest


# --- setting deadlines ------------------------------------------------------------

def schedule(table, engine, before, after, version):
    """Record the deadlines set by the append that took the game from ``before`` to ``after``.

    ``version`` is the table's version after the append. Returns the new Deadlines; their
    jobs are queued when the transaction commits. Nothing once the game is over.
    """
    if after is None or engine.is_over(after):
        return []
    now = timezone.now()
    wanted = [_engine_deadline(timer, version, now) for timer in engine.timers(after)]
    turn = _turn_deadline(table, engine, before, after, version, now)
    if turn is not None:
        wanted.append(turn)
    created = _create_new(table, wanted)
    if created:
        transaction.on_commit(lambda: _queue(created), robust=True)
    return created


def _engine_deadline(timer, version, now):
    return Deadline(key=timer["key"], kind=Deadline.Kind.ENGINE, seat=timer.get("seat"), command=timer["command"],
                    version=version, due_at=now + timedelta(seconds=timer["seconds"]))


def _turn_deadline(table, engine, before, after, version, now):
    """A "turn-<version>" deadline when the table has a turn clock and the seat to act changed."""
    if not table.turn_clock:
        return None
    seat = to_move(engine, after)
    if seat is None or (before is not None and to_move(engine, before) == seat):
        return None
    return Deadline(key=f"turn-{version}", kind=Deadline.Kind.TURN, seat=seat,
                    command={"type": "turn_timeout", "seat": seat}, version=version,
                    due_at=now + timedelta(seconds=table.turn_clock))


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


def _queue(deadlines):
    """One job per deadline, due at its time. A broker that is down only delays it to the next sweep."""
    from games.tasks import fire_deadline

    for deadline in deadlines:
        try:
            fire_deadline.apply_async(args=[deadline.pk], eta=deadline.due_at)
        except Exception:  # the sweep fires it once it is due
            log.warning("Could not queue deadline %s; the sweep will fire it.", deadline, exc_info=True)


# --- firing ---------------------------------------------------------------------

def fire(deadline_id):
    """Submit the deadline's command, at most once. Returns the table's new version, or None.

    None: the deadline is gone or already fired, its turn is over, or the engine refused a
    stale command (a countdown the seat ended by playing). The claim (``fired_at``) and the
    append commit together: the claiming UPDATE locks the row, so a second call waits for
    the first and then finds it fired; if the first fails, nothing is marked and it can fire again.
    """
    with transaction.atomic():
        claimed = Deadline.objects.filter(pk=deadline_id, fired_at__isnull=True).update(fired_at=timezone.now())
        if not claimed:
            return None
        deadline = Deadline.objects.select_related("table").get(pk=deadline_id)
        if deadline.kind == Deadline.Kind.TURN:
            return _fire_turn(deadline)
        return commands.submit_system(deadline.table, deadline.command)


def _fire_turn(deadline):
    """The turn timeout, only while that same turn runs: pinned to the version the check saw."""
    table = deadline.table
    for _attempt in range(commands.SYSTEM_RETRIES):
        game = game_state.load(table)
        if not turn_running(deadline, game):
            return None
        version = commands.submit_system(table, deadline.command, expected_version=game.version)
        if version is not None or store.current_version(table.stream) == game.version:
            return version  # applied, or refused on the position it was checked against
    raise Conflict("The table is too busy to time the turn out; it will be retried.")


def turn_running(deadline, game):
    """The deadline's turn is the table's latest and its seat still has to act."""
    if not game.started or game.engine.is_over(game.state) or to_move(game.engine, game.state) != deadline.seat:
        return False
    return deadline.version == _latest_turn_version(deadline.table_id)


def _latest_turn_version(table_id):
    return (Deadline.objects.filter(table_id=table_id, kind=Deadline.Kind.TURN)
            .order_by("-version").values_list("version", flat=True).first())


def sweep(now=None):
    """Fire every unfired deadline that is due (their jobs may be lost). Returns how many it tried."""
    now = now or timezone.now()
    due = list(Deadline.objects.filter(fired_at__isnull=True, due_at__lte=now)
               .order_by("due_at").values_list("pk", flat=True)[:SWEEP_BATCH])
    for pk in due:
        try:
            fire(pk)
        except Exception:  # one table's trouble must not stop the others; it stays unfired
            log.exception("Deadline %s could not fire; the next sweep tries again.", pk)
    return len(due)


# --- what the pages show ------------------------------------------------------------

def active_deadlines(table, game=None):
    """The table's unfired deadlines that still apply, soonest first, for browsers to tick from.

    Each: {"key", "kind" ("turn", or the engine timer's kind from its key: "countdown"),
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
    latest_turn = _latest_turn_version(table.pk) if any(d.kind == Deadline.Kind.TURN for d in pending) else None
    return [_shown(deadline) for deadline in pending
            if (deadline.kind == Deadline.Kind.ENGINE and deadline.key in running)
            or (deadline.kind == Deadline.Kind.TURN and deadline.version == latest_turn and deadline.seat == seat)]


def _shown(deadline):
    kind = "turn" if deadline.kind == Deadline.Kind.TURN else deadline.key.rsplit("-", 1)[0]
    return {"key": deadline.key, "kind": kind, "seat": deadline.seat, "due_at": deadline.due_at,
            "due_ms": int(deadline.due_at.timestamp() * 1000)}

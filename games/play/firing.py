"""Firing deadlines: a due Deadline's command goes down the one command path, once.

``fire`` submits the deadline's command (games.play.commands.submit_system), or for a bot's deadline lets
the table's bots act (games.play.bot_turns), once however often it is called. ``sweep`` fires the deadlines whose time has passed, for jobs that were lost (no worker ran,
an in-memory broker was restarted); Celery beat or the embedded worker runs it every few seconds.
Scheduling them is games.play.timers', below the command path; this module sits above it.
"""
import logging

from django.db import transaction
from django.utils import timezone

from events import store
from games.play import bot_turns, commands, game_state
from games.errors import Conflict, DamagedLog
from games.models import Deadline
from games.play.timers import latest_turn_version, to_move

log = logging.getLogger(__name__)

SWEEP_BATCH = 200  # deadlines one sweep fires at most; the next sweep takes the rest


def fire(deadline_id):
    """Submit the deadline's command, at most once. Returns the table's new version, or None.

    None: the deadline is gone or already fired, its turn is over, the engine refused a
    stale command (a countdown the seat ended by playing), or the table's log does not fold
    (games.play.damaged: the claim is kept, so it is not tried again). The claim (``fired_at``) and the
    append commit together: the claiming UPDATE locks the row, so a second call waits for
    the first and then finds it fired; if the first fails, nothing is marked and it can fire again.
    """
    with transaction.atomic():
        claimed = Deadline.objects.filter(pk=deadline_id, fired_at__isnull=True).update(fired_at=timezone.now())
        if not claimed:
            return None
        deadline = Deadline.objects.select_related("table").get(pk=deadline_id)
        try:
            return _fire(deadline)
        except DamagedLog:
            return None  # play at the table is stopped (games.play.damaged): its timers do nothing, once


def _fire(deadline):
    if deadline.kind == Deadline.Kind.TURN:
        return _fire_turn(deadline)
    if deadline.kind == Deadline.Kind.BOT:
        return bot_turns.act(deadline)
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
    return deadline.version == latest_turn_version(deadline.table_id)


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



"""Firing deadlines: a due Deadline's command goes down the one command path, once.

``fire_due`` is the one way timers fire: it fires every unfired deadline whose time has come. Its job
(games.tasks.fire_due_deadlines) runs on Celery beat every DEADLINE_TICK_SECONDS, and once more at
each deadline's time, queued by the move that set it (games.play.timers), so that it fires on time. A
queued run that is lost (a broker restarted, no worker running) costs nothing but that punctuality:
the row is still there, and the next tick fires it. ``fire`` fires one deadline: it submits its
command (games.play.commands.submit_system), or for a bot's deadline lets the table's bots act
(games.play.bot_turns), once however often and however concurrently it is called.
Scheduling them is games.play.timers', below the command path; this module sits above it.
"""

import logging

from django.db import transaction
from django.utils import timezone

from events import store
from games.errors import Conflict, DamagedLog
from games.models import Deadline
from games.play import bot_turns, commands, game_state
from games.play.timers import latest_turn_version, to_move

log = logging.getLogger(__name__)

DUE_BATCH = 200  # deadlines one run fires at most; the next run (a tick later at most) takes the rest


def fire(deadline_id):
    """Submit the deadline's command, at most once. Returns the table's new version, or None.

    None: the deadline is gone, already fired or being fired by another worker right now, its turn
    is over, the engine refused a stale command (a countdown the seat ended by playing), or the
    table's log does not fold (games.play.damaged: the claim is kept, so it is not tried again). The
    claim (``fired_at``) and the append commit together: the row is locked first, skipping it when
    another worker holds it (that one fires it, and this one goes on to the next due row), and the
    claiming UPDATE is conditional (on SQLite, which locks no rows, writers take turns and the
    second finds it fired). If the firing fails, nothing is marked and the next run fires it.
    """
    with transaction.atomic():
        unfired = Deadline.objects.filter(pk=deadline_id, fired_at__isnull=True)
        deadline = unfired.select_for_update(skip_locked=True, of=("self",)).select_related("table").first()
        if deadline is None or not unfired.update(fired_at=timezone.now()):
            return None
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


def fire_due(due_by=None):
    """Fire every unfired deadline due by now, or by ``due_by`` if later (the time a run queued for a
    deadline was meant for: a timer that wakes it a moment early still finds that deadline due).
    Returns how many it tried. Rows set while it runs wait for the next run, so one run is bounded."""
    now = max(timezone.now(), due_by) if due_by else timezone.now()
    due = list(
        Deadline.objects.filter(fired_at__isnull=True, due_at__lte=now)
        .order_by("due_at")
        .values_list("pk", flat=True)[:DUE_BATCH]
    )
    for pk in due:
        try:
            fire(pk)
        except Exception:  # one table's trouble must not stop the others; it stays unfired
            log.exception("Deadline %s could not fire; the next run tries again.", pk)
    return len(due)

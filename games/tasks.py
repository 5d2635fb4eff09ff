"""Celery jobs: fire the deadlines that are due, close forgotten tables, forget the deadlines of ended ones,
seat Play now's waiting players whose wait for bots ran out, and mail players whose move it is.
Celery beat runs each on its schedule (settings.CELERY_BEAT_SCHEDULE), under ``make worker`` or in the
web process's embedded worker (config/embedded_worker.py), which finds them by autodiscovery."""

from celery import shared_task
from django.utils.dateparse import parse_datetime

from games.play import firing, nudges, timers
from games.tables import closing, play_now


@shared_task(name="games.fire_due_deadlines", acks_late=True, ignore_result=True)
def fire_due_deadlines(due_by=None):
    """Fire every unfired deadline that is due (each once, however many runs overlap): on beat's tick,
    and at a deadline's time, queued by the move that set it with that time (ISO 8601) as ``due_by``."""
    return firing.fire_due(parse_datetime(due_by) if due_by else None)


@shared_task(name="games.close_stale_tables", acks_late=True, ignore_result=True)
def close_stale_tables():
    """Close the tables left unstarted for UNSTARTED_TABLE_HOURS."""
    return closing.close_stale_tables()


@shared_task(name="games.forget_ended_deadlines", acks_late=True, ignore_result=True)
def forget_ended_deadlines():
    """Delete the deadline rows, and the turn e-mails' rows, of tables that have ended."""
    return timers.forget_ended() + nudges.forget_ended()


@shared_task(name="games.seat_play_now", acks_late=True, ignore_result=True)
def seat_play_now():
    """Deal Play now's tables whose bots' wait ran out, and forget the players gone silent."""
    return len(play_now.sweep())


@shared_task(
    name="games.send_turn_nudges",
    acks_late=True,
    ignore_result=True,
    autoretry_for=(OSError,),  # the mail server's failures (smtplib's are OSErrors): nothing was written
    retry_backoff=30,
    retry_backoff_max=1800,
    max_retries=8,
)
def send_turn_nudges(user_id):
    """Mail the player the tables where it became their move (games.play.nudges), once: queued by the
    move, NUDGE_BATCH_SECONDS after it; a rerun finds nothing pending."""
    return nudges.send_pending(user_id)


@shared_task(name="games.send_lost_turn_nudges", acks_late=True, ignore_result=True)
def send_lost_turn_nudges():
    """Beat's sweep: the turn e-mails whose job was lost."""
    return nudges.send_lost()

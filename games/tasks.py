"""Celery jobs: fire one deadline when it is due, sweep up the due ones whose job was lost, close forgotten
tables and forget the deadlines of ended ones."""
from celery import shared_task

from games.play import firing, timers
from games.tables import closing


@shared_task(name="games.fire_deadline", acks_late=True, ignore_result=True)
def fire_deadline(deadline_id):
    """Submit the deadline's command (at most once, however often the job runs)."""
    return firing.fire(deadline_id)


@shared_task(name="games.sweep_deadlines", acks_late=True, ignore_result=True)
def sweep_deadlines():
    """Fire every unfired deadline that is due; run by Celery beat (``make worker``) or the embedded sweeper."""
    return firing.sweep()


@shared_task(name="games.close_stale_tables", acks_late=True, ignore_result=True)
def close_stale_tables():
    """Close the tables left unstarted for UNSTARTED_TABLE_HOURS; run by Celery beat or the embedded sweeper."""
    return closing.close_stale_tables()


@shared_task(name="games.forget_ended_deadlines", acks_late=True, ignore_result=True)
def forget_ended_deadlines():
    """Delete the deadline rows of tables that have ended; run by Celery beat or the embedded sweeper."""
    return timers.forget_ended()

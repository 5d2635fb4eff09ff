"""Celery jobs: fire one deadline when it is due, and sweep up the due ones whose job was lost."""
from celery import shared_task

from games import firing


@shared_task(name="games.fire_deadline", acks_late=True, ignore_result=True)
def fire_deadline(deadline_id):
    """Submit the deadline's command (at most once, however often the job runs)."""
    return firing.fire(deadline_id)


@shared_task(name="games.sweep_deadlines", acks_late=True, ignore_result=True)
def sweep_deadlines():
    """Fire every unfired deadline that is due; run by Celery beat (``make worker``) or the embedded sweeper."""
    return firing.sweep()

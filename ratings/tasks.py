"""Celery jobs: rate one finished table (queued when it finishes: queueing.py), and the sweep that rates the
finished tables no job rated (Celery beat, settings.CELERY_BEAT_SCHEDULE), the longest finished first, so a
lost job is made up. Both may run any number of times: a table is rated once (recording.rate)."""

from celery import shared_task
from django.db.models import F

from events import store
from games.models import Table
from games.play import broadcast

from . import recording

SWEEP_BATCH = 100  # tables a sweep rates at most; the next sweep goes on


@shared_task(
    name="ratings.rate_table", acks_late=True, ignore_result=True, autoretry_for=(recording.RatingBusy,), max_retries=5
)
def rate_table(table_id):
    """Rate the finished table ``table_id``; returns whether it was rated (None: no such finished table)."""
    table = Table.objects.filter(pk=table_id).first()
    rated = recording.rate(table) if table is not None else None
    if rated is None:
        return None
    # The table's page shows the rating change: its watchers read the table's parts again.
    broadcast.table_changed(table, store.current_version(table.stream), seating=True)
    return rated.rated


@shared_task(name="ratings.rate_unrated_tables", acks_late=True, ignore_result=True)
def rate_unrated_tables(batch=SWEEP_BATCH):
    """Rate the finished tables without a rating event yet, the longest finished first; returns how many."""
    waiting = Table.objects.filter(status=Table.Status.FINISHED, rating__isnull=True).order_by(
        F("finished_at").asc(nulls_last=True), "created_at"
    )
    count = 0
    for table in waiting[:batch]:
        try:
            recording.rate(table)
        except recording.RatingBusy:
            break  # the next sweep goes on
        count += 1
    return count

"""When a game finishes (games.signals.game_finished, sent in the transaction that finishes it), its rating
job is queued once that transaction commits. The job is only for promptness: a job lost in the broker (or
never queued) leaves the table to the sweep (tasks.rate_unrated_tables), and rating twice writes once."""

import logging

from celery import current_app
from django.db import transaction

log = logging.getLogger(__name__)

RATE_TABLE_TASK = "ratings.rate_table"  # ratings.tasks


def rate_after_commit(sender, table, **kwargs):
    table_id = str(table.pk)
    transaction.on_commit(lambda: _queue(table_id), robust=True)


def _queue(table_id):
    try:
        current_app.send_task(RATE_TABLE_TASK, args=[table_id])
    except Exception:  # the sweep rates it
        log.warning("Could not queue the rating of table %s; the sweep rates it.", table_id, exc_info=True)

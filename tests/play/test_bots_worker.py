"""Bots through a real Celery worker process with beat on Redis (``celery -A config worker --beat``, as
``make worker`` runs it): a whole game between bots, each move a deadline fired by the run queued for
its time (or beat's tick), and those runs delivered again doing nothing.
Needs REDIS_URL and PostgreSQL (``make test``); skipped otherwise, like tests/play/test_timers_worker.py."""

import random
import re

import pytest
from celery import current_app
from django.conf import settings
from django.db import connection
from test_timers_worker import celery_worker, wait_for

from events import store
from games.models import Deadline, Seat
from games.play import game_state
from games.tables import bot_seating, lobby

pytestmark = [
    pytest.mark.skipif(not settings.REDIS_URL, reason="needs Redis: set REDIS_URL (make test does)"),
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture(autouse=True)
def _postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("a worker process needs the test run's database on PostgreSQL (make test)")


def over(table):
    game = game_state.load(table)
    return game.engine.is_over(game.state)


def test_bots_play_a_whole_game_as_worker_jobs_and_a_job_delivered_again_does_nothing(alice, tmp_path):
    table = lobby.create_table(alice, "spank", 2, bot_delay=0)
    bot_seating.add_bot(table, alice, "fair")
    Seat.objects.filter(table=table, number=0).update(bot="random")  # a bot plays the host's seat too
    with celery_worker(tmp_path):
        lobby.start_table(table, alice, rng=random.Random(4))
        assert wait_for(lambda: over(table), 90), "the bots' game never ended"
        end = store.current_version(table.stream)
        assert end > 20
        # The run for every bot deadline's time again, as a broker redelivers: each finds nothing to fire.
        jobs = list(Deadline.objects.filter(table=table, kind=Deadline.Kind.BOT).values_list("pk", "due_at"))
        for pk, due_at in jobs:
            current_app.send_task(
                "games.fire_due_deadlines", kwargs={"due_by": due_at.isoformat()}, task_id=f"again-{pk}"
            )
        log = tmp_path / "worker.log"
        ran = re.compile(r"\[again-\d+\] succeeded in [0-9.e-]+s: (\d+)")
        assert wait_for(lambda: len(ran.findall(log.read_text())) == len(jobs), 30)
        assert set(ran.findall(log.read_text())) == {"0"}
    assert store.current_version(table.stream) == end
    assert not Deadline.objects.filter(table=table, kind=Deadline.Kind.BOT, fired_at__isnull=True).exists()
    table.refresh_from_db()
    assert table.status == "finished"

"""Timers through a real Celery worker process with beat on Redis (not eager mode), on a Spite table.

The worker is ``celery -A config worker --beat`` run against this test run's PostgreSQL database
and Redis, exactly as ``make worker`` runs. It needs REDIS_URL and PostgreSQL (``make test``);
with neither (a plain pytest on SQLite) these tests are skipped.
"""

import os
import random
import subprocess
import sys
import time
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection

from events import store
from games.models import Deadline
from games.play import commands, game_state, timers
from games.tables import lobby

ROOT = Path(__file__).resolve().parents[2]
CELERY = str(Path(sys.executable).with_name("celery"))
WAIT = 15  # seconds: a countdown is at least 5 s; allow for a slow machine
PUNCTUAL = timedelta(seconds=1.5)  # a countdown fires within about a second of its time
LATE = timedelta(seconds=2.5)  # ...and within about a tick more when the run queued for its time is lost

pytestmark = [
    pytest.mark.skipif(not settings.REDIS_URL, reason="needs Redis: set REDIS_URL (make test does)"),
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture(autouse=True)
def _postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("a worker process needs the test run's database on PostgreSQL (make test)")


def database_url():
    """This test run's database, for the worker process."""
    db = connection.settings_dict
    user = quote(db["USER"], safe="") + (f":{quote(db['PASSWORD'], safe='')}" if db["PASSWORD"] else "")
    return f"postgres://{user}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@contextmanager
def celery_worker(tmp_path, *options):
    """A ``celery -A config worker --beat`` process on this run's database and Redis (as ``make worker``
    runs it), until the block ends."""
    from config.celery import app

    app.control.purge()  # jobs earlier tests queued for tables that are gone
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "REDIS_URL": settings.REDIS_URL,
        "CELERY_EMBEDDED_WORKER": "false",
    }
    env.pop("CELERY_BROKER_URL", None)
    log_path = tmp_path / "worker.log"
    with open(log_path, "w") as log:
        worker = subprocess.Popen(
            [
                CELERY,
                "-A",
                "config",
                "worker",
                "--pool",
                "solo",
                "--loglevel",
                "INFO",
                "--without-gossip",
                "--without-mingle",
                "-n",
                f"timers-test-{os.getpid()}@%h",
                "--beat",
                "--schedule",
                str(tmp_path / "beat-schedule"),
                *options,
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_for(lambda: " ready." in log_path.read_text() or worker.poll() is not None, 30)
        assert worker.poll() is None, log_path.read_text()[-3000:]
        yield log_path
    finally:
        worker.terminate()
        try:
            worker.wait(10)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()


def wait_for(condition, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


@pytest.fixture
def spite_table(alice, bob, carol):
    """A three-seat Spite table, played (plays preferred) until a seat could pass, so a countdown may
    start, and every seat has played since the deal, so a countdown lasts the shortest time (5 s)."""
    users = [alice, bob, carol]
    table = lobby.create_table(alice, "spite", 3)
    lobby.join_table(table, bob)
    lobby.join_table(table, carol)
    lobby.start_table(table, alice, rng=random.Random(6))
    rng = random.Random(6)
    for _step in range(200):
        game = game_state.load(table)
        if starter(game) is not None and not any(game.state.picked_up):
            return table, users
        seat, choice = next_move(game, rng)
        commands.submit(table, users[seat], choice, game.version)
    raise AssertionError("no seat could ever start a countdown")


def starter(game):
    """A seat that may start a countdown now, or None."""
    return next(
        (seat for seat in range(3) if {"type": "start_countdown"} in game.engine.legal_commands(game.state, seat)), None
    )


def next_move(game, rng):
    able = [
        (seat, command)
        for seat in range(3)
        for command in game.engine.legal_commands(game.state, seat)
        if command["type"] not in ("start_countdown", "call_misplay")
    ]
    plays = [move for move in able if move[1]["type"] == "play"]
    return rng.choice(plays or able)


def start_countdown(table, users):
    game = game_state.load(table)
    by = starter(game)
    commands.submit(table, users[by], {"type": "start_countdown"}, game.version)
    number = game_state.load(table).state.countdown.number
    return Deadline.objects.get(table=table, key=f"countdown-{number}")


def fired(deadline):
    deadline.refresh_from_db()
    return deadline.fired_at is not None


def test_the_worker_passes_a_seat_whose_countdown_ran_out_and_not_one_that_played(spite_table, tmp_path):
    table, users = spite_table
    with celery_worker(tmp_path):
        beaten = start_countdown(table, users)  # countdown 1: its seat plays in time
        target = game_state.load(table).state.countdown.seat
        game = game_state.load(table)
        play = next(c for c in game.engine.legal_commands(game.state, target) if c["type"] in ("play", "pass"))
        commands.submit(table, users[target], play, game.version)
        assert game_state.load(table).state.countdown is None

        expiring = start_countdown(table, users)  # countdown 2: its seat lets it run out
        seat = game_state.load(table).state.countdown.seat
        before = store.current_version(table.stream)
        assert (beaten.key, expiring.key) == ("countdown-1", "countdown-2")
        assert timers.active_deadlines(table)[0]["key"] == "countdown-2"

        assert wait_for(lambda: fired(beaten) and fired(expiring), WAIT), "the worker never fired the deadlines"

    events = store.read(table.stream, after=before)
    passed = events[0]
    assert passed.payload["type"] == "passed" and passed.payload["seat"] == seat
    assert passed.payload["countdown"] == 2 and passed.actor_kind == "system"
    assert expiring.due_at <= passed.created_at < expiring.due_at + PUNCTUAL  # at its time
    assert not any(event.payload.get("countdown") == 1 for event in events)  # the stale job did nothing
    assert timers.active_deadlines(table) == []


def test_a_deadline_missed_while_no_worker_ran_is_fired_by_beat(spite_table, tmp_path, monkeypatch):
    """The run queued for the countdown's time is lost (as when a process with an in-memory broker
    stops); a worker with beat started afterwards fires the due deadline on its first tick."""
    table, users = spite_table
    monkeypatch.setattr(timers, "_queue", lambda deadlines: None)  # the job never reaches a broker
    deadline = start_countdown(table, users)
    seat = game_state.load(table).state.countdown.seat
    Deadline.objects.filter(pk=deadline.pk).update(due_at=deadline.due_at.replace(year=2000))  # long overdue
    before = store.current_version(table.stream)

    with celery_worker(tmp_path):
        assert wait_for(lambda: fired(deadline), WAIT), "beat never fired the overdue deadline"

    passed = store.read(table.stream, after=before)[0].payload
    assert passed["type"] == "passed" and passed["seat"] == seat and passed["countdown"] == 1


def test_a_countdown_whose_queued_run_is_lost_fires_on_beats_next_tick(spite_table, tmp_path, monkeypatch):
    """The worker runs, but the run queued for the countdown's time never reaches it (a broker restarted
    and lost it): the deadline row is still the timer, and beat's tick fires it about a tick late."""
    table, users = spite_table
    with celery_worker(tmp_path):
        monkeypatch.setattr(timers, "_queue", lambda deadlines: None)  # the run never reaches the broker
        deadline = start_countdown(table, users)
        seat = game_state.load(table).state.countdown.seat
        before = store.current_version(table.stream)
        assert wait_for(lambda: fired(deadline), WAIT), "beat never fired the countdown whose run was lost"

    passed = store.read(table.stream, after=before)[0]
    assert passed.payload["type"] == "passed" and passed.payload["seat"] == seat
    assert deadline.due_at <= passed.created_at < deadline.due_at + LATE

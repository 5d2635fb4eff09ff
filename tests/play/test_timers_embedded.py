"""`make run` without Redis: timers fire inside the web process (Celery's worker and beat), on SQLite."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent(
    """
    import sys, time
    from datetime import timedelta

    sys.path.insert(0, "tests")  # the counter game's module (CARDROOM_EXTRA_GAMES)
    import django
    django.setup()
    from django.core.management import call_command
    from django.utils import timezone

    call_command("migrate", verbosity=0)
    from games.tables import lobby

    from accounts.models import User
    from events import store
    from games.play import commands, game_state
    from games.models import Deadline

    alice = User.objects.create_user(username="alice", password="a-long-test-password")
    bob = User.objects.create_user(username="bob", password="a-long-test-password")
    table = lobby.create_table(alice, "counter", 2)
    lobby.join_table(table, bob)
    lobby.start_table(table, alice)
    # A deadline that fell due while the server was down (no run is queued for it): beat's tick fires it.
    overdue = Deadline.objects.create(table=table, key="lost-1", kind="engine", command={"type": "bump"},
                                      version=1, due_at=timezone.now() - timedelta(minutes=5))

    import config.asgi  # starting the ASGI app starts the embedded worker and beat

    def wait(condition, seconds=20):
        end = time.monotonic() + seconds
        while not condition() and time.monotonic() < end:
            time.sleep(0.05)
        return condition()

    def fired(deadline):
        deadline.refresh_from_db()
        return deadline.fired_at is not None

    assert wait(lambda: fired(overdue)), "beat never fired the overdue deadline"
    assert game_state.load(table).state["total"] == 10

    # A countdown set by a move fires at its time: the run queued for its time, on the in-memory broker.
    commands.submit(table, alice, {"type": "start_countdown", "seconds": 1}, store.current_version(table.stream))
    countdown = Deadline.objects.get(table=table, key="countdown-1")
    assert wait(lambda: fired(countdown)), "the embedded worker never fired the countdown"
    last = store.read(table.stream)[-1]
    assert last.payload == {"type": "added", "by": 100} and last.actor_kind == "system"
    assert countdown.due_at <= last.created_at < countdown.due_at + timedelta(seconds=1.5)

    # The run queued for a countdown's time is lost: beat's next tick fires it, about a tick late at most.
    from games.play import timers
    timers._queue = lambda deadlines: None
    commands.submit(table, bob, {"type": "start_countdown", "seconds": 1}, store.current_version(table.stream))
    lost = Deadline.objects.get(table=table, key="countdown-2")
    assert wait(lambda: fired(lost)), "beat never fired the countdown whose run was lost"
    last = store.read(table.stream)[-1]
    assert last.payload == {"type": "added", "by": 100} and last.actor_kind == "system"
    assert lost.due_at <= last.created_at < lost.due_at + timedelta(seconds=2.5)
    print("timers fired")
    """
)


def test_timers_fire_in_the_web_process_without_redis(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CELERY_BROKER_URL", "CELERY_EMBEDDED_WORKER")}
    env.update(
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        DJANGO_SETTINGS_MODULE="config.settings",
        DEADLINE_SWEEP_SECONDS="0.5",
        CARDROOM_EXTRA_GAMES="counter_engine",
    )
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=90
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "timers fired" in result.stdout

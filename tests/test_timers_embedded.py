"""`make run` without Redis: timers fire inside the web process (embedded worker and sweeper), on SQLite."""
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

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
    from games import lobby

    from accounts.models import User
    from events import store
    from games import commands, game_state
    from games.models import Deadline

    alice = User.objects.create_user(username="alice", password="a-long-test-password")
    bob = User.objects.create_user(username="bob", password="a-long-test-password")
    table = lobby.create_table(alice, "counter", 2)
    lobby.join_table(table, bob)
    lobby.start_table(table, alice)
    # A deadline whose job was lost while the server was down: only the sweep can fire it.
    overdue = Deadline.objects.create(table=table, key="lost-1", kind="engine", command={"type": "bump"},
                                      version=1, due_at=timezone.now() - timedelta(minutes=5))

    import config.asgi  # starting the ASGI app starts the embedded worker and its sweeper

    def wait(condition, seconds=20):
        end = time.monotonic() + seconds
        while not condition() and time.monotonic() < end:
            time.sleep(0.05)
        return condition()

    def fired(deadline):
        deadline.refresh_from_db()
        return deadline.fired_at is not None

    assert wait(lambda: fired(overdue)), "the sweeper never fired the overdue deadline"
    assert game_state.load(table).state["total"] == 10

    # A countdown set by a move fires at its time in this process (its job on the in-memory broker, or
    # the sweep, whichever comes first: tests/test_embedded_worker.py shows such jobs run on time).
    commands.submit(table, alice, {"type": "start_countdown", "seconds": 1}, store.current_version(table.stream))
    countdown = Deadline.objects.get(table=table, key="countdown-1")
    assert wait(lambda: fired(countdown)), "the embedded worker never fired the countdown"
    last = store.read(table.stream)[-1]
    assert last.payload == {"type": "added", "by": 100} and last.actor_kind == "system"
    assert last.created_at >= countdown.due_at
    print("timers fired")
    """
)


def test_timers_fire_in_the_web_process_without_redis(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CELERY_BROKER_URL", "CELERY_EMBEDDED_WORKER")}
    env.update(DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}", DJANGO_SETTINGS_MODULE="config.settings",
               DEADLINE_SWEEP_SECONDS="0.5", CARDROOM_EXTRA_GAMES="counter_engine")
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=90
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "timers fired" in result.stdout

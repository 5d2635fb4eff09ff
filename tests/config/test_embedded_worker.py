"""`make run` without Redis: the web process runs Celery's own worker and beat on an in-memory broker."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent(
    """
    import sys, time
    from config.celery import app

    fired = []

    @app.task(name="tests.record")  # registered before the worker starts, as autodiscovered tasks are
    def record(value):
        fired.append((value, time.monotonic()))

    app.conf.beat_schedule = {"record": {"task": "tests.record", "schedule": 0.2, "args": ["ticked"]}}

    import config.asgi  # starting the ASGI app starts the embedded worker and beat
    from django.conf import settings
    from celery.worker import WorkController
    from config import embedded_worker

    assert settings.CELERY_EMBEDDED_WORKER and settings.CELERY_BROKER_URL == "memory://"
    worker, beat = embedded_worker._running
    assert isinstance(worker, WorkController) and "celery.contrib.testing" not in sys.modules  # not the test helper
    assert "games.fire_due_deadlines" in app.tasks  # the worker found the project's tasks by autodiscovery

    end = time.monotonic() + 20
    while sum(value == "ticked" for value, _ in fired) < 3 and time.monotonic() < end:
        time.sleep(0.05)
    assert sum(value == "ticked" for value, _ in fired) >= 3, "beat never ran its schedule"
    fired.clear()

    sent = time.monotonic()
    record.apply_async(args=["scheduled"], countdown=1)
    deadline = sent + 20
    while not any(value == "scheduled" for value, _ in fired) and time.monotonic() < deadline:
        time.sleep(0.05)
    value, at = next((entry for entry in fired if entry[0] == "scheduled"), (None, None))
    assert value, "the scheduled job never fired"
    assert value == "scheduled" and at - sent >= 0.9, (value, at - sent)
    print("fired after", round(at - sent, 2), "s")
    """
)


def test_a_scheduled_job_and_beat_fire_in_the_embedded_worker(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CELERY_BROKER_URL", "CELERY_EMBEDDED_WORKER")}
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "fired after" in result.stdout

"""`make run` without Redis: the web process runs its own Celery worker on an in-memory broker."""
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = textwrap.dedent(
    """
    import time
    from config.celery import app

    fired = []

    @app.task(name="tests.record")  # registered before the worker starts, as autodiscovered tasks are
    def record(value):
        fired.append((value, time.monotonic()))

    import config.asgi  # starting the ASGI app starts the embedded worker
    from django.conf import settings

    assert settings.CELERY_EMBEDDED_WORKER and settings.CELERY_BROKER_URL == "memory://"

    sent = time.monotonic()
    record.apply_async(args=["scheduled"], countdown=1)
    deadline = sent + 20
    while not fired and time.monotonic() < deadline:
        time.sleep(0.05)
    assert fired, "the scheduled job never fired"
    value, at = fired[0]
    assert value == "scheduled" and at - sent >= 0.9, (value, at - sent)
    print("fired after", round(at - sent, 2), "s")
    """
)


def test_a_scheduled_job_fires_in_the_embedded_worker(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CELERY_BROKER_URL", "CELERY_EMBEDDED_WORKER")}
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "fired after" in result.stdout

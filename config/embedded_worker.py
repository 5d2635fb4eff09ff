"""A Celery worker thread inside the web process, for the single-machine default.

With no Redis the broker is in memory, so only a worker in the same process
can see the jobs; this starts one so scheduled jobs still fire under
``make run``. Jobs in memory die with the process, so a sweeper thread also
fires, every few seconds, the deadlines that fell due without their job, and
now and then closes the tables left unstarted (the role Celery beat plays for
``make worker``). With ``REDIS_URL`` set, run
``make worker`` instead.
"""
import logging
import threading
import time

from celery.contrib.testing.worker import start_worker

log = logging.getLogger(__name__)

_lock = threading.Lock()
# The context manager must stay referenced: when it is garbage-collected it stops the worker.
_running = None


def start_embedded_worker(app):
    """Start the worker (and the deadline sweeper) once per process; returns the worker."""
    global _running
    with _lock:
        if _running is None:
            context = start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=5)
            _running = (context, context.__enter__())
            start_sweeper()
        return _running[1]


def start_sweeper(interval=None):
    """A daemon thread firing due deadlines every ``interval`` seconds (DEADLINE_SWEEP_SECONDS)."""
    from django.conf import settings

    interval = interval or settings.DEADLINE_SWEEP_SECONDS
    thread = threading.Thread(target=_sweep_forever, args=(interval,), name="deadline-sweeper", daemon=True)
    thread.start()
    return thread


def _sweep_forever(interval):
    from django.conf import settings
    from django.db import connection

    from games.play import firing, timers
    from games.tables import closing

    next_close = time.monotonic() + settings.STALE_TABLE_SWEEP_SECONDS
    while True:
        time.sleep(interval)
        try:
            firing.sweep()
            if time.monotonic() >= next_close:
                next_close = time.monotonic() + settings.STALE_TABLE_SWEEP_SECONDS
                closing.close_stale_tables()
                timers.forget_ended()
        except Exception:  # a missing table (not migrated yet), a locked database: try again next time
            log.exception("The sweep failed; it runs again in %s s.", interval)
        finally:
            connection.close()

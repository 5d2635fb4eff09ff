"""A Celery worker thread inside the web process, for the single-machine default.

With no Redis the broker is in memory, so only a worker in the same process
can see the jobs; this starts one so scheduled jobs still fire under
``make run``. With ``REDIS_URL`` set, run ``make worker`` instead.
"""
import threading

from celery.contrib.testing.worker import start_worker

_lock = threading.Lock()
# The context manager must stay referenced: when it is garbage-collected it stops the worker.
_running = None


def start_embedded_worker(app):
    """Start the worker once per process; returns it."""
    global _running
    with _lock:
        if _running is None:
            context = start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=5)
            _running = (context, context.__enter__())
        return _running[1]

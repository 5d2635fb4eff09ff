"""A Celery worker thread inside the web process, for the single-machine default.

With no Redis the broker is in memory, so only a worker in the same process
can see the jobs; this starts one so scheduled jobs still fire under
``make run``. With ``REDIS_URL`` set, run ``make worker`` instead.
"""
import threading

from celery.contrib.testing.worker import start_worker

_lock = threading.Lock()
_started = None


def start_embedded_worker(app):
    """Start the worker once per process; returns it."""
    global _started
    with _lock:
        if _started is None:
            context = start_worker(
                app, pool="threads", concurrency=2, perform_ping_check=False, shutdown_timeout=5
            )
            _started = context.__enter__()  # left running for the life of the process
        return _started

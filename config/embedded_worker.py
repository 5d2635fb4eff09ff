"""Celery's own worker and beat inside the web process, for the single-machine default.

With no Redis the broker is in memory, so only a worker in the same process can see its jobs. This
runs Celery's ``WorkController`` (the worker ``celery worker`` runs, without the command line's
banner and signal handlers, which belong to a process's main thread) in one thread and beat in
another, so that ``make run`` fires timers exactly as ``make worker`` (a worker with ``--beat``)
does. The worker finds its tasks by the app's autodiscovery; config imports no app. Jobs in memory
die with the process; the deadline rows do not, and beat's first tick after a restart fires the ones
that fell due meanwhile (games.play.firing). With ``REDIS_URL`` set, run ``make worker`` instead.
"""

import logging
import threading

from celery.beat import EmbeddedService

_lock = threading.Lock()
_running = None


def start_embedded_worker(app):
    """Start the worker and beat once per process; returns the worker."""
    global _running
    with _lock:
        if _running is None:
            # Celery's own lines say, at INFO, that each job was received and succeeded: several a second
            # on the web process's console (beat ticks every second). Its warnings and errors still show.
            logging.getLogger("celery").setLevel(logging.WARNING)
            # One thread runs the jobs, one at a time (the solo pool): no forked children, which would
            # not see the in-memory broker. No heartbeats or gossip: there is no other worker to hear them.
            worker = app.WorkController(
                pool="solo", concurrency=1, without_heartbeat=True, without_mingle=True, without_gossip=True
            )
            threading.Thread(target=worker.start, name="celery-worker", daemon=True).start()
            beat = embedded_beat(app)
            beat.start()
            _running = (worker, beat)
        return _running[0]


def embedded_beat(app):
    """Celery beat as a thread (not yet started) running settings.CELERY_BEAT_SCHEDULE.

    A thread, not the process Celery's embedded beat forks by default: a forked beat would queue its
    jobs on a copy of the in-memory broker that no worker reads. Its schedule is kept in memory (it
    only says how often; there is nothing to persist)."""
    return EmbeddedService(app, thread=True, scheduler_cls="celery.beat:Scheduler")

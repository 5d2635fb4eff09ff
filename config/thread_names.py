"""A thread's name shown to the system too (``top -H``, ``ps -L``, /proc/PID/task/TID/comm), not to Python alone.

Python (before 3.14) keeps its threads' names to itself, so the system saw every thread of a web
process as "daphne", and which of them spent the CPU (the event loop, the live threads, the HTTP
threads) could not be read off it. The pools name theirs (games.live.table_cache, games.overrides.django), and ``make
bench-live`` reports each kind's CPU per move from those names.
"""

import threading

from setproctitle import setthreadtitle


def name_for_the_system():
    """Give the calling thread's Python name (e.g. "live_3") to the system (Linux cuts it at 15 bytes):
    a pool's ``initializer``."""
    setthreadtitle(threading.current_thread().name)

"""A thread's name shown to the system too (``top -H``, ``ps -L``, /proc/PID/task/TID/comm), not to Python alone.

Python (before 3.14) keeps its threads' names to itself, so the system saw every thread of a web
process as "daphne", and which of them spent the CPU (the event loop, the live threads, the HTTP
threads) could not be read off it; the profile, which samples the thread holding the interpreter's
lock, under-counts the threads beside the loop. The pools name theirs (games.live.table_cache,
config.http_threads), and ``make bench-live`` reports each kind's CPU per move from those names.
"""

import ctypes
import threading

_PR_SET_NAME = 15  # prctl's option (linux/prctl.h); the name is cut at 15 bytes
_prctl = getattr(ctypes.CDLL(None), "prctl", None)  # Linux's libc has it; elsewhere nothing is named


def name_for_the_system():
    """Give the calling thread's Python name (e.g. "live_3") to the system: a pool's ``initializer``."""
    if _prctl is not None:
        _prctl(_PR_SET_NAME, threading.current_thread().name.encode()[:15], 0, 0, 0)

"""A web process kept on the CPUs it is given (``WEB_CPUS``), every thread of it.

Daphne runs the websockets on its event loop's thread and the database work on threads of its own
(config/http_threads.py, games.live.table_cache). Left to the scheduler, those threads run on different cores by
turns, and the interpreter's lock and every object they share go back and forth between the cores'
caches: a busy process kept on one core did more moves per CPU-second of the service than one left
free (docs/performance.md, "Library internals overridden"). So a machine runs a web process per core
(the README's multi-process set-up), each given its own with ``WEB_CPUS``.
"""

import os

from django.core.exceptions import ImproperlyConfigured


def parse_cpus(text):
    """The CPU numbers of a list as taskset takes it ("0", "0,2", "1-3"; "" for none): a set of ints."""
    cpus = set()
    for part in filter(None, (part.strip() for part in text.split(","))):
        first, dash, last = part.partition("-")
        if not (first.isdigit() and (not dash or last.isdigit())):
            raise ImproperlyConfigured(f"WEB_CPUS={text!r}: {part!r} is not a CPU number or a range like 2-3.")
        low, high = int(first), int(last) if dash else int(first)
        if high < low:
            raise ImproperlyConfigured(f"WEB_CPUS={text!r}: the range {part!r} runs backwards.")
        cpus.update(range(low, high + 1))
    return cpus


def keep_process_on(cpus):
    """Every thread of this process, and every thread it starts later (they inherit it), runs only on ``cpus``."""
    if not cpus:
        return
    if not hasattr(os, "sched_setaffinity"):
        raise ImproperlyConfigured("WEB_CPUS is set, but this system cannot keep a process on given CPUs.")
    try:
        for thread in _thread_ids():
            os.sched_setaffinity(thread, cpus)
    except OSError as error:
        raise ImproperlyConfigured(
            f"WEB_CPUS names CPUs {sorted(cpus)}, which this process may not run on "
            f"(it may use {sorted(os.sched_getaffinity(0))}): {error.strerror}."
        ) from None


def _thread_ids():
    try:
        return [int(thread) for thread in os.listdir("/proc/self/task")]
    except OSError:
        return [0]  # no /proc: the calling thread, which the threads started from now on take after

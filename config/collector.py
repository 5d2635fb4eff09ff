"""How often a web process's garbage collector walks everything it holds (``GC_THRESHOLDS``).

Python's collector is generational: young objects are looked at often, and after every third
threshold's worth of collections of the middle generation (10 by default) it walks the whole heap, if
that has grown by a quarter since. A web process following 1,000 live tables holds about 600,000
tracked objects (its sockets' coroutines and buffers, the tables' cached states, events and drawn
blocks), and a walk through them all takes about 0.3-0.6 s on the event loop, during which no table is
served. With Python's default such walks came every 5 s or so, and at 1,000 tables at human pace they
were most of the slow answers (p95 772-838 ms, p99 895-1,025 ms; with 1,000, p95 96-140 ms, p99
197-206 ms; docs/performance.md, "What the live path rests on"). Young garbage, cycles included, is still collected
as often as before; only cycles among objects that lived long wait longer for the whole walk.

The middle generation is walked after every third collection of the youngest, not every tenth: each
walk then holds about a third as many objects (those that outlived a young collection since the last
one), so it holds the event loop a third as long (at 1,000 thinking tables, 4-8 ms of CPU a walk
instead of 8-24), for the same work in all: every object still goes through it once. Its last
threshold grew to match, so the whole heap is walked about as rarely as before (every 12,000 young
collections or so). docs/performance.md's git history has the runs (issue 14's ninth and eleventh rounds).
"""
import gc

from django.core.exceptions import ImproperlyConfigured


def parse_thresholds(text):
    """``GC_THRESHOLDS``' three numbers ("700,3,3000"), as ``gc.set_threshold`` takes them."""
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != 3 or not all(part.isdigit() and int(part) > 0 for part in parts):
        raise ImproperlyConfigured(
            f"GC_THRESHOLDS={text!r}: give three whole numbers above 0, as gc.set_threshold takes them, "
            "e.g. 700,3,3000.")
    return tuple(int(part) for part in parts)


def apply(text):
    """Set this process's collector thresholds from ``GC_THRESHOLDS``' text."""
    gc.set_threshold(*parse_thresholds(text))

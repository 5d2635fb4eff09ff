"""How often a web process's garbage collector walks everything it holds (``GC_THRESHOLDS``).

Python's collector is generational: young objects are looked at often, and after every third
threshold's worth of collections of the middle generation (10 by default) it walks the whole heap, if
that has grown by a quarter since. A web process following many live tables holds a great many tracked
objects (its sockets' coroutines and buffers, the tables' cached states, events and drawn blocks), and
a walk through them all holds the event loop long enough that no table is served meanwhile. With
Python's default such walks came often, and at many tables at human pace they were most of the slow
answers (docs/performance.md, "Library internals overridden"). Young garbage, cycles included, is still
collected as often as before; only cycles among objects that lived long wait longer for the whole walk.

The middle generation is walked after every third collection of the youngest, not every tenth: each
walk then holds fewer objects (those that outlived a young collection since the last one), so it holds
the event loop for less time at once, for the same work in all: every object still goes through it
once. Its last threshold grew to match, so the whole heap is still walked seldom.
"""

import gc

from django.core.exceptions import ImproperlyConfigured


def parse_thresholds(text):
    """``GC_THRESHOLDS``' three numbers ("700,3,3000"), as ``gc.set_threshold`` takes them."""
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != 3 or not all(part.isdigit() and int(part) > 0 for part in parts):
        raise ImproperlyConfigured(
            f"GC_THRESHOLDS={text!r}: give three whole numbers above 0, as gc.set_threshold takes them, "
            "e.g. 700,3,3000."
        )
    return tuple(int(part) for part in parts)


def apply(text):
    """Set this process's collector thresholds from ``GC_THRESHOLDS``' text."""
    gc.set_threshold(*parse_thresholds(text))

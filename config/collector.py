"""How often a web process's garbage collector walks everything it holds (``GC_THRESHOLDS``).

Python's collector is generational: young objects are looked at often, and every ``third`` collections
of the middle generation it walks the whole heap (when that has grown by a quarter since). A web
process following 1,000 live tables holds about 600,000 tracked objects (its sockets' coroutines and
buffers, the tables' cached states, events and drawn blocks), and a walk through them all takes about
0.3-0.6 s on the event loop, during which no table is served. With Python's default of 10 such walks
came every 5 s: at 1,000 tables at human pace they were about a seventh of the process's CPU and
most of its slow answers (p95 838 ms, p99 1,025 ms; with 1,000, one walk in the run: p95 96 ms, p99
206 ms; docs/performance.md, the ninth round). Young garbage, cycles included, is still collected as
often as before; only cycles among objects that lived long wait longer for the whole walk.
"""
import gc

from django.core.exceptions import ImproperlyConfigured


def parse_thresholds(text):
    """``GC_THRESHOLDS``' three numbers ("700,10,1000"), as ``gc.set_threshold`` takes them."""
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != 3 or not all(part.isdigit() and int(part) > 0 for part in parts):
        raise ImproperlyConfigured(
            f"GC_THRESHOLDS={text!r}: give three whole numbers above 0, as gc.set_threshold takes them, "
            "e.g. 700,10,1000.")
    return tuple(int(part) for part in parts)


def apply(text):
    """Set this process's collector thresholds from ``GC_THRESHOLDS``' text."""
    gc.set_threshold(*parse_thresholds(text))

"""Snapshots for replay: the folded state after every EVERY-th event, so that any step of a long game is
rebuilt from the nearest snapshot below it and a short tail of events, not refolded from the deal.

Where: Django's cache (Redis when REDIS_URL is set, so every process shares them; otherwise the process's
own memory), and, for stepping one move at a time, the last few states this process rebuilt. Why caches
and not a table: a snapshot is nothing but a fold of the log, which is the truth, so it can be thrown away
at any time (a restart, an eviction, clearing the cache): a missing snapshot is folded again from the
nearest one still there, or from the start, and put back. A stored snapshot never goes stale, because the
log is append-only: the state after the first v events of a stream never changes, while the game runs or
after. What can change is the code: FORMAT is in every key, and is bumped when an engine's state changes
shape (an old pickle would no longer fit); entries also expire after a day.
tests/replay/test_snapshots.py proves that snapshot + tail == fold, with and without the caches.
"""

import threading

from cachetools import LRUCache
from django.core.cache import cache

from events import store
from games.engines import get_engine
from games.play import damaged

EVERY = 25  # events between snapshots: at most EVERY events are read and folded for any step
FORMAT = 1
TIMEOUT = 24 * 60 * 60
RECENT = 128  # states this process rebuilt last, for the next step of a walk (one event on)

_recent = LRUCache(maxsize=RECENT)  # (stream, version) -> state
_lock = threading.Lock()


def key(stream, version):
    return f"replay-snapshot:{FORMAT}:{stream}:{version}"


def rebuild(table, step):
    """(state after ``step`` events, the events read to get there: those after the snapshot used, up to and
    including event ``step``). Step 0 is the initial state, before the first event. DamagedLog if an event
    up to ``step`` does not fold."""
    engine = get_engine(table.game)
    if step <= 0:
        return engine.initial_state(), []
    base, state = _nearest_below(table.stream, step)
    if base == 0:
        state = engine.initial_state()
    tail = store.read(table.stream, after=base, upto=step, game=table.game)
    state = _fold_keeping_snapshots(engine, table, state, tail)
    _remember(table.stream, step, state)
    return state, tail


def _nearest_below(stream, step):
    """(version, state) of the latest state kept before ``step`` (so that event ``step`` is in the tail):
    one this process rebuilt lately, or a cached snapshot; (0, None) when there is none."""
    recent = _recent_below(stream, step)
    highest_snapshot = (step - 1) // EVERY * EVERY
    if recent and recent[0] >= highest_snapshot:
        return recent  # no snapshot could be nearer: the cache is not asked
    versions = list(range(EVERY, step, EVERY))
    if not versions:
        return recent or (0, None)
    highest = cache.get(key(stream, versions[-1]))  # there, but for an eviction: the others are not read
    if highest is not None:
        return versions[-1], highest
    found = cache.get_many([key(stream, version) for version in versions[:-1]])
    for version in reversed(versions):
        state = found.get(key(stream, version))
        if state is not None:
            return max((version, state), recent or (0, None), key=lambda kept: kept[0])
    return recent or (0, None)


def _recent_below(stream, step):
    with _lock:
        for version in range(step - 1, max(0, step - EVERY), -1):
            state = _recent.get((stream, version))
            if state is not None:
                return version, state
    return None


def _remember(stream, version, state):
    with _lock:
        _recent[(stream, version)] = state


def forget_recent():
    """Drop the states this process kept (tests: to reach the shared cache's snapshots)."""
    with _lock:
        _recent.clear()


def _fold_keeping_snapshots(engine, table, state, events):
    """Fold ``events`` on ``state``, putting a snapshot in the cache at each multiple of EVERY passed
    (DamagedLog at an event that does not fold: games.play.damaged)."""
    missing = {}
    for event in events:
        state = damaged.evolve(table, engine, state, event)
        if event.version % EVERY == 0:
            missing[key(table.stream, event.version)] = state
    if missing:
        cache.set_many(missing, TIMEOUT)
    return state

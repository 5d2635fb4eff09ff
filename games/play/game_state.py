"""Game state rebuilt from the event stream, with a per-process cache.

The cache keeps the last folded state of each stream, and its latest stored
events (``RECENT`` at most, for the live move log); loading reads only the
events after it and folds them on. It is a cache, never the truth:
clearing it changes nothing but speed (tests/play/test_game_state.py proves the
cached path equals a fold from scratch).
"""

import threading
from dataclasses import dataclass

from cachetools import LRUCache
from django.db import transaction

from events import store
from games.engines import get_engine
from games.play import caches, damaged

_CACHE_SIZE = 256  # streams kept at least (games.live.table_cache makes room for more: make_room)
RECENT = 30  # stored events kept per stream: as many as a live table's move log shows
_cache = LRUCache(maxsize=_CACHE_SIZE)  # stream -> (version, state, the latest stored events up to version, in order)
_lock = threading.Lock()


@dataclass(frozen=True)
class Game:
    engine: object
    state: object
    version: int

    @property
    def started(self):
        return self.version > 0


def load(table, expected_version=None):
    """The table's game as of its latest event; DamagedLog if its log does not fold (games.play.damaged).

    ``expected_version``: the version a command is about to be decided at. When the cache holds
    exactly that version it is used without reading the log: if the stream has moved on, the append
    at that version is refused by the store, so nothing is ever decided on a stale state unnoticed.
    """
    engine = get_engine(table.game)
    with _lock:
        version, state, _ = _cache.get(table.stream, (0, engine.initial_state(), ()))
    if expected_version is not None and version == expected_version and version > 0:
        return Game(engine, state, version)
    tail = store.read(table.stream, after=version, game=table.game)
    if tail:
        state = damaged.fold(table, engine, tail, state)
        version = tail[-1].version
        _remember(table.stream, version, state, tail)  # read from the log: committed
    return Game(engine, state, version)


def cached(table, at_least):
    """The cached game if it is at ``at_least`` or later, else None; never reads the log.

    Whatever is cached was committed (``remember``), so a version the table was told it reached
    and the cache holds is the table's true state at that version.
    """
    with _lock:
        version, state, _ = _cache.get(table.stream, (0, None, ()))
    return Game(get_engine(table.game), state, version) if version >= at_least and version > 0 else None


def recent(stream):
    """The latest stored events the cache holds for ``stream`` (up to its cached version, in order,
    RECENT at most; fewer, or none, when it has not seen them), without reading the log."""
    with _lock:
        return _cache.get(stream, (0, None, ()))[2]


def load_at(table, version):
    """The game as it stood after ``version`` events (for replay); not cached."""
    engine = get_engine(table.game)
    events = store.read(table.stream, upto=version, game=table.game)
    return Game(engine, damaged.fold(table, engine, events), len(events))


def remember(stream, version, state, events=()):
    """Cache a state once it is stored, with the stored ``events`` that led to it from the one before:
    at once, or when the transaction it was written in commits (a state from an append that is rolled
    back must never be cached)."""
    transaction.on_commit(lambda: _remember(stream, version, state, events))


def _remember(stream, version, state, events=()):
    with _lock:
        cached = _cache.get(stream)
        if cached is None or cached[0] < version:
            _cache[stream] = (version, state, _latest(cached, events))


def make_room(streams):
    """Keep the latest ``streams`` streams' states (``_CACHE_SIZE`` at least) from now on: a process
    following more live tables than that would otherwise read and fold a whole game again for most
    commands, several times the live thread's work for a move (docs/performance.md)."""
    global _cache
    with _lock:
        _cache = caches.grown(_cache, streams)


def _latest(cached, events):
    """The cached events followed by ``events`` when they continue them (else ``events`` alone), RECENT at most."""
    events = tuple(events)
    before = cached[2] if cached is not None and events and cached[0] == events[0].version - 1 else ()
    return (before + events)[-RECENT:]


def forget_all():
    with _lock:
        _cache.clear()

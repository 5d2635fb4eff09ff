"""The move log: a table's events as readable lines, for one perspective, with players' names in.

Each line is the engine's sentence for one event (``Engine.describe_event``), as the perspective may
see it, with every "{seat:N}" made that seat's player's display name (games.play.names.named). A perspective
is a seat number or None (a watcher: the public lines), or ``open=True``: every card shown, for a
finished game or staff. The caller decides who may have which perspective: ``lines_for`` does it for a
person at a live table, the replay service for its own pages.

    lines(table, seat=1)               # seat 1's lines, as it was told them
    lines(table, open=True, upto=40)   # the first 40 events, all cards shown
    lines_for(table, user)             # the live table's log for this person
"""

import threading

from cachetools import LRUCache

from events import store
from games.engines import get_engine
from games.play import game_state
from games.play.names import named, seat_names


def lines(table, seat=None, open=False, upto=None, after=0, names=None):
    """The described lines of the table's events (versions ``after`` + 1 to ``upto``, default: all):
    dicts with "version", "type", "actor" ("user", "system" or "staff"), "time" and "text"."""
    events = store.read(table.stream, upto=upto, after=after, game=table.game)
    return describe(table, events, seat=seat, open=open, names=names)


def describe(table, events, seat=None, open=False, names=None):
    """Lines (as ``lines`` gives them) for stored events of the table already read."""
    engine = get_engine(table.game)
    names = seat_names(table) if names is None else names
    return [line(engine, event, seat, open, names) for event in events]


def line(engine, event, seat, open, names):
    """One stored event's line."""
    return {
        "version": event.version,
        "type": event.type,
        "actor": event.actor_kind,
        "time": event.created_at,
        "text": named(engine.describe_event(event.payload, seat, open=open), names),
    }


_LINES_KEPT = 50_000  # 30 lines for each seat and watcher of every live table, with room to spare
_lines = LRUCache(maxsize=_LINES_KEPT)  # (stream, version, seat, open, names) -> {"version", "text"}, for live tables
_lines_lock = threading.Lock()


def live_lines(engine, events, seat, open, names):
    """``events``' lines as a live table shows them, in the order given: dicts with "version" and "text"
    (as ``line`` gives them), each kept per process and shared, so read-only: a live table redraws its
    latest thirty lines with every move, and a stored event never changes."""
    names_key = tuple(names)
    found = []
    for event in events:
        key = (event.stream, event.version, seat, open, names_key)
        with _lines_lock:
            kept = _lines.get(key)
        if kept is None:
            kept = {"version": event.version, "text": line(engine, event, seat, open, names)["text"]}
            with _lines_lock:
                _lines[key] = kept
        found.append(kept)
    return found


def lines_for(table, user, upto=None, after=0):
    """The log a person at the table reads: their seat's lines (anyone else's: a watcher's), every card
    shown once the game is over, as with the event list (seat_view.visible_events)."""
    game = game_state.load(table)
    over = game.started and game.engine.is_over(game.state)
    return lines(table, seat=table.seat_of(user), open=over, upto=upto, after=after)

"""The move log's and the announcements' lines as HTML in one step: ``live_log_items`` for the live
table's log (``log_items`` draws lines given whole), games.frames.jinja's ``news_items`` filter for the
announcements.

A live table draws its latest thirty lines with every move for every viewer: as a template loop they
were most of the nodes a frame renders; joined here they cost a small part of that. Each line's HTML
is kept too (a stored event's line never changes), so a frame escapes only its new lines; and a live
viewer's log is drawn from the one its previous frame showed, so a frame describes only the events
since (looking up thirty kept lines one by one was still a tenth of a frame in a busy process).
"""

import threading
from functools import lru_cache

from cachetools import LRUCache
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

from games.frames.cards import spoken
from games.frames.parts import marker
from games.play import caches

LATEST = ' class="is-latest"'


def log_items(lines):
    """The move log's <li>s, newest first (games.frames.rendering.live_log's lines), the newest marked."""
    if not lines:
        return mark_safe('<li class="empty">No moves yet.</li>')
    return mark_safe(
        "".join(_log_item(line["version"], line["text"], number == 0) for number, line in enumerate(lines))
    )


def live_log_items(viewer, events, describe):
    """What ``log_items`` draws for the lines of ``events`` (a live table's latest stored events, oldest
    first, without gaps) as ``viewer`` reads them: a key naming the stream and everything the lines
    depend on besides the events (seat, cards shown, names). ``describe(events)`` gives the lines of some
    of those events (games.frames.move_log.live_lines), and is asked only for those the viewer's previous log,
    kept here, does not hold."""
    if not events:
        return log_items([])
    first, version = events[0].version, events[-1].version
    with _live_logs_lock:
        kept = _live_logs.get(viewer)
    if kept is not None and kept[0] <= version:
        since, items = kept
        items = [item for item in items if item[0] >= first]
        events = events[len(events) - min(version - since, len(events)) :]
    else:
        items = []
    new = [(line["version"], line["text"]) for line in reversed(describe(events)) if line["text"]]
    # Each line a part of the live frame of its own (games.frames.parts): a move sends its new line, not the log.
    items = [(number, text, marker(f"l{number}") + _log_item(number, text, False)) for number, text in new] + items
    _keep_log(viewer, version, items)
    if not items:
        return log_items([])
    newest, text, _ = items[0]
    return mark_safe(marker(f"l{newest}") + _log_item(newest, text, True) + "".join(item[2] for item in items[1:]))


_LIVE_LOGS_KEPT = 1024  # viewers' logs kept at least (games.live.table_cache makes room for more: make_room)
_live_logs = LRUCache(maxsize=_LIVE_LOGS_KEPT)  # viewer -> (version, [(version, text, <li>)] newest first)
_live_logs_lock = threading.Lock()


def _keep_log(viewer, version, items):
    with _live_logs_lock:
        _live_logs[viewer] = (version, items)


def make_room(viewers):
    """Keep the latest ``viewers`` live logs (``_LIVE_LOGS_KEPT`` at least) from now on."""
    global _live_logs
    with _live_logs_lock:
        _live_logs = caches.grown(_live_logs, viewers)


def news_items(lines):
    """The announced lines (games.frames.announcements.news), cards in words, each tagged with its version."""
    return mark_safe(
        "".join(marker(f"n{line['version']}") + _news_item(line["version"], line["text"]) for line in lines)
    )


@lru_cache(maxsize=50_000, typed=True)  # typed: a safe string is not escaped, a plain one is
def _log_item(version, text, latest):
    return f'<li{LATEST if latest else ""} data-version="{int(version)}">{conditional_escape(text)}</li>'


@lru_cache(maxsize=20_000, typed=True)
def _news_item(version, text):
    return (
        f'<p data-announce="event-{int(version)}" data-announce-version="{int(version)}">'
        f"{conditional_escape(spoken(text))}</p>"
    )

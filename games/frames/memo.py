"""Pieces of a frame drawn once for the values they are given (``{% memo %}`` in games.frames.jinja).

A block is drawn with only the named values in its context, so what it shows can depend on nothing
else, and its HTML is kept per process, keyed by those values: a table's seat panel, piles or hand are
drawn again only when what they show changes. Setting ``TEMPLATE_MEMO`` to False draws every block
afresh with the template's whole context besides (the named values on top): the tests compare both
ways, so a block that names too few values (and would draw them blank) is caught.

The blocks kept are the ones drawn or found most lately, as many as ``make_room`` last asked for (at
least ``_CACHE_SIZE``): a live table redraws a few dozen blocks per version, and a process following
a couple of hundred busy tables with room for 4,096 found few of them again (each was forgotten
before its table's next move), drawing most frames all afresh.
"""

import threading

from cachetools import LRUCache
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver

from games.play import caches

_CACHE_SIZE = 4096
_drawn = LRUCache(maxsize=_CACHE_SIZE)  # (block, repr of its values) -> HTML
_lock = threading.Lock()
# TEMPLATE_MEMO, read once and again when a test changes it: looking it up in Django's lazy settings for
# every block showed in Daphne's profile.
_on = settings.TEMPLATE_MEMO


@receiver(setting_changed)
def _setting_changed(setting, value, **kwargs):
    global _on
    if setting == "TEMPLATE_MEMO":
        _on = value


def make_room(blocks):
    """Keep the latest ``blocks`` blocks (``_CACHE_SIZE`` at least) from now on."""
    global _drawn
    with _lock:
        _drawn = caches.grown(_drawn, blocks)


def drawn(block, values, draw, whole_context=dict):
    """``block``'s HTML for ``values`` (a dict), from the memo or ``draw(values)``; with the memo off,
    ``draw`` is given ``whole_context()`` (the template's own) with the values on top, and nothing is kept."""
    if not _on:
        return draw({**whole_context(), **values})
    # repr, not JSON: the values are plain data (views, names, numbers), whose repr tells apart all that
    # JSON does (and tuples from lists), for less work; a dict built in another order only misses.
    shown = repr(tuple(values.values()))
    if " at 0x" in shown:  # an object known by its address only, which another may reuse: never a key
        return draw(values)
    key = (block, shown)
    with _lock:
        html = _drawn.get(key)
    if html is None:
        html = draw(values)
        with _lock:
            _drawn[key] = html
    return html


def pick(mapping, keys):
    """Only these keys (space-separated) of a dict (None stays None): a block is handed just the keys it
    needs of a larger dict (the engine's view), so its own references (``view.to_move``) stay as they are."""
    if mapping is None:
        return None
    return {key: mapping[key] for key in keys.split() if key in mapping}

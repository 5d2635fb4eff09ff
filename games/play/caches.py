"""What the per-process caches share: each is a cachetools ``LRUCache`` behind a lock of its own, and
those that grow with the tables a process follows (``make_room``) are replaced by a larger one."""

from cachetools import LRUCache


def grown(cache, maxsize):
    """``cache`` if it has room for ``maxsize`` items, else a new LRUCache holding its items, with room for
    ``maxsize`` or twice as many as before, whichever is more: a process taking on tables one at a time
    copies each item a few times in all, not once per table. Never smaller: a process keeps the room it
    once needed."""
    if maxsize <= cache.maxsize:
        return cache
    larger = LRUCache(maxsize=max(maxsize, 2 * cache.maxsize))
    larger.update(cache)
    return larger

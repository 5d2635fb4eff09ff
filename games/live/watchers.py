"""How many people watch a table: counted across every web process (accounts.presence keeps a row per
watching socket). The table page shows the count and asks for it again now and then
(templates/games/_watchers.html); the lobby's games in play show it too.

A watcher is a socket whose user has no seat at the table when it connects (a seated player's own pages
never count, nor does a watcher who later takes a seat, since counts leave out whoever is seated).
"""

from accounts import presence
from games.live.table_cache import in_thread


def count(table_id, seated_user_ids):
    """How many people watch the table now."""
    return presence.watcher_counts({table_id: set(seated_user_ids)})[table_id]


async def arrived(consumer, snap):
    """``consumer`` (a table's socket) shows ``snap``: if its user has no seat there, it watches."""
    if snap.seat_of(consumer.user) is not None:
        return
    consumer.watching = True
    await in_thread(presence.started_watching)(consumer.channel_name, snap.table.id, consumer.user)


async def left(consumer):
    """A socket closed: if it was watching, it no longer is."""
    if getattr(consumer, "watching", False):
        await in_thread(presence.stopped_watching)(consumer.channel_name)

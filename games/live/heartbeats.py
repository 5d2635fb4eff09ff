"""Heartbeats on the table's websocket, so a silent network loss is noticed within seconds on both sides.

The table page answers every ``PING`` it gets with a ``PONG`` (and sends one ``PONG`` as soon as it
connects, which is how a connection says it takes part). One task per process, on the event loop,
goes over the taking-part connections every ``WEBSOCKET_HEARTBEAT_SECONDS``: it pings those the
server has heard nothing from for that long, and closes (``SILENT``) those it has heard nothing from
for ``WEBSOCKET_SILENCE_SECONDS``; once a minute it notes their players as around, and the watchers
among them as still watching (``mark_seen``). The page, for its part, gives up on a socket the server has been silent on for a few beats and reconnects
(static/js/table_live/connection.js).

What it costs the live path: a busy connection (frames both ways) is never pinged; an idle one gets
one tiny frame each way per beat, answered without parsing, rendering or touching the database.
Heartbeats have a token bucket of their own, so they never use up, or are refused by, the one for
players' frames (games.live.frame_limits). A client that never sends a ``PONG`` (scripts, the live bench)
is never pinged nor closed for silence.
"""

import asyncio
import time

from django.conf import settings

from accounts import presence
from games.live import frame_limits
from games.live.table_cache import in_thread

PING, PONG = "ping", "pong"
SILENT = 4408  # close code: the connection stopped answering heartbeats (the page reconnects)

# Far more than an honest page sends (one pong per ping, one on connecting), far less than a flood.
PONGS_PER_SECOND, PONG_BURST, PONG_REFUSALS_BEFORE_CLOSE = 2.0, 10, 20

_watched = {}  # connection -> None: the connections taking part, in this process
_sweeper = None


def pong_rate():
    """The token bucket for one connection's heartbeats."""
    return frame_limits.FrameRate(PONGS_PER_SECOND, PONG_BURST, PONG_REFUSALS_BEFORE_CLOSE)


def heard(connection):
    """The server heard from ``connection`` (any frame): it is alive now."""
    connection.last_heard = time.monotonic()


def take_part(connection):
    """``connection`` answers heartbeats from now on: ping it when idle, close it when silent."""
    heard(connection)
    if connection in _watched:
        return
    _watched[connection] = None
    _ensure_sweeper()


def forget(connection):
    _watched.pop(connection, None)


def _ensure_sweeper():
    global _sweeper
    loop = asyncio.get_running_loop()
    if _sweeper is None or _sweeper.done() or _sweeper.get_loop() is not loop:
        _sweeper = loop.create_task(_sweep())


async def _sweep():
    beat = settings.WEBSOCKET_HEARTBEAT_SECONDS
    marked = time.monotonic()
    while _watched:
        await asyncio.sleep(beat)
        now = time.monotonic()
        await sweep_once(now)
        if now - marked >= presence.SEEN_EVERY.total_seconds():
            marked = now
            await mark_seen()


async def mark_seen():
    """The players whose table pages answer heartbeats are around (accounts.presence), in one write for
    the process's connections: a player at a table for an hour loads no page, but is there."""
    players = players_around()
    if players:
        await in_thread(presence.seen_many)(players)
    watching = [connection.channel_name for connection in _watched if getattr(connection, "watching", False)]
    await in_thread(presence.still_watching)(watching)


def players_around():
    """The ids of the logged-in players of the connections taking part in this process."""
    return {connection.user.pk for connection in _watched if connection.user.is_authenticated}


async def sweep_once(now):
    """Ping the idle connections and close the silent ones, as of ``now`` (time.monotonic)."""
    beat, limit = settings.WEBSOCKET_HEARTBEAT_SECONDS, settings.WEBSOCKET_SILENCE_SECONDS
    for connection in list(_watched):
        quiet = now - connection.last_heard
        try:
            if quiet >= limit:
                forget(connection)
                await connection.close(code=SILENT)
            elif quiet >= beat * 0.9:  # a beat's worth, allowing for the sleep's own jitter
                await connection.send(text_data=PING)
        except Exception:  # a connection already gone (its loop or its transport): one less to watch
            forget(connection)

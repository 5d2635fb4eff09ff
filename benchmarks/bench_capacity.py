"""Each part's ceiling on this machine, for docs/capacity.md: the event append, and the channel layer's publish.

    DATABASE_URL=postgres://... REDIS_URL=redis://.../N .venv/bin/python benchmarks/bench_capacity.py \
        [--connections 1,8,32] [--publishers 1,4] [--subscribers 2] [--seconds 10] [--part append|publish]
        [--wait-quiet SECS]

**The append** (``bench: event_append``): forked processes, one database connection each, append with the
project's own ``events.store.append`` (its prepared conditional INSERT and hash chain) to streams of their
own, a game of ``--moves-per-game`` appends to a stream, as fast as they can; once per ``--connections``
count. In a database of its own made from DATABASE_URL's server like the test database, then dropped
(bench_db). Counted: appends committed in the window, and the CPU of the connections' PostgreSQL backends,
of the whole cluster (shared with anyone else's databases) and of the appending processes (the service's
side of an append), each per append.

**The publish** (``bench: channel_layer_publish``): forked processes stand for Daphnes. Each subscriber
opens a channel in each of ``--groups`` groups (a seat of each table) on the channel layer the settings
give (with REDIS_URL, the service's Redis pub/sub layer) and reads every message on it as a consumer
does; each publisher sends ``games.play.broadcast``'s "table.changed" message with ``group_send`` to the
groups in turn, ``--in-flight`` at once (the service sends its broadcasts without waiting, on tasks of
their own). Once per ``--publishers`` count. Counted: publishes and deliveries in the window, and the CPU
of Redis (shared too), the publishers (per publish) and the subscribers (per delivery).

Every figure is read over a window of ``--seconds`` after ``--warmup``; the processes share the
machine's cores with PostgreSQL and Redis, so what gives out first here is the CPU, and the per-CPU
figures say what each part would do on cores of its own. ``cpu_pct`` (100 = one core) gives each part's
share of the window, ``machine_busy`` all CPUs', and ``other`` what else the machine ran (well above 10:
a contended run); ``--wait-quiet SECS`` first waits, at most that long, for the machine to be under 10 %
busy (``quiet_wait`` in every line). One JSON line per measurement; nothing about speed is asserted.
"""

import argparse
import asyncio
import json
import multiprocessing
import os
import queue
import sys
import time
import uuid
from datetime import datetime, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_db  # noqa: E402  (sets Django up)
from django.conf import settings  # noqa: E402
from django.db import connection, connections  # noqa: E402

from benchmarks.livebench import meter, service  # noqa: E402

FORK = multiprocessing.get_context("fork")
GAME = "capacity"
STOP_WAIT_S = 30


class Crew:
    """Forked processes doing one thing over and over, each counting what it did in a shared counter.

    ``work(index, counter, go, stop, ready)`` runs in each: it gets ready, puts something on ``ready``
    (what the parent needs to know of it, or None), waits for ``go`` and then works until ``stop`` is set,
    adding one to ``counter.value`` for each thing done.
    """

    def __init__(self, size, work, **kwargs):
        self.go, self.stop, self.ready = FORK.Event(), FORK.Event(), FORK.Queue()
        self.counters = [FORK.Value("q", 0, lock=False) for _ in range(size)]
        _close_database_connections()  # a forked process must not share the parent's sockets
        self.processes = [
            FORK.Process(target=work, args=(index, counter, self.go, self.stop, self.ready), kwargs=kwargs, daemon=True)
            for index, counter in enumerate(self.counters)
        ]
        for process in self.processes:
            process.start()

    def start(self, timeout=60.0):
        """Wait until every process is ready, then let them work; returns what each put on ``ready``."""
        reported = {}
        deadline = time.monotonic() + timeout
        while len(reported) < len(self.processes):
            if not all(process.is_alive() for process in self.processes):
                raise RuntimeError("A worker process ended before it was ready.")
            try:
                index, info = self.ready.get(timeout=max(0.1, min(1.0, deadline - time.monotonic())))
            except queue.Empty:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"Only {len(reported)} of {len(self.processes)} workers got ready.") from None
                continue
            reported[index] = info
        self.go.set()
        return [reported[index] for index in range(len(self.processes))]

    def done(self):
        return sum(counter.value for counter in self.counters)

    def pids(self):
        return [process.pid for process in self.processes]

    def end(self):
        self.stop.set()
        for process in self.processes:
            process.join(STOP_WAIT_S)
            if process.is_alive():
                process.kill()
                process.join()
        failed = [process.exitcode for process in self.processes if process.exitcode != 0]
        if failed:
            raise RuntimeError(f"{len(failed)} worker processes failed (exit codes {failed}).")


def _close_database_connections():
    connections.close_all()
    for each in connections.all():
        if each.vendor == "postgresql":
            each.close_pool()


def _wait_until(ready, timeout):
    deadline = time.monotonic() + timeout
    while not ready() and time.monotonic() < deadline:
        time.sleep(0.02)


def _window(snapshot, warmup, seconds, count_reached):
    """(snapshot at the window's start, at its end, its length in s): a timed window after ``warmup``, or,
    with ``count_reached``, from the start until it is true (at most STOP_WAIT_S)."""
    if count_reached is not None:
        first, started = snapshot(), time.monotonic()
        _wait_until(count_reached, STOP_WAIT_S)
        return first, snapshot(), time.monotonic() - started
    time.sleep(warmup)
    first, started = snapshot(), time.monotonic()
    time.sleep(seconds)
    return first, snapshot(), time.monotonic() - started


def _per(count, seconds):
    """Milliseconds of CPU per thing done (None if nothing was done)."""
    return round(1000 * seconds / count, 4) if count else None


def _pct(seconds, window):
    return round(100 * seconds / window, 1)


def _machine(first, last, ours, window):
    """How busy all CPUs were between two ``meter.machine_ticks`` readings (100 = one core), and ``other``:
    what else ran besides ``ours`` (CPU seconds) over the window; well above 10 means a contended run."""
    busy = meter.NCPU * 100 * (last[0] - first[0]) / max(last[1] - first[1], 1)
    return {"machine_busy": round(busy, 1), "other": round(busy - 100 * ours / window, 1)}


# The event append


def append_worker(index, counter, go, stop, ready, prefix, events_per_append, moves_per_game, warmup_appends, count):
    """Append to streams of this process's own, one connection, until ``stop`` (or ``count`` appends)."""
    from events import store

    moves = [{"type": "moved", "seat": n % 2, "card": f"c{n}"} for n in range(events_per_append)]
    game, version = 0, 0

    def append_one():
        nonlocal game, version
        if version >= moves_per_game * events_per_append:
            game, version = game + 1, 0
        version = store.append(f"{prefix}-{index}-{game}", moves, version, store.SYSTEM, GAME)

    for _ in range(warmup_appends):  # the statement prepared, the pool's connection open
        append_one()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        ready.put((index, cursor.fetchone()[0]))
    go.wait()
    while not stop.is_set() and (count is None or counter.value < count):
        append_one()
        counter.value += 1
    stop.wait()
    connection.close()


def measure_appends(
    connections_count, seconds=10.0, warmup=2.0, count=None, events_per_append=2, moves_per_game=50, warmup_appends=3
):
    """The event append from ``connections_count`` connections: one JSON line's dict. With ``count``, each
    connection makes that many appends and the window lasts until they are all made."""
    prefix = f"capacity-{uuid.uuid4().hex[:8]}"
    crew = Crew(
        connections_count,
        append_worker,
        prefix=prefix,
        events_per_append=events_per_append,
        moves_per_game=moves_per_game,
        warmup_appends=warmup_appends,
        count=count,
    )
    try:
        backends = crew.start()

        def snapshot():
            return {
                "appends": crew.done(),
                "backends": sum(meter.process_cpu(pid) for pid in backends),
                "cluster": meter.postgres_cpu(),
                "clients": sum(meter.process_cpu(pid) for pid in crew.pids()),
                "ticks": meter.machine_ticks(),
            }

        reached = (lambda: crew.done() >= count * connections_count) if count is not None else None
        first, last, window = _window(snapshot, warmup, seconds, reached)
    finally:
        crew.end()
    appends = last["appends"] - first["appends"]
    used = {part: last[part] - first[part] for part in ("backends", "cluster", "clients")}
    return {
        "bench": "event_append",
        "connections": connections_count,
        "events_per_append": events_per_append,
        "moves_per_game": moves_per_game,
        "window_s": round(window, 2),
        "appends": appends,
        "appends_total": crew.done() + warmup_appends * connections_count,
        "appends_per_s": round(appends / window, 1),
        "events_per_s": round(appends * events_per_append / window, 1),
        "postgres_backends_cpu_ms_per_append": _per(appends, used["backends"]),
        "postgres_cluster_cpu_ms_per_append": _per(appends, used["cluster"]),
        "client_cpu_ms_per_append": _per(appends, used["clients"]),
        "cpu_pct": {
            "postgres_backends": _pct(used["backends"], window),
            "postgres_cluster": _pct(used["cluster"], window),
            "clients": _pct(used["clients"], window),
            **_machine(first["ticks"], last["ticks"], used["cluster"] + used["clients"], window),
        },
        "stream_prefix": prefix,
        "database": connection.settings_dict["NAME"],
        "at": _now(),
    }


# The channel layer's publish


def table_changed(version):
    """What ``games.play.broadcast.table_changed`` sends a table's group after a move."""
    return {"type": "table.changed", "version": version, "seating": False, "cause": uuid.uuid4().hex}


def subscriber_worker(index, counter, go, stop, ready, groups):
    """A channel in each of ``groups``, every message on it read as a consumer reads it; each
    "table.changed" counted."""
    asyncio.run(_subscribe(index, counter, go, stop, ready, groups))


async def _subscribe(index, counter, go, stop, ready, groups):
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    channels = {}
    for group in groups:
        channels[group] = await layer.new_channel()
        await layer.group_add(group, channels[group])
    probed = {channel: asyncio.Event() for channel in channels.values()}

    async def read(channel):
        while True:
            message = await layer.receive(channel)
            if message["type"] == "table.changed":
                counter.value += 1
            else:
                probed[channel].set()

    readers = [asyncio.ensure_future(read(channel)) for channel in channels.values()]
    await _until_subscribed(layer, channels, probed)
    ready.put((index, None))
    await asyncio.to_thread(stop.wait)
    for reader in readers:
        reader.cancel()
    await asyncio.gather(*readers, return_exceptions=True)
    await layer.flush()


async def _until_subscribed(layer, channels, probed, timeout=30.0):
    """Return once a probe sent to each group through the layer reached its channel (``probed``): a
    SUBSCRIBE is sent without waiting for Redis to take it, and a PUBLISH before that reaches nobody."""
    deadline = time.monotonic() + timeout
    while waiting := [group for group, channel in channels.items() if not probed[channel].is_set()]:
        if time.monotonic() > deadline:
            raise RuntimeError(f"{len(waiting)} groups never heard their probe.")
        for group in waiting:
            await layer.group_send(group, {"type": "probe"})
        await asyncio.sleep(0.2)


def publisher_worker(index, counter, go, stop, ready, groups, in_flight, count):
    """``group_send`` of a "table.changed" to each of ``groups`` in turn, ``in_flight`` at once."""
    asyncio.run(_publish(index, counter, go, stop, ready, groups, in_flight, count))


async def _publish(index, counter, go, stop, ready, groups, in_flight, count):
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    sent = 0

    async def send_in_turn(offset):
        nonlocal sent
        position = offset
        while not stop.is_set() and (count is None or sent < count):
            sent += 1  # counted before the await, so that no more than ``count`` leave
            await layer.group_send(groups[position % len(groups)], table_changed(position))
            counter.value += 1
            position += in_flight

    ready.put((index, None))
    await asyncio.to_thread(go.wait)
    await asyncio.gather(*(send_in_turn(offset) for offset in range(in_flight)))
    await asyncio.to_thread(stop.wait)
    await layer.flush()


def measure_publishes(publishers, subscribers=2, groups=200, seconds=10.0, warmup=2.0, count=None, in_flight=4):
    """``group_send`` from ``publishers`` processes to ``subscribers`` processes: one JSON line's dict.
    With ``count``, each publisher sends that many and the window lasts until every one is delivered."""
    names = [f"capacity.{uuid.uuid4().hex[:8]}.{n}" for n in range(groups)]
    redis_pid = service.redis_pid(settings.REDIS_URL) if settings.REDIS_URL else None
    listening = Crew(subscribers, subscriber_worker, groups=names)
    try:
        listening.start()
        sending = Crew(publishers, publisher_worker, groups=names, in_flight=in_flight, count=count)
        try:
            sending.start()

            def snapshot():
                return {
                    "publishes": sending.done(),
                    "deliveries": listening.done(),
                    "redis": meter.process_cpu(redis_pid) if redis_pid else 0.0,
                    "publishers": sum(meter.process_cpu(pid) for pid in sending.pids()),
                    "subscribers": sum(meter.process_cpu(pid) for pid in listening.pids()),
                    "ticks": meter.machine_ticks(),
                }

            expected = (count or 0) * publishers
            reached = (
                (lambda: sending.done() >= expected and listening.done() >= expected * subscribers)
                if count is not None
                else None
            )
            first, last, window = _window(snapshot, warmup, seconds, reached)
        finally:
            sending.end()
    finally:
        listening.end()
    publishes, deliveries = last["publishes"] - first["publishes"], last["deliveries"] - first["deliveries"]
    used = {part: last[part] - first[part] for part in ("redis", "publishers", "subscribers")}
    return {
        "bench": "channel_layer_publish",
        "layer": settings.CHANNEL_LAYERS["default"]["BACKEND"],
        "redis_connections_per_process": len(settings.CHANNEL_LAYERS["default"].get("CONFIG", {}).get("hosts", [])),
        "publishers": publishers,
        "subscribers": subscribers,
        "groups": groups,
        "in_flight": in_flight,
        "window_s": round(window, 2),
        "publishes": publishes,
        "deliveries": deliveries,
        "publishes_per_s": round(publishes / window, 1),
        "deliveries_per_s": round(deliveries / window, 1),
        "deliveries_per_publish": round(deliveries / publishes, 3) if publishes else None,
        "redis_cpu_ms_per_publish": _per(publishes, used["redis"]),
        "publisher_cpu_ms_per_publish": _per(publishes, used["publishers"]),
        "subscriber_cpu_ms_per_delivery": _per(deliveries, used["subscribers"]),
        "cpu_pct": {
            "redis": _pct(used["redis"], window),
            "publishers": _pct(used["publishers"], window),
            "subscribers": _pct(used["subscribers"], window),
            **_machine(first["ticks"], last["ticks"], sum(used.values()), window),
        },
        "at": _now(),
    }


def _now():
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _counts(text):
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a comma-separated list of whole numbers.") from None
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError("Each count must be at least 1.")
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", choices=["append", "publish", "both"], default="both")
    parser.add_argument("--connections", type=_counts, default=[1, 8, 32], help="the append's, one run each")
    parser.add_argument("--events-per-append", type=int, default=2, help="a Spank! move stores 2.3 on average")
    parser.add_argument("--moves-per-game", type=int, default=50, help="appends to a stream before the next")
    parser.add_argument("--publishers", type=_counts, default=[1, 4], help="processes publishing, one run each")
    parser.add_argument("--subscribers", type=int, default=2, help="processes subscribed to every group")
    parser.add_argument("--groups", type=int, default=200, help="tables: each subscriber has a channel in each")
    parser.add_argument("--in-flight", type=int, default=4, help="each publisher's group_sends at once")
    parser.add_argument("--seconds", type=float, default=10.0, help="the measured window")
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument(
        "--wait-quiet",
        type=float,
        default=0,
        metavar="SECS",
        help="first wait, at most that long, until the machine is under 10 %% busy",
    )
    args = parser.parse_args()
    if args.part in ("publish", "both") and not settings.REDIS_URL:
        parser.error("REDIS_URL is not set: the channel layer would be the in-process one, not Redis.")

    quiet = {"quiet_wait": meter.wait_for_quiet(args.wait_quiet)} if args.wait_quiet else {}
    if args.part in ("append", "both"):
        with bench_db.own_database("capacity"):
            for count in args.connections:
                line = measure_appends(
                    count, args.seconds, args.warmup, None, args.events_per_append, args.moves_per_game
                )
                print(json.dumps({**line, **quiet}), flush=True)
            _close_database_connections()  # before the database is dropped
    if args.part in ("publish", "both"):
        for count in args.publishers:
            line = measure_publishes(
                count, args.subscribers, args.groups, args.seconds, args.warmup, None, args.in_flight
            )
            print(json.dumps({**line, **quiet}), flush=True)


if __name__ == "__main__":
    main()

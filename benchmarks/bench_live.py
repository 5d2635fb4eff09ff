"""Load benchmark of the live path: N two-player Spank! tables played by browser-like websocket clients.

    .venv/bin/python benchmarks/bench_live.py [--tables N] [--shape saturating|human] [--seconds S]
        [--warmup W] [--daphnes 1|2] [--proxy nginx|none] [--web-cpus own|any] [--seed S] [--out FILE] [--wait-quiet SECS]
        [--matrix] [--no-floor] [--bgio] [--rounds N]

Each size empties the bench database and Redis db; its run starts Daphne (two with --daphnes 2: seat 0 of
every table on one, seat 1 on the other; each on a CPU of its own, as the README sets them up), behind
nginx as deploy/README.md sets it up with --proxy nginx (the default with two: each seat still on its
Daphne, through the proxy's direct port for it; nginx's CPU counted apart),
plays for the warm-up and then the measured window, stops Daphne by its PID, checks what the seats
saw against the event log. Then the floor (benchmarks/livebench/floor: the same stack with no game
and no drawing, its frames and games as large and as long as Cardroom's were) is driven the same way
with the same players, tables and seconds, and one JSON line is printed (and appended to --out):
Cardroom's run, the floor's within it, and ``floor_ratio``. --matrix runs the saturating shape at 1,
10, 50 and 200 tables and the human shape at 200 and 1,000 (what `make bench-live` runs). --bgio runs
boardgame.io's harness (benchmarks/bgio) after each saturating size's Cardroom run, alike, and repeats
the whole (--rounds, two by default): Cardroom and boardgame.io alternated, ABAB, a JSON line each.
docs/performance.md says what each field means.
"""

import argparse
import asyncio
import gc
import json
import math
import os
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bgio import harness  # noqa: E402
from benchmarks.livebench import check, frames, lanes, meter, proxy, service  # noqa: E402
from benchmarks.livebench.floor import frame as floor_frame  # noqa: E402

MATRIX = [
    ("saturating", 1),
    ("saturating", 10),
    ("saturating", 50),
    ("saturating", 200),
    ("human", 200),
    ("human", 1000),
]
DRAIN_S = 20.0  # after the window: time for commands in flight to be answered before lanes are cancelled
HUMAN_TABLES_PER_S = 8.0  # how fast lanes arrive (lanes_arrive)
SATURATING_TABLES_PER_S = 3.0
SEATS = 2  # per table: each lane is a two-seat table


def main():
    args = parse_args()
    if args.bgio:
        try:
            harness.check_installed()
        except harness.HarnessUnavailable as error:
            sys.exit(f"bench_live.py: {error}")
    args.admin_database_url = args.database_url
    args.database_url = service.prepare_role(args.database_url, args.db_connection_limit)
    service.setup_django(args.database_url, args.redis_url)
    for target, shape, tables in planned_runs(args):
        try:
            if target == "boardgame.io":
                result = run_bgio(args, tables)
            else:
                players = prepare(args, tables)
                result = run_once(args, shape, tables, players)
        except Exception as error:  # noqa: BLE001 - one failed run is reported, and the next one runs
            result = failed(args, target, shape, tables, error)
        if target == "cardroom" and args.floor and "failed" not in result:
            result.update(beside_the_floor(args, shape, tables, players, result))
        line = json.dumps(result)
        print(line, flush=True)
        if args.out:
            with open(args.out, "a") as out:
                out.write(line + "\n")


def planned_runs(args):
    """(target, shape, tables) of each run in order: every size once a round, and with --bgio boardgame.io's
    run right after Cardroom's at each saturating size (its harness has no human pace)."""
    sizes = MATRIX if args.matrix else [(args.shape, args.tables)]
    runs = []
    for _ in range(args.rounds):
        for shape, tables in sizes:
            runs.append(("cardroom", shape, tables))
            if args.bgio and shape == "saturating":
                runs.append(("boardgame.io", shape, tables))
    return runs


def run_bgio(args, tables):
    """boardgame.io's run at ``tables`` saturating tables, its lanes arriving as Cardroom's do and its server
    kept on Daphne's CPU: the harness's JSON line as a dict."""
    ramp, warmup = lanes_arrive(args, "saturating", tables)
    server_cpus = own_cpu(0) if args.web_cpus == "own" else None
    line = harness.command(tables, args.seconds, warmup, ramp, args.seed, server_cpus, args.wait_quiet)
    return harness.run(line, time_limit_s=args.wait_quiet + warmup + args.seconds + DRAIN_S + 120)


def failed(args, target, shape, tables, error):
    return {
        "target": target,
        "shape": shape,
        "tables": tables,
        "daphnes": args.daphnes,
        "failed": describe(error),
        "at": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }


def beside_the_floor(args, shape, tables, players, cardroom):
    """The floor's run after Cardroom's (same players, tables, seconds), its frames as large as Cardroom's
    were on average and its games as long (the floor's defaults for what Cardroom's run did not show):
    {"floor": its run, "floor_ratio": Cardroom's server CPU per move over the floor's, and the same of
    Daphne's alone}."""
    measured = {"FLOOR_FRAME_BYTES": cardroom["bytes_per_frame"], "FLOOR_MOVES_PER_GAME": cardroom["moves_per_game"]}
    shape_of_floor = {name: str(round(value)) for name, value in measured.items() if value}
    try:
        floor = run_once(args, shape, tables, players, target="floor", floor_env=shape_of_floor)
    except Exception as error:  # noqa: BLE001 - Cardroom's run is reported all the same
        return {"floor": failed(args, "floor", shape, tables, error), "floor_ratio": None}
    floor["shaped_by"] = shape_of_floor
    ours, theirs = cardroom["moves_per_server_cpu_s"], floor["moves_per_server_cpu_s"]
    return {
        "floor": floor,
        "floor_ratio": round(theirs["daphne_postgres_redis"] / max(ours["daphne_postgres_redis"], 1e-9), 3),
        "floor_ratio_daphne": round(theirs["daphne"] / max(ours["daphne"], 1e-9), 3),
    }


def describe(error):
    """An exception and its causes, one line each (Django's CommandError hides the database's reason)."""
    lines = []
    while error is not None and len(lines) < 4:
        lines.append(f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
        error = error.__cause__ or error.__context__
    return " <- ".join(lines)[:1000]


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--shape", choices=["saturating", "human"], default="saturating")
    parser.add_argument("--seconds", type=float, default=20.0, help="the measured window")
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument(
        "--ramp",
        type=float,
        default=None,
        help="seconds over which the lanes start (default: tables/3 saturating, tables/8 at "
        "human pace; the warm-up then lasts at least the ramp + 10 s)",
    )
    parser.add_argument("--daphnes", type=int, choices=[1, 2], default=1)
    parser.add_argument(
        "--proxy",
        choices=["nginx", "none"],
        help="nginx: the lanes connect through nginx (deploy/); none: to Daphne itself "
        "(default: nginx with two Daphnes, none with one)",
    )
    parser.add_argument(
        "--web-cpus",
        choices=["own", "any"],
        default="own",
        help="own (the README's set-up): Daphne n runs on the nth CPU alone (taskset); "
        "any: wherever the system puts its threads",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", help="append each JSON line to this file too")
    parser.add_argument("--matrix", action="store_true", help="saturating 1, 10, 50, 200; human 200, 1000")
    parser.add_argument(
        "--floor",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="after each Cardroom run, run the floor the same way (benchmarks/livebench/floor); --no-floor: not",
    )
    parser.add_argument(
        "--bgio",
        action="store_true",
        help="after Cardroom's run at each saturating size, run boardgame.io's harness (benchmarks/bgio, "
        "`npm ci` done there) the same way",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=None,
        help="run every size this many times, in turn (default 2 with --bgio: ABAB; else 1)",
    )
    parser.add_argument(
        "--wait-quiet",
        type=float,
        default=0.0,
        help="first wait (at most this many seconds) until the machine is under 10%% busy",
    )
    parser.add_argument(
        "--profile",
        help="record the (first) Daphne's CPU (the thread holding the GIL) "
        "with py-spy during the window, to this file (raw format)",
    )
    parser.add_argument(
        "--profile-wall",
        action="store_true",
        help="with --profile: every thread's wall time, waits included, instead of CPU",
    )
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/cardroom_bench"),
    )
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/6"))
    parser.add_argument(
        "--db-connection-limit",
        type=int,
        default=60,
        help="the most connections the service may open (its role's CONNECTION LIMIT), "
        "to leave the shared PostgreSQL room for others; -1: no limit",
    )
    args = parser.parse_args(argv)
    if not (1 <= args.tables <= 5000 and 0 < args.seconds <= 600 and args.warmup >= 0):
        parser.error("tables 1..5000, seconds 0..600, warmup >= 0")
    args.rounds = args.rounds if args.rounds is not None else 2 if args.bgio else 1
    if args.rounds < 1:
        parser.error("--rounds: at least 1")
    if args.bgio and not args.matrix and args.shape != "saturating":
        parser.error("--bgio: boardgame.io's harness plays the saturating shape only")
    args.proxy = args.proxy or ("nginx" if args.daphnes > 1 else "none")
    if args.proxy == "nginx" and not proxy.installed():
        parser.error("--proxy nginx: nginx is not installed (apt-get install nginx)")
    return args


def prepare(args, tables):
    """A new bench database and Redis db, and the players of ``tables`` tables (each run of the size plays with them)."""
    service.reset(args.admin_database_url, args.redis_url)
    players = service.create_players(SEATS * tables)
    service.close_connections()
    return players


def run_once(args, shape, tables, players, target="cardroom", floor_env=None):
    """One run of ``target`` (service.SETTINGS): its JSON line as a dict."""
    quiet = meter.wait_for_quiet(args.wait_quiet) if args.wait_quiet else None
    service.close_connections()
    logs = Path(tempfile.mkdtemp(prefix=f"bench-live-{target}-"))
    daphnes = [
        service.Daphne(
            free_port(),
            args.database_url,
            args.redis_url,
            logs / f"daphne{n}.log",
            web_cpus=own_cpu(n) if args.web_cpus == "own" else "",
            target=target,
            floor_env=floor_env,
        )
        for n in range(args.daphnes)
    ]
    calib_before = meter.calibrate_ms()
    nginx = None
    try:
        for daphne in daphnes:
            daphne.start()
        for daphne in daphnes:
            daphne.wait_ready()
        nginx = start_proxy(args, daphnes, logs)
        idle_rss = [round(meter.rss_mb(d.pid), 1) for d in daphnes]
        pace = lanes.Pace(shape)
        ramp, warmup = lanes_arrive(args, shape, tables)
        hard_limit = warmup + args.seconds + DRAIN_S + 60
        measured = without_collector(
            lambda: asyncio.run(
                asyncio.wait_for(
                    drive(args, pace, players, daphnes, service.redis_pid(args.redis_url), ramp, warmup, target, nginx),
                    hard_limit,
                )
            )
        )
    finally:
        if nginx:
            nginx.stop()
        for daphne in daphnes:
            daphne.stop()
    stats, rss = measured.pop("stats"), measured.pop("rss")
    daphne_cpu_s, service_cpu_s = measured.pop("daphne_cpu_s"), measured.pop("service_cpu_s")
    threads_before, threads_after = measured.pop("daphne_threads")
    return {
        "target": target,
        "shape": shape,
        "tables": tables,
        "daphnes": args.daphnes,
        "proxy": args.proxy,
        "seed": args.seed,
        "web_cpus": [daphne.web_cpus or None for daphne in daphnes],
        "seconds": args.seconds,
        "warmup_s": warmup,
        "ramp_s": round(ramp, 1),
        **measured,
        **summarize(stats, measured["window_s"]),
        "moves_per_server_cpu_s": {
            "daphne": round(stats.moves_in_window / max(daphne_cpu_s, 1e-9), 2),
            "daphne_postgres_redis": round(stats.moves_in_window / max(service_cpu_s, 1e-9), 2),
            **with_the_proxy(stats.moves_in_window, service_cpu_s, measured.pop("proxy_cpu_s")),
        },
        "daphne_cpu_ms_per_move_by_thread": meter.threads_cpu_ms_per_move(
            threads_before, threads_after, stats.moves_in_window
        ),
        "server_rss_mb": {"idle": idle_rss, **rss},
        "correctness": check.check_floor_run(stats.tables)
        if target == "floor"
        else check.check_run(stats.tables, stats.samples),
        "server_log": [daphne.log_summary() for daphne in daphnes],
        "proxy_log": nginx.log_summary() if nginx else None,
        "calib_ms": {"before": calib_before, "after": meter.calibrate_ms()},
        "quiet_wait": quiet,
        "cpus": meter.NCPU,
        "at": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }


def start_proxy(args, daphnes, logs):
    """nginx in front of ``daphnes`` (benchmarks/livebench/proxy.py) with --proxy nginx, ready; else None."""
    if args.proxy != "nginx":
        return None
    nginx = proxy.Nginx(logs / "nginx", free_port(), [d.port for d in daphnes], [free_port() for _ in daphnes])
    nginx.start()
    try:
        nginx.wait_ready()
    except RuntimeError:
        nginx.stop()
        raise
    return nginx


def seat_ports(daphnes, nginx):
    """The port each seat connects to, host's first: its Daphne's, or nginx's direct port for that Daphne."""
    ports = nginx.direct_ports if nginx else [daphne.port for daphne in daphnes]
    return ports[0], ports[-1]


def with_the_proxy(moves, service_cpu_s, proxy_cpu_s):
    """Moves per server CPU-second with nginx's CPU added to the service's (with a proxy only)."""
    if proxy_cpu_s is None:
        return {}
    return {"daphne_postgres_redis_nginx": round(moves / max(service_cpu_s + proxy_cpu_s, 1e-9), 2)}


def own_cpu(n):
    """The CPU Daphne ``n`` runs on alone: the nth this benchmark may use (as taskset takes it)."""
    usable = sorted(os.sched_getaffinity(0))
    return str(usable[n % len(usable)])


def lanes_arrive(args, shape, tables):
    """(ramp, warm-up) seconds: how long the lanes take to arrive, and the wait before the window.

    Lanes arrive a few tables a second (SATURATING_TABLES_PER_S; at human pace HUMAN_TABLES_PER_S,
    as people do): all at once, their sign-ups would be a load test of table set-up, not of play.
    Saturating tables leave the process no spare CPU, so a table set up while they play waits for
    it: at ten new tables a second beside 100 saturating ones, hand-shakes queued past Daphne's
    five seconds to accept a websocket. The window starts ten seconds after the last has arrived.
    """
    if args.ramp is not None:
        return args.ramp, args.warmup
    ramp = tables / (HUMAN_TABLES_PER_S if shape == "human" else SATURATING_TABLES_PER_S)
    return ramp, max(args.warmup, ramp + 10)


def without_collector(run):
    """``run()`` with the driver's own garbage collector off (and on again after). The driver holds
    every seat's socket, so its whole-heap passes are long; during one it reads no frame, and every
    answer in flight then would be counted that much slower, as the server's latency. Its cyclic
    garbage (a closed socket's objects) waits for the end of the run instead; a run is minutes long."""
    gc.collect()
    gc.disable()
    try:
        return run()
    finally:
        gc.enable()


async def drive(args, pace, players, daphnes, redis_pid, ramp, warmup, target, nginx=None):
    """Run the lanes through warm-up and window; the window's CPU, memory and seat counts."""
    clock = time.monotonic
    window_start = clock() + warmup
    stats = lanes.Stats(window_start, window_start + args.seconds)
    stop = asyncio.Event()
    host_port, guest_port = seat_ports(daphnes, nginx)
    parse = floor_frame.parse if target == "floor" else frames.parse
    tasks = []
    for number in range(len(players) // SEATS):
        host = lanes.Player(**players[SEATS * number], port=host_port)
        guest = lanes.Player(**players[SEATS * number + 1], port=guest_port)
        delay = ramp * number / max(1, len(players) // SEATS)
        lane = lanes.run_lane(number, host, guest, pace, stats, stop, args.seed, delay, parse)
        tasks.append(asyncio.create_task(lane))
    await asyncio.sleep(max(0.0, window_start - clock()))
    pids = [daphne.pid for daphne in daphnes]
    profiler = start_profiler(args.profile if target == "cardroom" else None, args.profile_wall, pids[0], args.seconds)
    before = meter.Snapshot.take(pids, redis_pid)
    proxy_before = nginx.cpu_s() if nginx else None
    samples = {"rss_max": [0.0] * len(pids), "seats": [], "connections": []}
    sampler = asyncio.create_task(sample_window(samples, pids, stats, args.admin_database_url))
    await asyncio.sleep(max(0.0, stats.window_end - clock()))
    after = meter.Snapshot.take(pids, redis_pid)
    proxy_cpu_s = nginx.cpu_s() - proxy_before if nginx else None
    rss_end = [round(meter.rss_mb(pid), 1) for pid in pids]
    sampler.cancel()
    stop.set()
    _, unfinished = await asyncio.wait(tasks, timeout=DRAIN_S)
    for task in unfinished:
        task.cancel()
    await asyncio.wait(tasks, timeout=10)
    if profiler:
        profiler.wait(timeout=60)
    return {
        "window_s": round(after.at - before.at, 2),
        "cpu_pct": meter.cpu_report(before, after, proxy_cpu_s),
        "daphne_cpu_s": after.daphne - before.daphne,
        "daphne_threads": (before.daphne_threads, after.daphne_threads),
        "service_cpu_s": sum(getattr(after, k) - getattr(before, k) for k in ("daphne", "postgres", "redis")),
        "proxy_cpu_s": proxy_cpu_s,
        "connected_seats": spread(samples["seats"]),
        "db_connections": spread(samples["connections"]),
        "lanes_still_running_after_drain": len(unfinished),
        "rss": {"window_end": rss_end, "window_max": [round(r, 1) for r in samples["rss_max"]]},
        "stats": stats,
    }


async def sample_window(samples, pids, stats, admin_database_url):
    """Every half second of the window: Daphne's peak RSS, the seats connected, the service's connections."""
    while True:
        await asyncio.sleep(0.5)
        samples["rss_max"] = [max(peak, meter.rss_mb(pid)) for peak, pid in zip(samples["rss_max"], pids)]
        samples["seats"].append(stats.connected_seats)
        samples["connections"].append(await asyncio.to_thread(service.connections_open, admin_database_url))


def spread(samples):
    samples = [sample for sample in samples if sample is not None]
    return {
        "mean": round(sum(samples) / max(1, len(samples)), 1),
        "min": min(samples, default=0),
        "max": max(samples, default=0),
    }


def summarize(stats, window_s):
    latencies = sorted(stats.latencies_ms)
    return {
        "moves": stats.moves_in_window,
        "moves_per_s": round(stats.moves_in_window / window_s, 2),
        "latency_ms": {
            "p50": percentile(latencies, 50),
            "p95": percentile(latencies, 95),
            "p99": percentile(latencies, 99),
            "max": round(latencies[-1], 2) if latencies else None,
            "mean": round(sum(latencies) / len(latencies), 2) if latencies else None,
            "n": len(latencies),
        },
        "games_completed": stats.games_completed,
        "tables_created": stats.tables_created,
        "moves_total": stats.moves_total,
        "frames": stats.frames,
        "duplicate_frames": stats.duplicate_frames,
        "bytes_per_move": per(stats.bytes_in_window / SEATS, stats.moves_in_window),
        "bytes_per_frame": per(stats.bytes_in_window, stats.messages_in_window),
        "frames_per_move": per(stats.messages_in_window, stats.moves_in_window, 2),
        "moves_per_game": round(statistics.mean(stats.game_lengths), 1) if stats.game_lengths else None,
        "errors": dict(stats.errors),
        "first_errors": stats.first_errors,
    }


def per(amount, count, digits=None):
    """``amount / count`` rounded, or None when there is nothing to count."""
    return round(amount / count, digits) if count else None


def percentile(ordered, p):
    """The nearest-rank percentile (as the boardgame.io harness computes it)."""
    if not ordered:
        return None
    return round(ordered[min(len(ordered) - 1, max(0, math.ceil(p / 100 * len(ordered)) - 1))], 2)


def start_profiler(path, wall, pid, seconds):
    if not path:
        return None
    import subprocess

    py_spy = Path(sys.executable).parent / "py-spy"
    return subprocess.Popen(
        [
            str(py_spy),
            "record",
            "--pid",
            str(pid),
            "--duration",
            str(int(seconds)),
            "--format",
            "raw",
            "--output",
            path,
            "--nonblocking",
            "--threads",
            "--idle" if wall else "--gil",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def free_port():
    with socket.socket() as probe:
        probe.bind((service.HOST, 0))
        return probe.getsockname()[1]


if __name__ == "__main__":
    main()

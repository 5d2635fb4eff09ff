"""CPU and memory from /proc: the service's processes, the driver, and the rest of the machine.

CPU times are seconds of utime+stime (100 % = one core busy). PostgreSQL runs a process per
connection and Django closes its connections after each request, so its backends come and go: a
backend that exits has its time added to the postmaster's cutime+cstime, which is counted too.
"""

import os
import re
import resource
import time
from dataclasses import dataclass

CLK_TCK = os.sysconf("SC_CLK_TCK")
NCPU = os.cpu_count() or 1


def _stat_fields(pid, thread=None):
    """The fields of /proc/PID/stat (or of one of its threads) after the command name (fields[0] is
    field 3, the state)."""
    with open(f"/proc/{pid}/task/{thread}/stat" if thread else f"/proc/{pid}/stat") as stat:
        text = stat.read()
    return text[text.rindex(")") + 2 :].split()


def process_cpu(pid, with_reaped_children=False):
    """CPU seconds of one process (0.0 if it is gone); with its exited children's if asked."""
    try:
        fields = _stat_fields(pid)
    except (FileNotFoundError, ProcessLookupError):
        return 0.0
    ticks = int(fields[11]) + int(fields[12])
    if with_reaped_children:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / CLK_TCK


def threads_cpu(pid):
    """CPU seconds of each kind of thread of a process, by the name the system knows it by
    (config.thread_names: "live_3" counts as "live"): "loop" for its main thread (Daphne's event loop),
    "other" for a thread without a name of its own. Empty if the process is gone."""
    kinds = {}
    try:
        threads = os.listdir(f"/proc/{pid}/task")
        with open(f"/proc/{pid}/comm") as comm:
            process_name = comm.read().strip()
    except (FileNotFoundError, ProcessLookupError):
        return kinds
    for thread in threads:
        try:
            with open(f"/proc/{pid}/task/{thread}/comm") as comm:
                name = comm.read().strip()
            fields = _stat_fields(pid, thread)
        except (FileNotFoundError, ProcessLookupError):
            continue  # the thread ended meanwhile
        kind = "loop" if int(thread) == pid else "other" if name == process_name else re.sub(r"_\d+$", "", name)
        kinds[kind] = kinds.get(kind, 0.0) + (int(fields[11]) + int(fields[12])) / CLK_TCK
    return kinds


def threads_cpu_ms_per_move(start, end, moves):
    """Each kind of thread's CPU between two ``threads_cpu`` readings (of all Daphnes), in ms per move."""
    return {
        kind: round(1000 * (seconds - start.get(kind, 0.0)) / max(moves, 1), 3) for kind, seconds in sorted(end.items())
    }


def rss_mb(pid):
    """Resident memory of a process in MB (0.0 if it is gone)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            match = re.search(r"^VmRSS:\s+(\d+)", status.read(), re.M)
    except FileNotFoundError:
        return 0.0
    return int(match.group(1)) / 1024 if match else 0.0


def _processes_named(name):
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/comm") as comm:
                    if comm.read().strip() == name:
                        yield int(entry)
            except (FileNotFoundError, ProcessLookupError):
                continue


def postgres_cpu():
    """CPU seconds of the whole PostgreSQL cluster: live processes plus the backends that exited."""
    pids = set(_processes_named("postgres"))
    total = 0.0
    for pid in pids:
        try:
            parent = int(_stat_fields(pid)[1])
        except (FileNotFoundError, ProcessLookupError):
            continue
        total += process_cpu(pid, with_reaped_children=parent not in pids)  # the postmaster reaps
    return total


def machine_ticks():
    """(busy, total) jiffies of all CPUs from /proc/stat; irq and softirq count as busy."""
    with open("/proc/stat") as stat:
        values = [int(v) for v in stat.readline().split()[1:9]]
    idle = values[3] + values[4]  # idle + iowait
    return sum(values) - idle, sum(values)


def driver_cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@dataclass(frozen=True)
class Snapshot:
    at: float
    daphne: float
    postgres: float
    redis: float
    driver: float
    busy_ticks: int
    total_ticks: int
    daphne_threads: dict  # kind of thread -> CPU seconds, all Daphnes together (threads_cpu)

    @classmethod
    def take(cls, daphne_pids, redis_pid):
        busy, total = machine_ticks()
        threads = {}
        for pid in daphne_pids:
            for kind, seconds in threads_cpu(pid).items():
                threads[kind] = threads.get(kind, 0.0) + seconds
        return cls(
            at=time.monotonic(),
            daphne=sum(process_cpu(pid) for pid in daphne_pids),
            daphne_threads=threads,
            postgres=postgres_cpu(),
            redis=process_cpu(redis_pid) if redis_pid else 0.0,
            driver=driver_cpu(),
            busy_ticks=busy,
            total_ticks=total,
        )


def cpu_report(start, end, proxy_cpu_s=None):
    """CPU % (100 = one core) of each part over the window between two snapshots; nginx's too, given
    its CPU seconds over the window (benchmarks/livebench/proxy.py)."""
    wall = max(end.at - start.at, 1e-9)

    def pct(seconds):
        return round(100 * seconds / wall, 1)

    machine = NCPU * 100 * (end.busy_ticks - start.busy_ticks) / max(end.total_ticks - start.total_ticks, 1)
    ours = sum(getattr(end, part) - getattr(start, part) for part in ("daphne", "postgres", "redis", "driver"))
    ours += proxy_cpu_s or 0.0
    proxy = {} if proxy_cpu_s is None else {"nginx": pct(proxy_cpu_s)}
    return {
        "daphne": pct(end.daphne - start.daphne),
        "postgres": pct(end.postgres - start.postgres),
        "redis": pct(end.redis - start.redis),
        "driver": pct(end.driver - start.driver),
        **proxy,
        "machine_busy": round(machine, 1),
        # Everything else the machine ran in the window (other helpers' tests, ...): well above ~10
        # means the run shared the CPUs. PostgreSQL and Redis are shared services: their figures
        # include other databases' work, if any ran.
        "other": round(machine - 100 * ours / wall, 1),
    }


def machine_busy_pct(seconds=2.0):
    """How busy all CPUs were over the next ``seconds`` (100 = every core)."""
    busy0, total0 = machine_ticks()
    time.sleep(seconds)
    busy1, total1 = machine_ticks()
    return 100 * (busy1 - busy0) / max(total1 - total0, 1)


def wait_for_quiet(limit_s, threshold_pct=10.0):
    """Wait (at most ``limit_s``) until the machine is under ``threshold_pct`` busy over 2 s."""
    started = time.monotonic()
    busy = machine_busy_pct()
    while busy >= threshold_pct and time.monotonic() - started < limit_s:
        busy = machine_busy_pct()
    return {"waited_s": round(time.monotonic() - started, 1), "busy_pct_before_start": round(busy, 1)}


def calibrate_ms():
    """Fixed Python work (JSON round trips), min of 5: lower means a faster or quieter host."""
    import json

    payload = {"hand": [f"c{i}" for i in range(26)], "pile": [f"p{i}" for i in range(26)], "turn": 1}
    times = []
    for _ in range(5):
        started = time.perf_counter()
        for _ in range(5000):
            json.loads(json.dumps(payload))
        times.append(1000 * (time.perf_counter() - started))
    return round(min(times), 2)

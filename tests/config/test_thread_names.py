"""The pools' threads are named for the system too (config.thread_names), and the live benchmark reads
each kind's CPU off those names (benchmarks/livebench/meter.py)."""

import os
import threading
import time

from asgiref.sync import async_to_sync

from benchmarks.livebench import meter
from config.thread_names import name_for_the_system
from games.live import table_cache as live


def system_name():
    with open(f"/proc/self/task/{threading.get_native_id()}/comm") as comm:
        return comm.read().strip()


def test_a_thread_is_named_for_the_system_as_python_names_it_cut_at_fifteen_bytes():
    seen = {}

    def run():
        name_for_the_system()
        seen["name"] = system_name()

    for name, shown in [("live_7", "live_7"), ("a-rather-long-thread-name", "a-rather-long-t")]:
        thread = threading.Thread(target=run, name=name)
        thread.start()
        thread.join()
        assert seen["name"] == shown


def test_the_live_threads_carry_their_names_to_the_system():
    assert async_to_sync(live.in_thread(system_name))().startswith("live_")
    assert async_to_sync(live.on_arrival(system_name))().startswith("arrival_")


def test_the_benchmark_counts_each_kind_of_thread_by_its_name():
    stop = threading.Event()

    def busy():
        name_for_the_system()
        while not stop.is_set():
            sum(range(1000))

    workers = [threading.Thread(target=busy, name=f"bench-kind_{n}") for n in range(2)]
    for worker in workers:
        worker.start()
    try:
        before = meter.threads_cpu(os.getpid())
        time.sleep(0.3)
        after = meter.threads_cpu(os.getpid())
    finally:
        stop.set()
        for worker in workers:
            worker.join()
    assert after["bench-kind"] > before.get("bench-kind", 0.0)  # both workers, counted as one kind
    assert "loop" in after  # the process's main thread
    per_move = meter.threads_cpu_ms_per_move(before, after, moves=10)
    assert per_move["bench-kind"] == round(100 * (after["bench-kind"] - before.get("bench-kind", 0.0)), 3)

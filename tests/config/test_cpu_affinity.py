"""WEB_CPUS: a web process and every thread of it kept on the CPUs it is given (config/cpu_affinity.py)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.cpu_affinity import keep_process_on, parse_cpus

REPO = Path(__file__).resolve().parents[2]
CPU = max(os.sched_getaffinity(0))  # one this machine lets us use

THREADS_AFTER_PINNING = """
import json, os, threading
from config.cpu_affinity import keep_process_on
started = threading.Event()
earlier = threading.Thread(target=started.wait)  # a thread already running when the process is kept
earlier.start()
keep_process_on({cpu})
later = threading.Thread(target=started.wait)  # and one started afterwards
later.start()
threads = os.listdir("/proc/self/task")
print(json.dumps({{t: sorted(os.sched_getaffinity(int(t))) for t in threads}}))
started.set()
"""


def run_python(code, **env):
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60, env={**os.environ, **env}
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize(
    "text, cpus",
    [
        ("", set()),
        ("0", {0}),
        ("0,2", {0, 2}),
        ("1-3", {1, 2, 3}),
        (" 0 , 4-5 ", {0, 4, 5}),
        ("3-3", {3}),
    ],
)
def test_cpu_lists_are_read_as_taskset_writes_them(text, cpus):
    assert parse_cpus(text) == cpus


@pytest.mark.parametrize(
    "text, says",
    [
        ("a", "'a' is not a CPU number"),
        ("1-", "'1-' is not a CPU number"),
        ("-1", "'-1' is not a CPU number"),
        ("3-1", "the range '3-1' runs backwards"),
        ("0;1", "'0;1' is not a CPU number"),
    ],
)
def test_a_cpu_list_that_is_not_one_is_refused_with_a_sentence(text, says):
    with pytest.raises(ImproperlyConfigured, match=says):
        parse_cpus(text)


def test_every_thread_of_the_process_is_kept_on_the_cpus_earlier_and_later_ones_alike():
    affinities = json.loads(run_python(THREADS_AFTER_PINNING.format(cpu={CPU})))
    assert len(affinities) == 3
    assert set(map(tuple, affinities.values())) == {(CPU,)}


def test_a_cpu_the_process_may_not_use_is_refused_with_a_sentence():
    with pytest.raises(
        ImproperlyConfigured, match=r"WEB_CPUS names CPUs \[100000\], which this process may not run on"
    ):
        keep_process_on({100000})
    assert CPU in os.sched_getaffinity(0)


def test_no_cpus_leave_the_process_where_the_system_puts_it():
    before = os.sched_getaffinity(0)
    keep_process_on(set())
    assert os.sched_getaffinity(0) == before


def test_the_web_process_keeps_to_web_cpus_when_it_starts():
    shown = run_python(
        "import os, config.asgi; print(sorted(os.sched_getaffinity(0)))",
        WEB_CPUS=str(CPU),
        DJANGO_SETTINGS_MODULE="config.settings",
        CELERY_EMBEDDED_WORKER="false",
    )
    assert shown.split() == [f"[{CPU}]"]

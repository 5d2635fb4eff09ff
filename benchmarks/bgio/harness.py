"""boardgame.io's run for `bench_live.py --bgio`: ``node bench.js`` (beside this module) started, bounded
in time, and its JSON line read back. README.md here says what the harness does and what its fields mean.
"""

import json
import os
import shutil
import signal
import subprocess
from pathlib import Path

HARNESS_DIR = Path(__file__).resolve().parent
COMPARED_FIELDS = ("moves_per_s", "moves_per_server_cpu_s", "latency_ms")


class HarnessUnavailable(Exception):
    """Node.js or the harness's packages are missing: the sentence says what to install."""


class HarnessFailed(Exception):
    """A run printed no usable JSON line."""


def check_installed(harness_dir=HARNESS_DIR):
    if shutil.which("node") is None:
        raise HarnessUnavailable(
            "boardgame.io's harness needs Node.js 18 or later and npm, and `node` is not on PATH "
            "(Debian: apt-get install nodejs npm)"
        )
    if not (harness_dir / "node_modules" / "boardgame.io").is_dir():
        raise HarnessUnavailable(
            f"boardgame.io is not installed in {harness_dir}: run `npm ci` there "
            "(`make bench-live` does when BENCH_ARGS has --bgio)"
        )


def command(tables, seconds, warmup, ramp, seed, server_cpus=None, wait_quiet=0.0):
    """The harness's command line for one run in bench_live's terms (its lanes' ramp and warm-up, its
    Daphne's CPUs for the server)."""
    line = [
        "node",
        "bench.js",
        str(tables),
        f"{seconds:g}",
        f"--warmup={warmup:g}",
        f"--ramp={ramp:g}",
        f"--seed={seed}",
    ]
    if server_cpus:
        line.append(f"--server-cpus={server_cpus}")
    if wait_quiet:
        line.append(f"--wait-quiet={wait_quiet:g}")
    return line


def run(line, time_limit_s, harness_dir=HARNESS_DIR):
    """Run ``line`` in the harness's folder; its JSON line as a dict. Past ``time_limit_s`` the driver
    and its server (one process group of its own) are killed."""
    driver = subprocess.Popen(
        line, cwd=harness_dir, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        stdout, stderr = driver.communicate(timeout=time_limit_s)
    except subprocess.TimeoutExpired:
        os.killpg(driver.pid, signal.SIGKILL)
        stdout, stderr = driver.communicate()
        raise HarnessFailed(f"no line in {time_limit_s:g} s; killed. stderr: {_tail(stderr)}") from None
    return read_line(stdout, driver.returncode, stderr)


def read_line(stdout, returncode=0, stderr=""):
    """The run's JSON line (the last line of ``stdout``) as a dict, or HarnessFailed saying why not."""
    lines = [line for line in stdout.splitlines() if line.strip()]
    if returncode != 0 or not lines:
        raise HarnessFailed(f"exit code {returncode}, no JSON line. stderr: {_tail(stderr)}")
    try:
        result = json.loads(lines[-1])
    except json.JSONDecodeError:
        raise HarnessFailed(f"not a JSON line: {lines[-1][:200]!r}") from None
    missing = (
        [field for field in COMPARED_FIELDS if field not in result] if isinstance(result, dict) else COMPARED_FIELDS
    )
    if missing or result.get("target") != "boardgame.io":
        raise HarnessFailed(f"not boardgame.io's line (missing {missing}): {lines[-1][:200]!r}")
    return result


def _tail(text, lines=3):
    return " | ".join(text.strip().splitlines()[-lines:])[:600]

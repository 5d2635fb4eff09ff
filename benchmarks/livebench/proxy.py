"""nginx in front of the benchmark's Daphnes, as deploy/README.md sets it up (Debian's nginx, the
configuration deploy/nginx_conf.py renders), in a folder of its own and stopped by its PID.

Besides the port that sends requests round the Daphnes, it listens on one direct port per Daphne (the
template's direct ports), so that a lane puts each seat of a table on the Daphne it chooses: the
host's on the first, the guest's on the last, as without a proxy. Its CPU (master and workers) is
counted apart from the service's (``cpu_s``).
"""

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

from benchmarks.livebench import meter
from benchmarks.livebench.service import HOST, REPO
from deploy import nginx_conf

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def installed():
    return os.access(NGINX, os.X_OK)


class Nginx:
    """nginx on ``listen`` in front of the web processes at ``daphne_ports``, its configuration and logs in
    ``folder``, and one direct port per web process (``direct_ports``)."""

    def __init__(self, folder, listen, daphne_ports, direct_ports, worker_processes="auto"):
        self.folder, self.listen = Path(folder), listen
        self.daphne_ports, self.direct_ports = list(daphne_ports), list(direct_ports)
        self.worker_processes = worker_processes
        self.process = None

    @property
    def pid(self):
        return self.process.pid

    def start(self):
        if not installed():
            raise RuntimeError("nginx is not installed (apt-get install nginx)")
        text = nginx_conf.render(
            [f"{HOST}:{port}" for port in self.daphne_ports],
            f"{HOST}:{self.listen}",
            REPO / "staticfiles",
            self.direct_ports,
            self.worker_processes,
        )
        nginx_conf.write(self.folder, text)
        with open(self.folder / "logs" / "stderr.log", "w") as log:
            self.process = subprocess.Popen(
                [NGINX, "-e", "stderr", "-p", f"{self.folder}/", "-c", "nginx.conf", "-g", "daemon off;"],
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )

    def wait_ready(self, timeout=15.0):
        """Until every port it listens on accepts; RuntimeError (with its log) if it exits or never does."""
        deadline = time.monotonic() + timeout
        for port in [self.listen, *self.direct_ports]:
            while not _accepts(port):
                if self.process.poll() is not None:
                    raise RuntimeError(f"nginx exited with {self.process.returncode}: {self.log_tail()}")
                if time.monotonic() > deadline:
                    raise RuntimeError(f"nginx did not listen on {port} in {timeout:g} s: {self.log_tail()}")
                time.sleep(0.1)

    def worker_pids(self):
        try:
            with open(f"/proc/{self.pid}/task/{self.pid}/children") as children:
                return [int(pid) for pid in children.read().split()]
        except FileNotFoundError:
            return []

    def cpu_s(self):
        """CPU seconds of the master and its workers (an exited worker's time is in the master's)."""
        return meter.process_cpu(self.pid, with_reaped_children=True) + sum(
            meter.process_cpu(pid) for pid in self.worker_pids()
        )

    def stop(self):
        if self.process is None or self.process.poll() is not None:
            return
        workers = self.worker_pids()
        self.process.send_signal(signal.SIGTERM)  # nginx's fast stop (a graceful one waits for every socket)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            for pid in [self.pid, *workers]:  # a killed master leaves its workers running
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            self.process.wait(timeout=10)

    def log_tail(self, characters=600):
        text = ""
        for name in ("stderr.log", "error.log"):
            try:
                text += (self.folder / "logs" / name).read_text(errors="replace")
            except FileNotFoundError:
                pass
        return text[-characters:]

    def log_summary(self):
        """The error log's lines by level ("[error]", "[warn]", ...), and where the logs are."""
        levels = {}
        try:
            lines = (self.folder / "logs" / "error.log").read_text(errors="replace").splitlines()
        except FileNotFoundError:
            lines = []
        for line in lines:
            start = line.find(" [")
            if start >= 0:
                level = line[start + 1 : line.find("]", start) + 1]
                levels[level] = levels.get(level, 0) + 1
        return {"logs": str(self.folder / "logs"), "error_log_lines": levels}


def _accepts(port):
    try:
        with socket.create_connection((HOST, port), timeout=1):
            return True
    except OSError:
        return False

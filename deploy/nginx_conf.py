"""nginx's configuration for N web processes, rendered from deploy/nginx.conf.template (deploy/README.md).

    .venv/bin/python deploy/nginx_conf.py --daphne 127.0.0.1:8001 --daphne 127.0.0.1:8002 \\
        --listen 8000 --static-root staticfiles --prefix deploy/run

writes DIR/nginx.conf and the folders it names (logs/, temp/); then ``nginx -p DIR -c nginx.conf``. The
listening port sends requests and sockets round the web processes. ``--direct-port`` (tests and
benchmarks) adds one more port per web process, in order, that sends everything to that process alone,
so that a client can choose which process serves it.
"""

import argparse
import re
import sys
from pathlib import Path

TEMPLATE = Path(__file__).with_name("nginx.conf.template")
_PLACEHOLDER = re.compile(r"\{\{ (\w+) \}\}")
_ADDRESS = re.compile(r"^(unix:/\S+|[\w.-]+:\d{1,5})$")


def render(daphnes, listen, static_root, direct_ports=(), worker_processes="auto"):
    """The configuration's text. ``daphnes``: the web processes' addresses ("127.0.0.1:8001" or
    "unix:/run/cardroom/web1.sock"); ``listen``: the port (or address) players connect to; ``static_root``:
    STATIC_ROOT (collectstatic's folder); ``direct_ports``: none, or one per web process."""
    daphnes, direct_ports = list(daphnes), list(direct_ports)
    if not daphnes:
        raise ValueError("no web process to send requests to")
    for address in daphnes:
        if not _ADDRESS.match(address):
            raise ValueError(f"not a web process's address (host:port or unix:/path): {address!r}")
    if not all(str(port).isdigit() for port in direct_ports):
        raise ValueError(f"a direct port is a number: {direct_ports!r}")
    if direct_ports and len(direct_ports) != len(daphnes):
        raise ValueError(f"{len(direct_ports)} direct ports for {len(daphnes)} web processes: one each, or none")
    if not Path(static_root).is_absolute():
        raise ValueError(f"the static root must be an absolute path: {static_root!r}")
    direct = [(port, f"daphne_{number}", address) for number, (port, address) in enumerate(zip(direct_ports, daphnes))]
    values = {
        "worker_processes": str(worker_processes),
        "listen": str(listen),
        "static_root": str(static_root).rstrip("/"),
        "upstream_servers": "\n".join(f"        server {address};" for address in daphnes),
        "direct_upstreams": "".join(
            f"    upstream {name} {{\n        server {address};\n        keepalive 16;\n    }}\n"
            for _, name, address in direct
        ),
        "direct_port_map": "\n".join(f"        {port} {name};" for port, name, _ in direct),
        # Loopback only: a direct port is for a test or benchmark on the same machine.
        "direct_listens": "\n".join(f"        listen 127.0.0.1:{port};" for port, _, _ in direct),
    }
    return _PLACEHOLDER.sub(lambda match: values[match.group(1)], TEMPLATE.read_text())


def write(prefix, text):
    """``text`` as PREFIX/nginx.conf, with the folders it writes to; the path of the file."""
    prefix = Path(prefix)
    for folder in ("logs", "temp"):
        (prefix / folder).mkdir(parents=True, exist_ok=True)
    path = prefix / "nginx.conf"
    path.write_text(text)
    return path


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--daphne", action="append", required=True, help="a web process's address; once for each")
    parser.add_argument("--listen", default="8000", help="where players connect (a port, or address:port)")
    parser.add_argument("--static-root", default="staticfiles", help="STATIC_ROOT, collectstatic's folder")
    parser.add_argument("--prefix", default="deploy/run", help="nginx's folder: its configuration, logs, temp files")
    parser.add_argument("--direct-port", action="append", default=[], help="one per web process, in order")
    parser.add_argument("--worker-processes", default="auto")
    args = parser.parse_args(argv)
    try:
        text = render(
            args.daphne, args.listen, Path(args.static_root).resolve(), args.direct_port, args.worker_processes
        )
    except ValueError as error:
        parser.error(str(error))
    print(write(args.prefix, text))


if __name__ == "__main__":
    sys.exit(main())

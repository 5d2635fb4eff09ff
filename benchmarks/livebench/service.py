"""The service under test, run as the README's multi-process set-up: PostgreSQL, Redis, Daphne (serving
Cardroom, or the floor: benchmarks/livebench/floor).

Daphne runs as separate processes (``.venv/bin/daphne ... config.asgi:application``) with
DATABASE_URL and REDIS_URL set, so nothing is shared with the driver but the database and Redis.
With REDIS_URL set the web process runs no embedded Celery worker; none is started either: Spank!
tables without a turn clock set no timers, so no job is ever queued.

The driver process itself uses Django (same settings) only to prepare the database, to create the
players and their sessions, and to check the log after a run: never while the lanes play.
"""

import os
import secrets
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from datetime import timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DAPHNE = REPO / ".venv" / "bin" / "daphne"
HOST = "127.0.0.1"


def setup_django(database_url, redis_url):
    """Point this process's Django at the bench database and Redis (before anything imports models)."""
    os.environ["DATABASE_URL"] = database_url
    os.environ["REDIS_URL"] = redis_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    import django

    django.setup()


def prepare_role(admin_url, connection_limit):
    """The bench database's own login role; the URL the service and the driver use.

    The role (named after the database, not a superuser) owns the database and may hold at most
    ``connection_limit`` connections: when the service under test opens too many, it gets "too
    many connections" errors, which the run reports, instead of the shared PostgreSQL (max 100
    connections here) refusing everyone else's test runs. PostgreSQL does not apply a connection
    limit to superusers, hence the role.
    """
    import environ

    config = environ.Env.db_url_config(admin_url)
    role = config["NAME"]
    with _admin_connection(admin_url) as admin:
        exists = admin.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [role]).fetchone()
        admin.execute(
            f'{"ALTER" if exists else "CREATE"} ROLE "{role}" LOGIN NOSUPERUSER '
            f"CONNECTION LIMIT {int(connection_limit)}"
        )
    return f"postgres://{role}@{config['HOST'] or '127.0.0.1'}:{config['PORT'] or 5432}/{role}"


def reset(admin_url, redis_url):
    """A new, migrated bench database (owned by the role) and an empty bench Redis db.

    The database is made anew rather than emptied: the event table refuses TRUNCATE as well as
    DELETE (or will), and a new database also drops whatever an earlier run or anyone else left.
    """
    import environ
    import redis
    from django.core.management import call_command

    close_connections()
    name = environ.Env.db_url_config(admin_url)["NAME"]
    with _admin_connection(admin_url) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}" OWNER "{name}"')
    call_command("migrate", interactive=False, verbosity=0)
    redis.Redis.from_url(redis_url).flushdb()


def connections_open(admin_url):
    """How many connections the service's role holds now (asked as the admin, outside its limit); None if unknown."""
    import environ
    import psycopg

    try:
        with _admin_connection(admin_url) as admin:
            return admin.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE usename = %s",
                [environ.Env.db_url_config(admin_url)["NAME"]],
            ).fetchone()[0]
    except psycopg.Error:
        return None


def _admin_connection(admin_url, dbname="postgres"):
    """A connection to the server's ``dbname`` database as the URL's (super)user."""
    import environ
    import psycopg

    config = environ.Env.db_url_config(admin_url)
    return psycopg.connect(
        host=config["HOST"],
        port=config["PORT"] or 5432,
        user=config["USER"],
        password=config["PASSWORD"] or None,
        dbname=dbname,
        autocommit=True,
        connect_timeout=5,
    )


def close_connections():
    """The driver holds no connection while the service runs (they count against the role's limit),
    nor in its connection pool (a database dropped under a pooled connection would break the next run)."""
    from django.db import connections

    for connection in connections.all():
        connection.close()
        if getattr(connection, "pool", None):
            connection.close_pool()


def redis_pid(redis_url):
    import redis

    return int(redis.Redis.from_url(redis_url).info("server")["process_id"])


def create_players(count):
    """``count`` users, each with a logged-in session and a CSRF token: [{id, cookies, csrf}].

    Users are bulk-inserted with an unusable password and their sessions written straight into
    the session table: no password hashing, and no login request that a per-address throttle on
    the login page could refuse.
    """
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.auth.hashers import make_password
    from django.contrib.sessions.backends.db import SessionStore
    from django.contrib.sessions.models import Session
    from django.utils import timezone
    from django.utils.crypto import get_random_string

    User = get_user_model()
    password = make_password(None)
    users = User.objects.bulk_create(
        User(username=f"bench{n}", display_name=f"Bench {n}", password=password) for n in range(count)
    )
    codec, expires = SessionStore(), timezone.now() + timedelta(days=1)
    players, sessions = [], []
    for user in users:
        key = get_random_string(32, "abcdefghijklmnopqrstuvwxyz0123456789")
        data = {
            SESSION_KEY: str(user.pk),
            BACKEND_SESSION_KEY: settings.AUTHENTICATION_BACKENDS[0],
            HASH_SESSION_KEY: user.get_session_auth_hash(),
        }
        sessions.append(Session(session_key=key, session_data=codec.encode(data), expire_date=expires))
        csrf = secrets.token_hex(16)  # 32 characters: Django takes the unmasked secret as the header too
        players.append({"id": user.pk, "cookie": f"sessionid={key}; csrftoken={csrf}", "csrf": csrf})
    Session.objects.bulk_create(sessions, batch_size=1000)
    return players


# What a Daphne serves: Cardroom, or the floor (benchmarks/livebench/floor) on the same settings but its URLs.
SETTINGS = {"cardroom": "config.settings", "floor": "benchmarks.livebench.floor.settings"}
READY_PATH = {"cardroom": "/accounts/login/", "floor": "/floor/ready/"}


class Daphne:
    """One Daphne process on ``port`` serving ``target`` (``SETTINGS``), its output in ``log_path``; stopped by
    its PID. ``floor_env``: the floor's shape (benchmarks/livebench/floor/settings.py)."""

    def __init__(self, port, database_url, redis_url, log_path, web_cpus="", target="cardroom", floor_env=None):
        self.port, self.log_path, self.web_cpus, self.target = port, Path(log_path), web_cpus, target
        # The saturating lanes' seats answer faster than any person could, so the per-connection frame
        # rate limit (a guard against floods, games.live.frame_limits) is lifted for the benchmark.
        self.env = {
            **os.environ,
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "CELERY_EMBEDDED_WORKER": "false",
            "DEBUG": "false",
            "LOG_LEVEL": "WARNING",
            "WEBSOCKET_FRAMES_PER_SECOND": "1000",
            "WEBSOCKET_FRAME_BURST": "1000",
            "DJANGO_SETTINGS_MODULE": SETTINGS[target],
            **(floor_env or {}),
        }
        self.process = None

    @property
    def pid(self):
        return self.process.pid

    def start(self):
        with open(self.log_path, "w") as log:
            self.process = subprocess.Popen(
                [*self.pinned(), str(DAPHNE), "-b", HOST, "-p", str(self.port), "config.asgi:application"],
                cwd=REPO,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )

    def pinned(self):
        """taskset's words keeping the process on ``web_cpus`` (the README's set-up), or none."""
        return ["taskset", "-c", self.web_cpus] if self.web_cpus else []

    def wait_ready(self, timeout=60.0):
        """Until the login page (the floor's ready page) answers 200; RuntimeError (with the log's tail) if it never does."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"daphne exited with {self.process.returncode}: {self.log_tail()}")
            try:
                with urllib.request.urlopen(f"http://{HOST}:{self.port}{READY_PATH[self.target]}", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.2)
        raise RuntimeError(f"daphne on port {self.port} did not answer in {timeout:g} s: {self.log_tail()}")

    def stop(self):
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)

    def log_tail(self, characters=600):
        try:
            return self.log_path.read_text(errors="replace")[-characters:]
        except FileNotFoundError:
            return ""

    def log_summary(self):
        """What went wrong on the server side, from its output: each traceback's exception, counted."""
        try:
            lines = self.log_path.read_text(errors="replace").splitlines()
        except FileNotFoundError:
            return {}
        exceptions = {}
        for number, line in enumerate(lines):
            if line.startswith("Traceback (most recent call last)"):
                last = next((later for later in lines[number + 1 :] if later and not later[0].isspace()), "?")
                kind = last[:160]
                exceptions[kind] = exceptions.get(kind, 0) + 1
        return {"log": str(self.log_path), "tracebacks": sum(exceptions.values()), "exceptions": exceptions}

"""A crowd pressing Play now at once, spread over several web processes: ``run_crowd`` starts the processes
(this file run as a script, one per process) and lets them go together.

    DATABASE_URL=... python benchmarks/play_now_crowd.py joiners.json

As a script: ``joiners.json`` is a list of [user id, game, seat count or null]. It sets Django up, loads the
users, prints "ready" and waits for a line on its input, then joins every user through
games.tables.play_now at once, each on a thread of its own, and prints one JSON line:
{"joined": n, "errors": [sentences]}. How long each waited is in the database (joined_at, seated_at).
Used by tests/tables/test_play_now_crowd.py and benchmarks/bench_play_now.py.
"""

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_crowd(joiners, workdir, database_url, processes=2, pool_size=12):
    """Run ``joiners`` ([user id, game, seat count]) dealt round ``processes`` processes on ``database_url``,
    all joining together; each process's report. Nothing but PostgreSQL is shared: each process has the
    in-memory channel layer and broker, so the tables' broadcasts and timers stay in it."""
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "CELERY_BROKER_URL")}
    env.update(
        DATABASE_URL=database_url,
        DATABASE_POOL_SIZE=str(pool_size),
        DATABASE_POOL_TIMEOUT="60",
        CELERY_EMBEDDED_WORKER="false",
        CELERY_BROKER_URL="memory://localhost/",  # a host named, or kombu warns at every table's timer
    )
    running = []
    try:
        for n in range(processes):
            share = Path(workdir) / f"joiners-{n}.json"
            share.write_text(json.dumps(joiners[n::processes]))
            running.append(
                subprocess.Popen(
                    [sys.executable, __file__, str(share)],
                    cwd=ROOT,
                    env=env,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    text=True,
                )
            )
        for process in running:
            if process.stdout.readline().strip() != "ready":
                raise RuntimeError("A crowd process did not start; see its error above.")
        for process in running:
            process.stdin.write("go\n")
            process.stdin.flush()
        return [json.loads(process.communicate(timeout=60)[0].splitlines()[-1]) for process in running]
    finally:
        for process in running:
            if process.poll() is None:
                process.kill()


def join_together(path):
    """The script: every joiner of the file at ``path`` joins at once, a thread each."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.db import connections

    from accounts.models import User
    from games.tables import play_now

    joiners = json.loads(Path(path).read_text())
    users = User.objects.in_bulk([user_id for user_id, _game, _seats in joiners])
    connections.close_all()
    print("ready", flush=True)
    sys.stdin.readline()
    together = threading.Barrier(len(joiners))
    errors = []

    def join(user_id, game, seat_count):
        try:
            together.wait()
            play_now.join(users[user_id], game, seat_count)
        except Exception as error:  # noqa: BLE001 - reported, and the caller fails on any
            errors.append(f"{type(error).__name__}: {error}")
        finally:
            connections.close_all()  # back to the pool for the next thread

    threads = [threading.Thread(target=join, args=joiner) for joiner in joiners]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(json.dumps({"joined": len(joiners), "errors": errors}), flush=True)


if __name__ == "__main__":
    join_together(sys.argv[1])

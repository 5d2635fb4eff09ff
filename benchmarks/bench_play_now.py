"""How long Play now takes to find a table: a crowd of players presses it at once over two web processes.

    .venv/bin/python benchmarks/bench_play_now.py [--joiners 200] [--processes 2]

In a database of its own (made from DATABASE_URL's server like the test database, then dropped), the
joiners (each game in turn; a third want any number of players, the rest its smallest table) join at once,
a thread each, dealt round the processes (benchmarks/play_now_crowd.py). Each player's wait, from their
join to their table being dealt, is their row's seated_at less joined_at (joined_at is taken as the
request arrives, before the game's lock). One JSON line: the wait's p50, p95 and max in milliseconds,
the tables dealt, those left waiting (an "any" crowd leaves at most a few) and the whole run's seconds.
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from urllib.parse import quote

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_db  # noqa: E402  (sets Django up)
from django.db import connection  # noqa: E402
from play_now_crowd import run_crowd  # noqa: E402


def crowd(count):
    """[username, game, seat count or None] for ``count`` joiners: the games in turn, every third any."""
    from games.engines import GAMES, get_engine

    games = [game for game in ("spank", "spite_and_malice", "spite") if game in GAMES]
    wishes = []
    for n in range(count):
        game = games[n % len(games)]
        wishes.append((f"crowd{n}", game, None if n % 3 == 0 else get_engine(game).min_players))
    return wishes


def database_url():
    db = connection.settings_dict
    user = quote(db["USER"], safe="") + (f":{quote(db['PASSWORD'], safe='')}" if db["PASSWORD"] else "")
    return f"postgres://{user}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def run(args):
    from accounts.models import User
    from games.models import QueuedPlayer, Table

    wishes = crowd(args.joiners)
    users = User.objects.bulk_create(User(username=name, display_name=name, password="!") for name, *_ in wishes)
    joiners = [[user.pk, game, seats] for user, (_name, game, seats) in zip(users, wishes, strict=True)]
    connection.close()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as workdir:
        reports = run_crowd(joiners, workdir, database_url(), processes=args.processes)
    seconds = time.perf_counter() - started
    errors = [error for report in reports for error in report["errors"]]
    waits = sorted(
        (row.seated_at - row.joined_at).total_seconds() * 1000
        for row in QueuedPlayer.objects.filter(table__isnull=False)
    )
    print(
        json.dumps(
            {
                "bench": "play_now_seat",
                "joiners": args.joiners,
                "processes": args.processes,
                "database": connection.vendor,
                "tables": Table.objects.count(),
                "seated": len(waits),
                "left_waiting": QueuedPlayer.objects.filter(table__isnull=True).count(),
                "errors": len(errors),
                "mean_ms": round(statistics.mean(waits), 1),
                "p50_ms": round(waits[len(waits) // 2], 1),
                "p95_ms": round(waits[int(len(waits) * 0.95)], 1),
                "max_ms": round(waits[-1], 1),
                "seconds": round(seconds, 2),
            }
        ),
        flush=True,
    )
    if errors:
        sys.exit(f"Joins failed: {errors[:3]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--joiners", type=int, default=200)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        sys.exit("Play now's benchmark needs PostgreSQL: set DATABASE_URL (make bench does).")
    with bench_db.own_database("play_now"):
        run(args)


if __name__ == "__main__":
    main()

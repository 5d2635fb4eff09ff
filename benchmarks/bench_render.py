"""Speed of drawing live frames: what each move costs Daphne in templates, without sockets or load.

    .venv/bin/python benchmarks/bench_render.py [--games 6] [--tables 1] [--seed 7]

Plays seeded random two-seat Spank! games through the real command path (games.play.commands.submit, in a
database of its own made from DATABASE_URL's server like the test database, then dropped) and, after
every move, draws each seat's live frame as a live table does (games.live.table_cache.snapshot, then
games.frames.rendering.render_live_table), the memoised blocks' cache kept from move to move as in a running
process. One JSON line: per frame, the whole drawing and, within it, its context (``table_context``,
built once as a live process builds it), in ms (mean, p50, p95), and the frame's size. Compare lines
of the same machine and hour: the figures move with load. The deal and the players' choices are
seeded; a reshuffle mid-game is the server's own (as in play), so two runs play slightly different
games. ``--tables N`` plays N games at once, a move at each table in turn, each table followed as a
live process follows it (games.live.table_cache.attach), so the caches a frame draws from hold as many tables as a
busy process's do.
"""

import argparse
import json
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_db  # noqa: E402  (sets Django up)

GAME = "spank"


def play(seed, frames, sizes):
    """One game to its end, every seat's frame drawn after every move (timings in ms and sizes appended);
    yields after each move, so that several games can take turns."""
    from accounts.models import User
    from games.engines import get_engine
    from games.frames import rendering
    from games.live import table_cache as live
    from games.play import commands
    from games.tables import lobby

    rng = random.Random(seed)
    users = [User.objects.create_user(username=f"render{seed}-{n}", display_name=f"Render {n}") for n in range(2)]
    table = lobby.create_table(users[0], GAME, 2)
    lobby.join_table(table, users[1])
    lobby.start_table(table, users[0], rng=random.Random(seed))
    engine = get_engine(GAME)
    live.attach(table.id)
    try:
        while True:
            snap = live.snapshot(table)
            for user in users:
                started = time.perf_counter()
                html = rendering.render_live_table(snap, user)
                frames.append((time.perf_counter() - started) * 1000)
                sizes.append(len(html.encode()))
            if engine.is_over(snap.game.state):
                return
            seat, legal = next(
                (seat, legal) for seat in range(2) if (legal := engine.legal_commands(snap.game.state, seat))
            )
            kind = rng.choice(sorted({command["type"] for command in legal}))
            command = rng.choice(sorted((command for command in legal if command["type"] == kind), key=json.dumps))
            commands.submit(table, users[seat], command, snap.version)
            yield
    finally:
        live.detach(table.id)


class _TimedContext:
    """games.frames.rendering.table_context timed where the frame calls it: built once, cold, as in a live process
    (timing it apart before the frame, as this script once did, drew each frame from a warm second one)."""

    def __init__(self, contexts):
        from games.frames import rendering

        self.rendering, self.contexts, self.table_context = rendering, contexts, rendering.table_context

    def __call__(self, snap, user):
        started = time.perf_counter()
        try:
            return self.table_context(snap, user)
        finally:
            self.contexts.append((time.perf_counter() - started) * 1000)

    def __enter__(self):
        self.rendering.table_context = self
        return self

    def __exit__(self, *exc):
        self.rendering.table_context = self.table_context


def play_all(seeds, tables, frames, sizes):
    """The games of ``seeds``, ``tables`` of them at once, a move at each in turn."""
    waiting, playing = list(seeds), []
    while waiting or playing:
        while waiting and len(playing) < tables:
            playing.append(play(waiting.pop(0), frames, sizes))
        for game in list(playing):
            if next(game, "over") == "over":
                playing.remove(game)


def stats(times):
    ordered = sorted(times)
    return {
        "mean": round(statistics.mean(times), 3),
        "p50": round(ordered[len(ordered) // 2], 3),
        "p95": round(ordered[int(len(ordered) * 0.95)], 3),
    }


def run(args):
    play_all([args.seed * 1000 - 1], 1, [], [])  # a game first, not counted: the first frames import and fill caches
    frames, contexts, sizes = [], [], []
    with _TimedContext(contexts):
        play_all([args.seed * 1000 + game for game in range(args.games)], args.tables, frames, sizes)
    print(
        json.dumps(
            {
                "bench": "live_frame",
                "game": GAME,
                "games": args.games,
                "tables": args.tables,
                "frames": len(frames),
                "frame_ms": stats(frames),
                "context_ms": stats(contexts),
                "frame_kb_mean": round(statistics.mean(sizes) / 1024, 1),
                "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            }
        ),
        flush=True,
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--tables", type=int, default=1, help="games played at once, a move at each in turn")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    with bench_db.own_database("render_bench"):
        run(args)


if __name__ == "__main__":
    main()

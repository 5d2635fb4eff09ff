"""Speed of replay: one random step of a long game, and a whole walk through it.

    .venv/bin/python benchmarks/bench_replay.py [--events 2000] [--steps 300] [--seed 7]

Plays a random Spite match (the heaviest state of the three games) of at least ``--events`` events with
the engine alone, stores it at a table in a database of its own (made from DATABASE_URL's server like the
test database, then dropped), and times games.replay.steps.at_step, the state at a step (snapshot + tail),
its view from a perspective and the step's move in words, as the REST replay and the page use it:

- ``replay_step``: random steps from random perspectives (every seat, or all hands open), once the
  snapshots exist (the goal: under 20 ms on average, ``goal_met``);
- ``replay_step_cold``: the same with the snapshots thrown away before every step (a fold from the start);
- ``replay_step_parts``: what the page's script asks the server for at each step (?part=step): the step's
  context and its parts drawn (the goal: p95 under 20 ms);
- ``replay_page``: random steps rendered as the whole replay page (games.replay.rendering + the template);
- ``replay_walk``: every step from the first to the last, from one seat, in order, from an empty cache.

One JSON line each. The cache is the one the settings give (Redis with REDIS_URL, else in-process).
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
from django.conf import settings  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.db import connection  # noqa: E402
from django.template.loader import render_to_string  # noqa: E402

GOAL_MS = 20


def long_match(min_events, seed):
    """(players, options, batches) of the first seeded random Spite match with at least ``min_events`` events:
    the events of each command (the deal's first) a list of its own, as a table stores them."""
    from games.engines import get_engine
    from games.engines.command_table import SEAT_TO_ACT

    engine = get_engine("spite")
    for attempt in range(50):
        rng = random.Random(f"{seed}/{attempt}")
        players, options = 5, {"rounds": 12 + attempt, "misplays": "strict"}
        events = engine.start(players, options=options, rng=rng)
        batches = [list(events)]
        state = engine.fold(events)
        while not engine.is_over(state):
            acting = {
                seat: sorted(
                    (c for c in engine.legal_commands(state, seat) if engine.sender_of(c) == SEAT_TO_ACT),
                    key=json.dumps,
                )  # the same match every run, whatever the lists' order
                for seat in range(players)
            }
            seat = rng.choice(sorted(seat for seat, legal in acting.items() if legal))
            kind = rng.choice(sorted({command["type"] for command in acting[seat]}))
            command = rng.choice([command for command in acting[seat] if command["type"] == kind])
            new = engine.decide(state, seat, command, rng=rng)
            events += new
            batches.append(new)
            state = engine.fold(new, state)
        if len(events) >= min_events:
            return players, options, batches
    raise RuntimeError(f"No random match reached {min_events} events.")


def stored_table(players, options, batches):
    from accounts.models import User
    from events import store
    from games.models import Seat, Table

    users = [User.objects.create_user(username=f"bench{n}", display_name=f"Bench {n}") for n in range(players)]
    table = Table.objects.create(
        game="spite", options=options, seat_count=players, host=users[0], status=Table.Status.FINISHED
    )
    for number, user in enumerate(users):
        Seat.objects.create(table=table, number=number, user=user)
    version = 0
    for batch in batches:
        version = store.append(table.stream, batch, version, game="spite")
    return table


def timed(function):
    started = time.perf_counter()
    function()
    return (time.perf_counter() - started) * 1000


def summary(name, times, **extra):
    ordered = sorted(times)
    return {
        "bench": name,
        **extra,
        "runs": len(times),
        "mean_ms": round(statistics.mean(times), 2),
        "p50_ms": round(ordered[len(ordered) // 2], 2),
        "p95_ms": round(ordered[int(len(ordered) * 0.95)], 2),
        "max_ms": round(ordered[-1], 2),
    }


def run(args):
    from games.replay import rendering as replay_rendering
    from games.replay import snapshots
    from games.replay import steps as replay

    players, options, batches = long_match(args.events, args.seed)
    table = stored_table(players, options, batches)
    last = replay.last_step(table)
    perspectives = [replay.Perspective(None, True)] + [replay.Perspective(seat, False) for seat in range(players)]
    rng = random.Random(args.seed)
    facts = {
        "game": "spite",
        "events": last,
        "cache": settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1],
        "database": connection.vendor,
    }

    def a_step():
        return rng.randint(0, last), rng.choice(perspectives)

    cache.clear()
    snapshots.forget_recent()
    walk = [timed(lambda: replay.at_step(table, step, perspectives[1], last=last)) for step in range(last + 1)]
    print(
        json.dumps(
            {
                "bench": "replay_walk",
                **facts,
                "steps": last + 1,
                "seconds": round(sum(walk) / 1000, 2),
                "mean_ms_per_step": round(statistics.mean(walk), 2),
            }
        ),
        flush=True,
    )

    steps = [a_step() for _ in range(args.steps)]
    warm = [timed(lambda: replay.at_step(table, step, seen_as, last=last)) for step, seen_as in steps]
    line = summary("replay_step", warm, **facts, goal_ms=GOAL_MS)
    line["goal_met"] = line["mean_ms"] < GOAL_MS
    print(json.dumps(line), flush=True)

    def cold(step, seen_as):
        cache.clear()
        snapshots.forget_recent()
        return timed(lambda: replay.at_step(table, step, seen_as, last=last))

    print(
        json.dumps(summary("replay_step_cold", [cold(*a_step()) for _ in range(max(10, args.steps // 10))], **facts)),
        flush=True,
    )

    def parts(step, seen_as):
        return timed(
            lambda: render_to_string(
                "games/_replay_parts.html", replay_rendering.step_context(table, seen_as, step, last)
            )
        )

    line = summary("replay_step_parts", [parts(*a_step()) for _ in range(args.steps)], **facts, goal_ms=GOAL_MS)
    line["goal_met"] = line["p95_ms"] < GOAL_MS
    print(json.dumps(line), flush=True)

    def page(step, seen_as):
        return timed(
            lambda: render_to_string("games/replay.html", replay_rendering.replay_context(table, seen_as, step, last))
        )

    print(
        json.dumps(summary("replay_page", [page(*a_step()) for _ in range(max(20, args.steps // 5))], **facts)),
        flush=True,
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=2000)
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    with bench_db.own_database("replay_bench"):
        run(args)


if __name__ == "__main__":
    main()

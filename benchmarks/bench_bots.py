"""Bot strength: the fair bot against random-legal bots, with fixed seeds.

    .venv/bin/python benchmarks/bench_bots.py [game ...] [--games N] [--seed S] [--json]

Spite & Malice and Spank!: N two-player games, the fair bot against the random
bot, the fair bot's seat alternating; it should win at least 80%. Spite: N
one-round matches of 3 or 4 players (alternating), one fair bot among random
bots, its seat going round the table; it should finish in the top half (first
of three, first or second of four: the middle seat of three is in neither half,
as the rules say) in at least 70%. Prints a table (or JSON
lines with --json); nothing is asserted.
"""

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from django.conf import settings  # noqa: E402

from games.engines import registry  # noqa: E402

registry.install(settings.CARDROOM_GAMES)  # the installed games, without starting Django's apps
from games.bots import match  # noqa: E402
from games.engines import GAMES, get_engine  # noqa: E402


def two_player(engine, number, seed):
    """(levels, options, did the fair bot do well?) for game ``number``: a two-player game."""
    fair = number % 2
    levels = ["random", "random"]
    levels[fair] = "fair"
    return levels, None, lambda state: state.winner == fair


def spite_round(engine, number, seed):
    players = 3 + number % 2
    fair = number % players
    levels = ["random"] * players
    levels[fair] = "fair"
    return levels, {"rounds": 1}, lambda state: state.finish_history[-1].index(fair) < players // 2


# Per game: how one benchmark game is set up, what is measured, and the goal.
SETUPS = {
    "spite_and_malice": (two_player, "wins against random (2 players)", 0.80),
    "spank": (two_player, "wins against random (2 players)", 0.80),
    "spite": (spite_round, "top-half finishes among random (3-4 players)", 0.70),
}


def bench(name, games, seed):
    engine = get_engine(name)
    setup, measure, goal = SETUPS[name]
    good = commands = 0
    started = time.perf_counter()
    for number in range(games):
        levels, options, did_well = setup(engine, number, seed)
        state = None
        for step in match.steps(engine, levels, seed + number, options):
            state = step.after
            commands += 1
        if not engine.is_over(state):
            raise RuntimeError(f"{engine.title} game {number} (seed {seed + number}) did not end.")
        good += bool(did_well(state))
    elapsed = time.perf_counter() - started
    return {
        "game": name,
        "measure": measure,
        "games": games,
        "seed": seed,
        "rate": good / games,
        "goal": goal,
        "met": good / games >= goal,
        "commands_per_game": commands / games,
        "seconds": elapsed,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="*", help=f"games to measure (default: all of {', '.join(GAMES)})")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="one JSON line a game instead of the table")
    args = parser.parse_args()
    unknown = [name for name in args.game if name not in SETUPS]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(SETUPS)}")
    if not args.json:
        print(f"{'game':<18} {'measure':<46} {'rate':>6} {'goal':>6}  met  {'s':>6}")
    for name in args.game or GAMES:
        result = bench(name, args.games, args.seed)
        if args.json:
            print(json.dumps(result), flush=True)
        else:
            print(
                f"{name:<18} {result['measure']:<46} {result['rate']:>6.0%} {result['goal']:>6.0%}  "
                f"{'yes' if result['met'] else 'NO ':<3}  {result['seconds']:>6.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()

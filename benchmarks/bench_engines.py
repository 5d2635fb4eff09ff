"""Speed of the game engines: random legal games with a seeded rng.

    .venv/bin/python benchmarks/bench_engines.py [game ...] [--games N] [--seed S]

For each game (default: all), prints games/s, commands/s for decide+evolve,
ms per legal_commands call (mean and slowest), the longest legal list and ms
to fold a whole game's events. Numbers only; nothing is asserted.
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from django.conf import settings  # noqa: E402

from games import engines  # noqa: E402
from games.engines import get_engine, registry  # noqa: E402

# Random table options per game.
OPTIONS = {
    "spank": lambda rng: {"sequence": rng.random() < 0.5, "two_set": rng.choice([None, "full", "half"])},
    "spite_and_malice": lambda rng: {"win_pile": rng.choice([5, 10, 20])},
    "spite": lambda rng: {"rounds": 1},
}


def choose(rng, legal):
    """A command type at random, then a command of that type (as the property tests do)."""
    kind = rng.choice(sorted({command["type"] for command in legal}))
    return rng.choice([command for command in legal if command["type"] == kind])


def play_game(engine, rng):
    players = rng.randint(engine.min_players, engine.max_players)
    options = OPTIONS.get(engine.name, lambda rng: {})(rng)
    events = engine.start(players, options=options, rng=rng)
    state = engine.fold(events)
    timing = {"legal": 0.0, "legal_calls": 0, "legal_slowest": 0.0, "legal_longest": 0, "step": 0.0, "commands": 0}
    while not engine.is_over(state):
        seat = state.to_move
        if seat is None:  # anyone may act (Spite's opening): the first seat that can
            seat = next(s for s in range(players) if engine.legal_commands(state, s))
        started = time.perf_counter()
        legal = engine.legal_commands(state, seat)
        took = time.perf_counter() - started
        timing["legal"] += took
        timing["legal_slowest"] = max(timing["legal_slowest"], took)
        timing["legal_longest"] = max(timing["legal_longest"], len(legal))
        timing["legal_calls"] += 1
        command = choose(rng, legal)
        started = time.perf_counter()
        new_events = engine.decide(state, seat, command, rng=rng)
        for event in new_events:
            state = engine.evolve(state, event)
        timing["step"] += time.perf_counter() - started
        timing["commands"] += 1
        events += new_events
    return events, timing


def bench(name, games, seed):
    engine = get_engine(name)
    rng = random.Random(seed)
    totals = {"legal": 0.0, "legal_calls": 0, "legal_slowest": 0.0, "legal_longest": 0, "step": 0.0, "commands": 0}
    logs = []
    started = time.perf_counter()
    for _ in range(games):
        events, timing = play_game(engine, rng)
        logs.append(events)
        for key in ("legal", "legal_calls", "step", "commands"):
            totals[key] += timing[key]
        for key in ("legal_slowest", "legal_longest"):
            totals[key] = max(totals[key], timing[key])
    elapsed = time.perf_counter() - started

    started = time.perf_counter()
    for events in logs:
        engine.fold(events)
    folding = time.perf_counter() - started

    event_count = sum(len(events) for events in logs)
    print(f"{engine.title}")
    print(f"  games played:              {games} (seed {seed})")
    print(f"  commands / events:         {totals['commands']} / {event_count}")
    print(f"  games/s (whole loop):      {games / elapsed:.1f}")
    print(f"  commands/s decide+evolve:  {totals['commands'] / totals['step']:.0f}")
    print(
        f"  ms per legal_commands:     {1000 * totals['legal'] / totals['legal_calls']:.3f} "
        f"(slowest {1000 * totals['legal_slowest']:.1f})"
    )
    print(f"  longest legal list:        {totals['legal_longest']}")
    print(f"  ms to fold a whole game:   {1000 * folding / games:.3f}")
    print(f"  commands per game (mean):  {totals['commands'] / games:.1f}")


def bench_spite_big_hands(seed, hands=200):
    """Spite's worst case: legal_commands for a seat leading with a 19-card hand (one card short of losing)."""
    from dataclasses import replace

    from games.engines.spite.deck import FULL_DECK
    from games.engines.spite.state import PLAYING, Trick

    engine = get_engine("spite")
    rng = random.Random(seed)
    state = engine.fold(engine.start(3, rng=rng))
    took, longest = [], 0
    for _ in range(hands):
        hand = tuple(rng.sample(FULL_DECK, 19))
        lead = replace(state, hands=(hand,) + state.hands[1:], phase=PLAYING, to_move=0, trick=Trick(leader=0))
        started = time.perf_counter()
        longest = max(longest, len(engine.legal_commands(lead, 0)))
        took.append(time.perf_counter() - started)
    print("Spite, leading with 19 cards")
    print(f"  ms per legal_commands:     {1000 * sum(took) / len(took):.3f} (slowest {1000 * max(took):.1f})")
    print(f"  longest legal list:        {longest}")


def main():
    # The installed games, without starting Django's apps. Here, not at import: bench_live's lanes import
    # ``choose`` before they point Django's settings at the bench database.
    registry.install(settings.CARDROOM_GAMES)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="*", help=f"games to measure (default: all of {', '.join(engines.GAMES)})")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    unknown = [name for name in args.game if name not in engines.GAMES]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(engines.GAMES)}")
    for name in args.game or engines.GAMES:
        bench(name, args.games, args.seed)
        if name == "spite":
            bench_spite_big_hands(args.seed)


if __name__ == "__main__":
    main()

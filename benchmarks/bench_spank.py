"""Speed of the Spank! engine: random legal games with a seeded rng.

    .venv/bin/python benchmarks/bench_spank.py [games] [seed]

Prints games/s, commands/s for decide+evolve, ms per legal_commands call and
ms to fold a whole game's events. Numbers only; nothing is asserted.
"""
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.engines import get_engine  # noqa: E402

engine = get_engine("spank")


def choose(rng, legal):
    """A command type at random, then a command of that type (as the property tests do)."""
    kind = rng.choice(sorted({command["type"] for command in legal}))
    return rng.choice([command for command in legal if command["type"] == kind])


def play_game(rng):
    players = rng.randint(2, 9)
    options = {"sequence": rng.random() < 0.5, "two_set": rng.choice([None, "full", "half"])}
    events = engine.start(players, options=options, rng=rng)
    state = engine.fold(events)
    timing = {"legal": 0.0, "legal_calls": 0, "step": 0.0, "commands": 0}
    while not engine.is_over(state):
        seat = state.to_move
        started = time.perf_counter()
        legal = engine.legal_commands(state, seat)
        timing["legal"] += time.perf_counter() - started
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


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 2024
    rng = random.Random(seed)
    totals = {"legal": 0.0, "legal_calls": 0, "step": 0.0, "commands": 0}
    logs = []
    started = time.perf_counter()
    for _ in range(games):
        events, timing = play_game(rng)
        logs.append(events)
        for key in totals:
            totals[key] += timing[key]
    elapsed = time.perf_counter() - started

    started = time.perf_counter()
    for events in logs:
        engine.fold(events)
    folding = time.perf_counter() - started

    event_count = sum(len(events) for events in logs)
    print(f"games played:              {games} (seed {seed})")
    print(f"commands / events:         {totals['commands']} / {event_count}")
    print(f"games/s (whole loop):      {games / elapsed:.1f}")
    print(f"commands/s decide+evolve:  {totals['commands'] / totals['step']:.0f}")
    print(f"ms per legal_commands:     {1000 * totals['legal'] / totals['legal_calls']:.3f}")
    print(f"ms to fold a whole game:   {1000 * folding / games:.3f}")
    print(f"commands per game (mean):  {totals['commands'] / games:.1f}")


if __name__ == "__main__":
    main()

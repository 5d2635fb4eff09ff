"""Random games through the contract's interface: every seat with a command to give on its own account
(the table's SEAT_TO_ACT commands; in Spite's opening any seat holding the asked rank) may be the next to act."""

import functools
import random

from contract.profiles import profile_of
from games.engines import get_engine
from games.engines.base import SEAT_TO_ACT


def acting_seats(engine, state):
    """{seat: its legal commands} for the seats that may act now (leaving out what any seat may give out
    of turn, such as Spite's countdowns)."""
    found = {}
    for seat in range(engine.seat_count(state)):
        legal = [command for command in engine.legal_commands(state, seat) if engine.sender_of(command) == SEAT_TO_ACT]
        if legal:
            found[seat] = legal
    return found


def random_game(engine, players, options, seed, choose, max_commands=3000):
    """Yield (state, seat, command, new events, next state) through one random game, seeded."""
    rng = random.Random(seed)
    state = engine.fold(engine.start(players, options=options, rng=random.Random(seed)))
    for _ in range(max_commands):
        if engine.is_over(state):
            return
        seats = acting_seats(engine, state)
        assert seats, "nobody may act in a running game"
        seat = rng.choice(sorted(seats))
        command = choose(rng, seats[seat])
        new_events = engine.decide(state, seat, command, rng=rng)
        following = engine.fold(new_events, state)
        yield state, seat, command, new_events, following
        state = following


def profiled_game(engine, profile, seed, max_commands=None):
    """A random game of the profile's setup for ``seed``: (players, options, the random_game generator)."""
    players, options = profile.setup(random.Random(seed))
    return (
        players,
        options,
        random_game(engine, players, options, seed, profile.choose, max_commands or profile.max_commands),
    )


@functools.cache
def positions(game, seeds=(1, 2, 3), every=7):
    """Positions from a few random games of ``game`` (every ``every``-th, and each game's end), for
    throwing commands at."""
    engine, profile = get_engine(game), profile_of(game)
    found = []
    for seed in seeds:
        following = None
        for step, (state, _, _, _, following) in enumerate(profiled_game(engine, profile, seed)[2]):
            if step % every == 0:
                found.append(state)
        found.append(following)
    return tuple(found)

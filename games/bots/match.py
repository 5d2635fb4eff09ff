"""Games between bots, to the end: the referee the benchmark and the tests use.

The referee holds the state; each seat's bot gets only ``engine.view(state,
seat)`` and ``engine.legal_commands(state, seat)``. At each step, seats with
nothing of their own turn to do may first give an out-of-turn command their
game lets bots give (its Game's ``bot_calls``: Spite's misplay calls); then the
seat to act (when several may, as in Spite's opening, one of them at random)
gives its command, which the engine decides and the referee applies.
"""

import random
from dataclasses import dataclass

from games.engines import registry
from games.engines.bot_base import may_call, turn_commands

from . import bot_for


@dataclass(frozen=True)
class Step:
    state: object  # before the command
    seat: int
    view: dict
    legal: list
    command: dict
    events: list
    after: object  # the state after the command's events


def seat_rngs(seed, players):
    """One generator a seat, from the game's seed (a bot's choices never depend on another bot's draws)."""
    return [random.Random(f"{seed}/seat {seat}") for seat in range(players)]


def steps(engine, levels, seed, options=None, max_commands=20000):
    """Yield each Step of one game between bots of ``levels`` (one level a seat), until it is over or
    ``max_commands`` commands were given. The deal and every shuffle come from ``seed``."""
    rng = random.Random(seed)
    bots = [bot_for(engine.name, level) for level in levels]
    rngs = seat_rngs(seed, len(levels))
    state = engine.fold(engine.start(len(levels), options=options, rng=rng))
    for _ in range(max_commands):
        if engine.is_over(state):
            return
        seat, view, legal, command = next_command(engine, state, bots, rngs, rng)
        events = engine.decide(state, seat, command, rng=rng)
        after = engine.fold(events, state)
        yield Step(state, seat, view, legal, command, events, after)
        state = after


def play(engine, levels, seed, options=None, max_commands=20000):
    """The final state of one game between bots (over unless it ran past ``max_commands``)."""
    state = None
    for step in steps(engine, levels, seed, options, max_commands):
        state = step.after
    return state


def next_command(engine, state, bots, rngs, rng):
    calls, out_of_turn = registry.game(engine.name).bot_calls, engine.out_of_turn
    offers = {seat: engine.legal_commands(state, seat) for seat in range(state.players)}
    for seat, legal in offers.items():
        if may_call(legal, calls) and not turn_commands(legal, out_of_turn):
            view = engine.view(state, seat)
            command = bots[seat](view, legal, rngs[seat])
            if command is not None:
                return seat, view, legal, command
    acting = sorted(seat for seat, legal in offers.items() if turn_commands(legal, out_of_turn))
    if not acting:
        raise RuntimeError(f"Nobody may act in a running {engine.title} game.")
    seat = acting[0] if len(acting) == 1 else rng.choice(acting)
    view = engine.view(state, seat)
    command = bots[seat](view, offers[seat], rngs[seat])
    if command is None:
        raise RuntimeError(f"The bot of seat {seat} gave no command on its turn.")
    return seat, view, offers[seat], command

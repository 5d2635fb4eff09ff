"""Whole random games of every game as event logs, for the replay and move-log tests: the contract's random
players, with the turn clock running out now and then (timeouts, absent seats, the host carrying on), a game's
own timers running out and its out-of-turn commands, and, in Spite's table mode, plays that break rules,
misplay calls (right and wrong), countdowns, late joiners and staff overturning rulings, so that every kind of
event turns up."""

import functools
import json
import random

from contract.play import acting_seats
from contract.profiles import profile_of

from games.engines import IllegalCommand, get_engine

MAX_COMMANDS = 1500


@functools.lru_cache(maxsize=None)
def random_log(game, seed, players=None):
    """(players, options, the game's whole event log) of one random game, seeded."""
    engine, profile = get_engine(game), profile_of(game)
    rng = random.Random(seed)
    setup_players, options = profile.setup(random.Random(seed))
    players = players or min(setup_players, 5)
    if game == "spite":
        options = {"rounds": 1 + seed % 2, "fake_jokers": (1, players + 2)[seed % 2]}  # table mode
    log = engine.start(players, options=options, rng=random.Random(seed))
    state = engine.fold(log)
    for _ in range(MAX_COMMANDS):
        if engine.is_over(state):
            break
        seat, command = _next_command(engine, profile, state, rng, sleepy=seed % players)
        try:
            events = engine.decide(state, seat, command, rng=rng)
        except IllegalCommand:
            continue
        log += events
        state = engine.fold(events, state)
    return players, options, tuple(log)


def _next_command(engine, profile, state, rng, sleepy):
    """One seat (``sleepy``) often lets its turn run out, so it is marked absent; the host then mostly
    carries on, now and then abandons."""
    roll = rng.random()
    clock = state.clock
    if clock.absent and roll < 0.06:
        return None, {"type": "abandon"}
    if clock.absent - clock.carried and roll < 0.5:
        return None, {"type": "carry_on"}
    if state.to_move is not None and roll < (0.4 if state.to_move == sleepy else 0.03):
        return None, {"type": "turn_timeout", "seat": state.to_move}
    if engine.name == "spite":
        found = _spite_extra(state, rng, roll)
        if found:
            return found
    elif engine.timers(state) and roll < 0.3:  # the game's own timer runs out
        return None, engine.timers(state)[0]["command"]
    elif roll < 0.08:  # a seat's out-of-turn command (Climb's hurry), when it has one
        waiting = [
            (seat, command)
            for seat in range(engine.seat_count(state))
            for command in engine.legal_commands(state, seat)
            if command["type"] in engine.out_of_turn
        ]
        if waiting:
            return rng.choice(waiting)
    seats = {seat: sorted(legal, key=json.dumps) for seat, legal in acting_seats(engine, state).items()}
    seat = rng.choice(sorted(seats))  # (sorted: the same game whatever order the engine lists commands in)
    if engine.name == "spite" and seat == state.to_move and state.reward is None and rng.random() < 0.2:
        return seat, _any_play(state, seat, rng)
    declines = [command for command in seats[seat] if command["type"] == "decline"]
    if declines and rng.random() < 0.6:  # so that the opening asks on now and then
        return seat, declines[0]
    return seat, profile.choose(rng, seats[seat])


def _spite_extra(state, rng, roll):
    """Table mode's own commands, now and then: a call, a countdown, an overturn, a late joiner, a reward
    declared first (rightly or not)."""
    if state.window is not None and roll < 0.2:
        callers = [s for s in range(state.players) if s != state.window.seat and s not in state.window.callers]
        if callers:
            return rng.choice(callers), {"type": "call_misplay", "play": state.window.play}
    if state.countdown is not None and roll < 0.3:
        return None, {"type": "countdown_expired", "countdown": state.countdown.number}
    if roll < 0.33:
        return rng.randrange(state.players), {"type": "start_countdown"}
    if state.rulings and roll < 0.35:
        return None, {"type": "overturn", "ruling": rng.choice(state.rulings).id, "reason": "on review"}
    if roll < 0.36 and state.players < 6:
        return None, {"type": "join"}
    if state.reward is not None and state.reward.declared is None and rng.random() < 0.5:
        return state.reward.seat, {"type": "reward", "declared": max(0, state.reward.count + rng.choice((-1, 0, 1)))}
    return None


def _any_play(state, seat, rng):
    """A play from held cards that may well break a rule (a malformed hand, say)."""
    hand = list(state.hands[seat])
    cards = rng.sample(hand, min(len(hand), rng.randint(1, 3)))
    command = {"type": "play", "cards": cards}
    if rng.random() < 0.2:
        command["announce"] = rng.choice(["higher", "lower", "unbeatable"])
    if rng.random() < 0.2:
        command["come_at_me"] = True
    return command

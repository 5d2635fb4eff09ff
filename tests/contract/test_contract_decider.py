"""The Decider (docs/engines.md, "The Decider"): decide never changes the state and returns JSON-safe events with a
"type"; evolve never consults a random generator; fold equals evolving one event at a time; every listed
command is accepted; rng defaults to a fresh random.SystemRandom(); nothing is listed or taken once the game
is over."""

import copy
import json
import random
from functools import reduce

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from contract.play import profiled_game
from contract.profiles import profile_of
from games.engines import GAMES, IllegalCommand, get_engine

pytestmark = pytest.mark.parametrize("game", GAMES)
# A game is drawn from a seed, so shrinking finds nothing smaller and only costs minutes: skip it.
SEEDS = dict(
    phases=(Phase.explicit, Phase.reuse, Phase.generate), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
LISTED_SAMPLE = 8  # listed commands tried at each step (all of them every LISTED_ALL steps)
LISTED_ALL = 10


def json_safe(value):
    return json.loads(json.dumps(value)) == value


@settings(max_examples=40, **SEEDS)
@given(seed=st.integers(0, 2**32 - 1))
def test_decide_changes_nothing_events_are_json_and_fold_equals_evolving_one_by_one(game, seed):
    engine, profile = get_engine(game), profile_of(game)
    players, options, moves = profiled_game(engine, profile, seed)
    events = engine.start(players, options=options, rng=random.Random(seed))
    state = engine.fold(events)
    states, boundaries = [state], [len(events)]
    checker = random.Random(seed)
    for step, (state, seat, command, new_events, following) in enumerate(moves):
        assert new_events and all(isinstance(event.get("type"), str) for event in new_events)
        assert json_safe(new_events)
        assert following == reduce(engine.evolve, new_events, state)
        snapshot = copy.deepcopy(state)
        legal = engine.legal_commands(state, seat)
        for listed in legal if step % LISTED_ALL == 0 else checker.sample(legal, min(len(legal), LISTED_SAMPLE)):
            accepted = engine.decide(state, seat, listed, rng=random.Random(0))
            assert accepted and json_safe(accepted)
        assert state == snapshot, "decide changed the state"
        events += new_events
        states.append(following)
        boundaries.append(len(events))
    final = states[-1]
    assert engine.fold(events) == final
    assert engine.fold(json.loads(json.dumps(events))) == final
    replayed, index = None, 0
    for count, event in enumerate(events, start=1):
        replayed = engine.evolve(replayed, event)
        if count == boundaries[index]:
            assert replayed == states[index]
            index += 1
    assert index == len(states)


class NoRandomness(random.Random):
    def __init__(self, *args):
        raise AssertionError("evolve made a random generator")


def consulted(*args, **kwargs):
    raise AssertionError("evolve consulted a random generator")


def test_evolve_never_consults_randomness(game, monkeypatch):
    engine, profile = get_engine(game), profile_of(game)
    players, options, moves = profiled_game(engine, profile, seed=3)
    events = engine.start(players, options=options, rng=random.Random(3))
    for _, _, _, new_events, following in moves:
        events += new_events
    for name in ("random", "getrandbits", "shuffle", "choice", "choices", "sample", "randrange", "randint", "seed"):
        monkeypatch.setattr(random.Random, name, consulted)
        monkeypatch.setattr(random.SystemRandom, name, consulted, raising=False)
        monkeypatch.setattr(random, name, consulted)  # the module's functions, bound at its import
    monkeypatch.setattr(random, "Random", NoRandomness)
    monkeypatch.setattr(random, "SystemRandom", NoRandomness)
    assert engine.fold(events) == following


def test_the_random_generator_defaults_to_a_fresh_system_random(game, monkeypatch):
    engine, profile = get_engine(game), profile_of(game)
    players, options = profile.setup(random.Random(0))
    made = []

    class Recorded(random.Random):
        """Stands for random.SystemRandom: seeded, so that two starts deal alike."""

        def __init__(self):
            super().__init__(7)
            made.append(self)

    monkeypatch.setattr(random, "SystemRandom", Recorded)
    events = engine.start(players, options=options)
    assert made and engine.start(players, options=options) == events
    state = engine.fold(events)
    seat, command = next((seat, command) for seat in range(players) for command in engine.legal_commands(state, seat))
    made.clear()
    assert engine.decide(state, seat, command) == engine.decide(state, seat, command, rng=Recorded())
    assert len(made) == 2


def test_nothing_is_listed_or_taken_once_the_game_is_over(game):
    engine, profile = get_engine(game), profile_of(game)
    players, _, moves = profiled_game(engine, profile, seed=5)
    for state, seat, command, _, following in moves:
        pass
    assert engine.is_over(following) and engine.view(following, None)["over"] is True
    for other in range(players):
        assert engine.legal_commands(following, other) == []
        with pytest.raises(IllegalCommand):
            engine.decide(following, other, command, rng=random.Random(0))

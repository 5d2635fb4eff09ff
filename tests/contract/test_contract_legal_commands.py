"""legal_commands (docs/engines.md, "What a seat may send"): every command decide would accept from that seat now, each once; the
system's, the host's and staff's commands are not listed, nor anything for a seat the table does not have.
Exactness is checked where the profile can try every command worth trying (small hands)."""

import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from contract.play import profiled_game
from contract.profiles import profile_of
from games.engines import GAMES, IllegalCommand, get_engine
from games.engines.base import SEATED

pytestmark = pytest.mark.parametrize("game", GAMES)
SEEDS = dict(
    phases=(Phase.explicit, Phase.reuse, Phase.generate), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
POSITIONS = 20  # positions of a game checked for exactness, at most


def accepted(engine, profile, state, seat, candidates):
    found = set()
    for command in candidates:
        try:
            engine.decide(state, seat, command, rng=random.Random(0))
        except IllegalCommand:
            continue
        found.add(profile.canonical(command))
    return found


def check_exact(engine, profile, state, seat):
    """Whether the seat's listed commands are exactly those decide accepts (False: too many to try)."""
    candidates = profile.candidates(state, seat)
    if candidates is None:
        return False
    listed = [profile.canonical(command) for command in engine.legal_commands(state, seat)]
    assert len(listed) == len(set(listed)), "a command is listed twice"
    assert set(listed) == accepted(engine, profile, state, seat, candidates)
    return True


@settings(max_examples=12, **SEEDS)
@given(seed=st.integers(0, 2**32 - 1))
def test_legal_commands_list_exactly_what_decide_accepts_each_once(game, seed):
    engine, profile = get_engine(game), profile_of(game)
    players, _, moves = profiled_game(engine, profile, seed)
    picker = random.Random(seed)
    checked = 0
    for state, seat, _, _, _ in moves:
        if checked < POSITIONS and picker.random() < 0.3 and check_exact(engine, profile, state, seat):
            checked += 1
            check_exact(engine, profile, state, (seat + picker.randrange(1, players)) % players)


def test_only_a_seats_own_commands_are_listed_and_only_for_seats_of_the_table(game):
    engine, profile = get_engine(game), profile_of(game)
    players, _, moves = profiled_game(engine, profile, seed=11)
    for step, (state, *_rest) in enumerate(moves):
        if step % 5:
            continue
        for seat in range(players):
            assert all(engine.sender_of(command) in SEATED for command in engine.legal_commands(state, seat))
        for seat in (None, -1, players, True, "0", 0.0):
            assert engine.legal_commands(state, seat) == []

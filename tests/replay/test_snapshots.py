"""Replay snapshots: the state at any step, rebuilt from a cached snapshot and its tail, equals a fold of the
log from the start, whether the snapshots are there, partly gone or all gone."""

import pytest
from django.core.cache import cache
from replay_helpers import stored_game

from games.engines import GAMES, get_engine
from games.replay import snapshots

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_recent_states():
    snapshots.forget_recent()
    yield
    snapshots.forget_recent()


@pytest.mark.parametrize("game, seed", [(game, seed) for seed, game in enumerate(GAMES, start=1)])
def test_snapshot_plus_tail_is_the_fold_at_every_step(game, seed):
    table, log = stored_game(game, seed)
    assert len(log) > 2 * snapshots.EVERY, "the game should pass several snapshots"
    engine = get_engine(game)
    for step in range(len(log) + 1):
        state, tail = snapshots.rebuild(table, step)
        assert state == engine.fold(log[:step])
        assert len(tail) <= snapshots.EVERY
        if step:
            assert tail[-1].version == step and tail[-1].payload == log[step - 1]


def test_a_rebuild_uses_the_snapshot_and_reads_only_the_tail():
    table, log = stored_game("spite_and_malice", 4)
    step = 2 * snapshots.EVERY + 7
    snapshots.rebuild(table, step)  # folds from the start, keeping snapshots at EVERY and 2 * EVERY
    snapshots.forget_recent()
    assert cache.get(snapshots.key(table.stream, 2 * snapshots.EVERY)) == get_engine(table.game).fold(
        log[: 2 * snapshots.EVERY]
    )
    _, tail = snapshots.rebuild(table, step)
    assert [event.version for event in tail] == list(range(2 * snapshots.EVERY + 1, step + 1))


def test_a_snapshot_thrown_away_is_folded_again_from_the_one_below():
    table, log = stored_game("spank", 5)
    step = 3 * snapshots.EVERY - 1
    snapshots.rebuild(table, step)
    snapshots.forget_recent()
    cache.delete(snapshots.key(table.stream, 2 * snapshots.EVERY))
    state, tail = snapshots.rebuild(table, step)
    assert tail[0].version == snapshots.EVERY + 1
    assert state == get_engine("spank").fold(log[:step])
    cache.clear()
    snapshots.forget_recent()
    state, tail = snapshots.rebuild(table, step)
    assert tail[0].version == 1 and state == get_engine("spank").fold(log[:step])


def test_step_zero_is_the_state_before_the_first_event():
    table, _ = stored_game("spite", 1)
    assert snapshots.rebuild(table, 0) == (get_engine("spite").initial_state(), [])


def test_a_walk_forward_folds_one_event_a_step_from_the_state_before():
    table, log = stored_game("spite", 2)
    engine = get_engine("spite")
    snapshots.rebuild(table, 10)
    for step in range(11, 3 * snapshots.EVERY):
        state, tail = snapshots.rebuild(table, step)
        assert [event.version for event in tail] == [step]
        assert state == engine.fold(log[:step])


def test_a_step_back_uses_the_nearest_state_kept_below_it():
    table, log = stored_game("spank", 2)
    engine = get_engine("spank")
    snapshots.rebuild(table, snapshots.EVERY + 5)
    snapshots.rebuild(table, snapshots.EVERY + 8)  # from the one kept at EVERY + 5
    state, tail = snapshots.rebuild(table, snapshots.EVERY + 7)
    assert tail[0].version == snapshots.EVERY + 6
    assert state == engine.fold(log[: snapshots.EVERY + 7])

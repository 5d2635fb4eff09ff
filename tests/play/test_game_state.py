"""The per-process state cache is only a cache: cached state + tail == a fold from scratch."""

import random
from types import SimpleNamespace

import pytest
from cachetools import LRUCache

from events import store
from games.frames import log_lines
from games.live import table_cache as live
from games.play import game_state
from games.play.commands import submit
from games.tables import lobby

pytestmark = pytest.mark.django_db


def _play(table, users, rng, moves):
    for _ in range(moves):
        game = game_state.load(table)
        if game.engine.is_over(game.state):
            return
        seat = game.engine.view(game.state, None)["to_move"]
        choice = rng.choice(game.engine.legal_commands(game.state, seat))
        submit(table, users[seat], choice, game.version)


def _fold_from_scratch(table):
    game = game_state.load(table)
    return game.engine.fold([e.payload for e in store.read(table.stream)])


def test_cached_state_plus_tail_equals_fold_from_scratch(alice, bob):
    rng = random.Random(7)
    table = lobby.create_table(alice, "spank", 2)
    lobby.join_table(table, bob)
    lobby.start_table(table, alice, rng=rng)
    users = {0: alice, 1: bob}
    for _ in range(6):
        _play(table, users, rng, 5)
        assert game_state.load(table).state == _fold_from_scratch(table)


def test_a_stale_cache_catches_up_from_the_log(alice, bob):
    """Another process appended events this one never saw: loading folds the tail on."""
    rng = random.Random(11)
    table = lobby.create_table(alice, "spank", 2)
    lobby.join_table(table, bob)
    lobby.start_table(table, alice, rng=rng)
    before = game_state.load(table)
    _play(table, {0: alice, 1: bob}, rng, 8)
    after = game_state.load(table)
    game_state.remember(table.stream, before.version, before.state)  # no effect: older than cached
    assert game_state.load(table).version == after.version
    game_state.forget_all()
    game_state.remember(table.stream, before.version, before.state)  # simulate the other process
    reloaded = game_state.load(table)
    assert reloaded.version == after.version and reloaded.state == after.state


def test_load_at_rebuilds_any_earlier_moment(alice, bob):
    rng = random.Random(3)
    table = lobby.create_table(alice, "spank", 2)
    lobby.join_table(table, bob)
    lobby.start_table(table, alice, rng=rng)
    versions = []
    for _ in range(4):
        versions.append((game_state.load(table).version, game_state.load(table).state))
        _play(table, {0: alice, 1: bob}, rng, 2)
    for version, state in versions:
        assert game_state.load_at(table, version).state == state


def test_the_cache_keeps_as_many_streams_as_room_was_made_for_and_never_fewer(monkeypatch):
    monkeypatch.setattr(game_state, "_cache", LRUCache(maxsize=2))
    tables = [SimpleNamespace(stream=f"table-{n}", game="spank") for n in range(4)]

    def remember(table):
        game_state._remember(table.stream, 1, {"state": table.stream})

    def held():
        return {table.stream for table in tables if game_state.cached(table, 1) is not None}

    for table in tables[:3]:
        remember(table)
    assert held() == {"table-1", "table-2"}  # the least recently kept went
    game_state.make_room(4)
    for table in tables:
        remember(table)
    assert held() == {"table-0", "table-1", "table-2", "table-3"}
    game_state.make_room(1)  # never smaller
    assert held() == {"table-0", "table-1", "table-2", "table-3"}


@pytest.mark.parametrize(
    "module,cache,per_table",
    [
        (game_state, "_cache", "STATES_PER_TABLE"),  # the folded states
        (log_lines, "_live_logs", "LOGS_PER_TABLE"),  # each viewer's move log
    ],
)
def test_a_process_following_live_tables_makes_room_for_each_of_them(module, cache, per_table, monkeypatch):
    monkeypatch.setattr(module, cache, LRUCache(maxsize=2))
    already = len(live._tables)  # tables other tests of this process left followed
    followed = [f"room-test-table-{n}" for n in range(5)]
    try:
        for table_id in followed:
            live.attach(table_id)
        assert getattr(module, cache).maxsize >= getattr(live, per_table) * (already + 5)
    finally:
        for table_id in followed:
            live.detach(table_id)

import random

import pytest
from command_path_helpers import played_to_the_end, started

from games.engines.base import SEAT_TO_ACT
from games.play import commands, game_state


def absent(table, seat):
    """The other seats move and ``seat`` times out until it is marked absent (three timeouts in a row)."""
    rng, users = random.Random(1), table.seated_users()
    while True:
        game = game_state.load(table)
        if seat in game.state.clock.absent:
            return
        if game.state.to_move == seat:
            commands.submit_system(table, {"type": "turn_timeout", "seat": seat})
        else:
            to_move = game.state.to_move
            legal = [
                c for c in game.engine.legal_commands(game.state, to_move) if game.engine.sender_of(c) == SEAT_TO_ACT
            ]
            commands.submit(table, users[to_move], rng.choice(legal), game.version)


@pytest.fixture
def finish(monkeypatch):
    """finish(players, seed=..., **fields): a Spite & Malice game between ``players`` played to its end (its
    rating job not queued: each test rates it itself); ``fields`` go to lobby.create_table (move_time=...: a
    turn-based table)."""
    from ratings import queueing

    monkeypatch.setattr(queueing, "_queue", lambda table_id: None)

    def play(players, seed=5, **fields):
        return played_to_the_end(started("spite_and_malice", players, {"win_pile": 5}, seed=seed, **fields), seed=seed)

    return play

import random

import pytest

from events.store import SYSTEM
from games.engines.base import SEAT_TO_ACT
from games.play import commands, game_state
from games.tables import lobby


def started(game, players, options=None, seed=3, **fields):
    table = lobby.create_table(players[0], game, len(players), options or {}, **fields)
    for user in players[1:]:
        lobby.join_table(table, user)
    lobby.start_table(table, players[0], rng=random.Random(seed))
    return table


def played_to_the_end(table, seed=5, moves=5000):
    """Random legal moves of the seats that may act, through the command path, until the game is over (or
    ``moves`` were made). A seat handed to a bot moves as the bot's turns do (games.play.bot_turns)."""
    rng, users = random.Random(seed), table.seated_users()
    for _ in range(moves):
        game = game_state.load(table)
        if game.engine.is_over(game.state):
            break
        seat, command = rng.choice(
            [
                (seat, command)
                for seat in users
                for command in game.engine.legal_commands(game.state, seat)
                if game.engine.sender_of(command) == SEAT_TO_ACT
            ]
        )
        if seat in game.engine.seats_with_bot(game.state):
            commands.submit_for_bot(table, seat, command, game.version, SYSTEM)
        else:
            commands.submit(table, users[seat], command, game.version)
    table.refresh_from_db()
    return table


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
    """finish(players, seed=...): a Spite & Malice game between ``players`` played to its end (its rating job
    not queued: each test rates it itself)."""
    from ratings import queueing

    monkeypatch.setattr(queueing, "_queue", lambda table_id: None)

    def play(players, seed=5):
        return played_to_the_end(started("spite_and_malice", players, {"win_pile": 5}, seed=seed), seed=seed)

    return play

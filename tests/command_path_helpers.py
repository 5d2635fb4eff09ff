"""Tables dealt and played through the platform's own command path, for tests that need a real game."""

import random

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

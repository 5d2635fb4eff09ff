"""Playing at a table in tests of turn-based play: who is to act, who sits where, and ending a turn."""

from events import store
from games.play import commands, game_state


def to_move(table):
    """The seat to act, as the game's public view says (None: several may, or nobody)."""
    game = game_state.load(table)
    return game.engine.view(game.state, None)["to_move"]


def users(table):
    """{seat number: user} of the table's seats."""
    return {seat.number: seat.user for seat in table.seats.select_related("user")}


def end_turn(table, user):
    """``user``'s seat, the seat to act, plays its engine's first legal command until another seat is to act."""
    seat = to_move(table)
    while to_move(table) == seat:
        game = game_state.load(table)
        command = game.engine.legal_commands(game.state, seat)[0]
        commands.submit(table, user, command, store.current_version(table.stream))

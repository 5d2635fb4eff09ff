"""What one person at a table may see: their seat's view, legal moves and the event log.

The engines do the redaction (``view``, ``redact_event``); this module only
picks the seat. After the game is over the whole log is public (RULINGS).
An engine's sentences name seats as "{seat:N}"; whatever is sent here names
players by their display names instead.
"""

from events import store
from games.play import commands, game_state
from games.play.names import named, seat_names  # noqa: F401 (where callers have long found them)


def seat_view(table, user):
    """The API's view: the seat's view and legal commands, the host's commands for the host, and the seat's
    other commands (taking it back from a bot)."""
    game = game_state.load(table)
    seat = table.seat_of(user)
    host_commands = [action["command"] for action in commands.host_actions(table, user, game)]
    return {
        **view_for_seat(table, game, seat),
        "host_commands": host_commands,
        "seat_commands": [action["command"] for action in commands.seat_actions(game, seat)],
    }


def view_for_seat(table, game, seat, for_board=False, names=None):
    """The seat's view and the commands it is offered (``legal_commands``: the engine's offered commands;
    ``for_board``: the shorter list the table page lights up). ``names``: seat_names(table), if the
    caller has them already."""
    if not game.started:
        return {"table": str(table.id), "version": 0, "seat": seat, "view": None, "legal_commands": []}
    engine, state = game.engine, game.state
    listed = engine.board_commands if for_board else engine.offered_commands
    return {
        "table": str(table.id),
        "version": game.version,
        "seat": seat,
        "view": named(engine.view(state, seat), seat_names(table) if names is None else names),
        "legal_commands": listed(state, seat) if seat is not None else [],
    }


def visible_events(table, user):
    game = game_state.load(table)
    seat = table.seat_of(user)
    reveal_all = game.started and game.engine.is_over(game.state)
    names = seat_names(table)
    return [
        {
            "version": event.version,
            "type": event.type,
            "actor": event.actor_kind,
            "time": event.created_at,
            "event": named(event.payload if reveal_all else game.engine.redact_event(event.payload, seat), names),
            "hash": event.hash,
        }
        for event in store.read(table.stream, game=table.game)
        if event.version <= game.version
    ]

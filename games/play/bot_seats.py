"""Which seats bots play at a table (the lobby seats them: games.tables.bot_seating).

A seat a bot filled before the start has the bot's level in ``Seat.bot``. A person's seat the host
handed to a bot after the turn clock marked it absent is the game's own record
(``Engine.seats_with_bot``): the bot plays "fair" for it until the player takes the seat back.
"""

from games.models import Seat, Table

HAND_OVER_LEVEL = "fair"  # the bot that plays a seat handed over


def playing(table, game):
    """{seat number: bot level} for every seat a bot plays now at ``table`` (whose game is ``game``)."""
    seats = dict(_filled_by_bots(table))
    if game.started:
        seats.update({seat: HAND_OVER_LEVEL for seat in game.engine.seats_with_bot(game.state)})
    return seats


def has_bots(table, engine, state):
    """Whether any seat of the table is played by a bot: asked on every change (games.play.timers)."""
    return bool(engine.seats_with_bot(state)) or bool(_filled_by_bots(table))


def _filled_by_bots(table):
    """{seat number: level} of the seats bots fill. Bots join only before the start, so a running table's
    answer is kept on the instance (a live connection's table asks once, not at every move)."""
    known = getattr(table, "_filled_by_bots", None)
    if known is not None:
        return known
    filled = dict(Seat.objects.filter(table=table).exclude(bot="").values_list("number", "bot"))
    if table.status == Table.Status.RUNNING:
        table._filled_by_bots = filled
    return filled

"""Which seats bots play, and the lobby's seating of bots.

A bot fills an empty seat before the start: the seat's user is a bot account (one per game, level
and place, so two bots of a kind can sit at one table) named like "Bot (Spite, fair)", and the
Seat's ``bot`` is its level. Bot accounts cannot log in; they only appear in lists of seats, so
everything that names seated players (seat_names, the lobby, profiles) works unchanged. A person's
seat the host handed to a bot after the turn clock marked it absent is the game's own record
(``Engine.seats_with_bot``): the bot plays "fair" for it until the player takes the seat back.
"""
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from games import broadcast, lobby
from games.bots import LEVELS, levels
from games.engines import get_engine
from games.errors import BadRequest, Conflict, Forbidden
from games.models import Seat, Table

HAND_OVER_LEVEL = "fair"  # the bot that plays a seat handed over


def playing(table, game):
    """{seat number: bot level} for every seat a bot plays now at ``table`` (whose game is ``game``)."""
    seats = dict(_filled_by_bots(table))
    if game.started:
        seats.update({seat: HAND_OVER_LEVEL for seat in game.engine.seats_with_bot(game.state)})
    return seats


def has_bots(table, engine, state):
    """Whether any seat of the table is played by a bot: asked on every change (games.timers)."""
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


def add_bot(table, user, level="fair", seat=None):
    """The host seats a bot of ``level`` at ``seat`` (or the first empty one) before the start. Returns the seat."""
    if user.pk != table.host_id:
        raise Forbidden("Only the table's host can add a bot.")
    if table.status != Table.Status.OPEN:
        raise Conflict("Bots join before the start; this table has started.")
    if level not in LEVELS:
        raise BadRequest(f"A bot's level is {' or '.join(LEVELS)}, not {level!r}.")
    if level not in levels(table.game):
        raise BadRequest(f"No {level} bot plays this game." if levels(table.game) else "No bot plays this game.")
    seat = lobby.free_seat(table, seat, table.free_seats())
    try:
        with transaction.atomic():
            Seat.objects.create(table=table, number=seat, user=_bot_account(table, level), bot=level)
    except IntegrityError:
        raise Conflict("Someone took that seat a moment ago; pick another.") from None
    broadcast.lobby_changed()
    broadcast.table_changed(table, 0, seating=True)
    return seat


def remove_bot(table, user, seat):
    """The host takes a bot out of its seat before the start."""
    if user.pk != table.host_id:
        raise Forbidden("Only the table's host can remove a bot.")
    if table.status != Table.Status.OPEN:
        raise Conflict("The game has started; its bots keep their seats.")
    deleted, _ = Seat.objects.filter(table=table, number=seat).exclude(bot="").delete()
    if not deleted:
        raise Conflict(f"No bot sits at seat {seat}.")
    broadcast.lobby_changed()
    broadcast.table_changed(table, 0, seating=True)


def seat_number(text):
    """A seat number from a URL's text; BadRequest for anything but a whole number."""
    if not text.isdigit() or len(text) > 4:
        raise BadRequest(f"A seat is a whole number, not {text!r}.")
    return int(text)


def _bot_account(table, level):
    """A bot account of this game and level that has no seat at ``table`` yet (made on first use)."""
    User = get_user_model()
    seated = set(table.seats.values_list("user_id", flat=True))
    title = get_engine(table.game).title
    for place in range(1, table.seat_count + 1):
        name = f"Bot ({title}, {level})" if place == 1 else f"Bot {place} ({title}, {level})"
        bot, created = User.objects.get_or_create(
            username=f"bot-{table.game}-{level}-{place}".replace("_", "-"),
            defaults={"display_name": name, "is_active": False})
        if created:
            bot.set_unusable_password()
            bot.save(update_fields=["password"])
        if bot.pk not in seated:
            return bot
    raise Conflict("Every seat at this table is taken.")

"""The lobby's seating of bots: the host seats one in an empty seat before the start, or takes it out.

The seat's user is a bot account (one per game, level and place, so two bots of a kind can sit at one
table) named like "Bot (Spite, fair)", and the Seat's ``bot`` is its level. Bot accounts cannot log in;
they only appear in lists of seats, so everything that names seated players (seat_names, the lobby,
profiles) works unchanged. Which seats bots play once the game runs: games.play.bot_seats.
"""

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from games.bots import LEVELS, levels
from games.engines import get_engine
from games.errors import BadRequest, Conflict, Forbidden
from games.models import Seat, Table
from games.play import broadcast
from games.tables import lobby


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
            defaults={"display_name": name, "is_active": False},
        )
        if created:
            bot.set_unusable_password()
            bot.save(update_fields=["password"])
        if bot.pk not in seated:
            return bot
    raise Conflict("Every seat at this table is taken.")

"""Rematch: after a game, one click offers its players a new table with the same game and options.

As on Board Game Arena: any player of the finished game may propose it. The proposer hosts the new
table at their old seat, with the same seats, options, turn clock (or time per move and time bank) and
privacy (the engine's secret options, such as Spite's fake joker faces, are drawn anew); every other
player of the game is offered their old seat there. Each accepts (joins, taking that seat) or declines.
Until all have answered, nobody else may take a seat kept for them; a decline frees that seat for anyone.
One rematch per finished table: a player who presses "Rematch" after another did joins the one already
offered. Bots take their old seats again at once (they cannot answer an offer).
"""

from django.db import transaction

from games.engines import get_engine
from games.errors import Conflict, Forbidden
from games.models import Seat, Table
from games.play import broadcast
from games.tables import lobby


def offer_rematch(old, user):
    """The rematch table of the finished table ``old``, made by ``user`` (or joined, if one is offered already)."""
    if old.status != Table.Status.FINISHED:
        raise Conflict(f"A rematch can be offered once the {get_engine(old.game).noun} is over.")
    players = old.seated_users()
    seat = next((number for number, player in players.items() if player.pk == user.pk), None)
    if seat is None:
        raise Forbidden("Only the players of this game can offer a rematch.")
    with transaction.atomic():
        Table.objects.select_for_update().get(pk=old.pk)  # two players pressing at once make one rematch
        existing = current_rematch(old)
        if existing is not None:
            if existing.seat_of(user) is None:
                lobby.join_table(existing, user)
            return existing
        secret = get_engine(old.game).secret_options
        table = lobby.create_table(
            user,
            old.game,
            old.seat_count,
            {k: v for k, v in old.options.items() if k not in secret},
            private=old.private,
            turn_clock=old.turn_clock,
            name=old.name,
            host_seat=seat,
            rematch_of=old,
            bot_delay=old.bot_delay,
            move_time=old.move_time,
            time_bank=old.time_bank,
        )
        bots = {s.number: s.bot for s in old.seats.exclude(bot="")}
        for number, level in bots.items():  # bots cannot answer an offer: they take their seats again at once
            Seat.objects.create(table=table, number=number, user=players[number], bot=level)
        table.awaiting.set(
            [player for number, player in players.items() if player.pk != user.pk and number not in bots]
        )
    broadcast.table_changed(old, 0, seating=True)
    return table


def decline_rematch(table, user):
    """``user`` will not play the rematch offered at ``table`` (the rematch table itself, or the finished
    table it follows): their kept seat is free for anyone. Returns the rematch table."""
    offered = current_rematch(table) if table.status == Table.Status.FINISHED else table
    if offered is None or not offered.awaiting.filter(pk=user.pk).exists():
        raise Conflict("There is no rematch offer for you at this table.")
    offered.awaiting.remove(user)
    broadcast.lobby_changed()
    broadcast.table_changed(offered, 0, seating=True)
    if offered.rematch_of_id:
        broadcast.table_changed(offered.rematch_of, 0, seating=True)
    return offered


def current_rematch(old):
    """The rematch offered after ``old`` that is not closed, or None."""
    return old.rematches.exclude(status=Table.Status.CLOSED).order_by("created_at").first()


def offer_for(table, user):
    """What the finished ``table``'s page shows ``user`` about a rematch: None, or a dict with "table" (the
    rematch), "host" (who offered it), "awaits_you", "seated" (you have a seat there) and "can_offer".
    It reads the database: pages draw a finished table on a thread (games.live.table_cache.render)."""
    is_player = table.seats.filter(user_id=user.pk).exists() if user.is_authenticated else False
    rematch = current_rematch(table)
    if rematch is None:
        return {"table": None, "can_offer": is_player} if is_player else None
    return {
        "table": rematch,
        "host": rematch.host.shown_name,
        "awaits_you": rematch.awaiting.filter(pk=user.pk).exists(),
        "seated": rematch.seat_of(user) is not None,
        "open": rematch.status == Table.Status.OPEN,
        "can_offer": False,
    }

"""Whether a game counts for ratings, and why not: only finished games between people.

Not rated: a game with a bot in a seat (known before it starts, so the table says so); a game abandoned
(it has no result); and a game where a bot played a person's seat, handed to it on the turn clock, for more
than BOT_SHARE of that seat's moves (the rating would be the bot's). A seat whose player resigned is played
by a bot to the end too, but it ranks last whatever the bot does, so those moves never count against a game.
A move is one command: the events one append wrote (they share their time and actor).
"""

from itertools import groupby

from events import store
from events.models import Event
from games.engines import get_engine
from games.errors import DamagedLog
from games.play import damaged

BOT_SHARE = 0.25

BOT_SEATED = "a bot has a seat"
ABANDONED = "the game was abandoned"
DAMAGED = "its record is damaged"
BOT_PLAYED = f"a bot played more than {BOT_SHARE:.0%} of a player's moves"
BOT_MAY_PLAY = f"A bot that plays more than {BOT_SHARE:.0%} of a player's moves leaves the game unrated."


def before_start(seats):
    """Why a table whose ``seats`` (Seat rows) are these would not be rated, or None: it would be."""
    return BOT_SEATED if any(seat.bot for seat in seats) else None


def verdict(table, seats):
    """(the finishing order as groups of user ids, best first, None if unrated; why not, or None) for a
    finished ``table`` whose seats are ``seats``."""
    reason = before_start(seats)
    if reason:
        return None, reason
    engine = get_engine(table.game)
    events = store.read(table.stream, game=table.game)
    try:
        state = damaged.fold(table, engine, events)
    except DamagedLog:
        return None, DAMAGED
    if engine.view(state, None).get("abandoned"):
        return None, ABANDONED
    if any(share > BOT_SHARE for share in bot_shares(table, engine, events, seats).values()):
        return None, BOT_PLAYED
    users = {seat.number: seat.user_id for seat in seats}
    return [[users[seat] for seat in group] for group in engine.standings(state)], None


def bot_shares(table, engine, events, seats):
    """{seat: the share of its moves a bot made for it}, for the seats that made any and never resigned."""
    seat_of = {seat.user_id: seat.number for seat in seats}
    own, by_bot = {}, {}
    state = engine.initial_state()
    for _, command in groupby(events, key=lambda event: (event.created_at, event.actor_kind, event.actor_user_id)):
        command = list(command)
        seat, bot = _mover(engine, state, command, seat_of)
        if seat is not None:
            counts = by_bot if bot else own
            counts[seat] = counts.get(seat, 0) + 1
        state = damaged.fold(table, engine, command, state)
    resigned = engine.resigned_seats(state)
    return {
        seat: by_bot.get(seat, 0) / (by_bot.get(seat, 0) + own.get(seat, 0))
        for seat in set(own) | set(by_bot)
        if seat not in resigned
    }


def _mover(engine, state, command, seat_of):
    """(the seat that made the move ``command``, whether a bot made it for that seat's player); (None, False)
    for the system's own (the deal, a turn's timeout)."""
    first = command[0]
    if first.actor_kind == Event.Actor.USER and first.actor_user_id in seat_of:
        return seat_of[first.actor_user_id], False
    handed = engine.seats_with_bot(state) if state is not None else frozenset()
    seat = first.payload.get("seat")
    if first.actor_kind == Event.Actor.SYSTEM and seat in handed and first.payload.get("type") != "timed_out":
        return seat, True
    return None, False

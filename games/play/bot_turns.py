"""Bots acting at a table: a due "bot-<version>" deadline lets the table's bots act on that version.

Every change at a table where bots play records such a deadline (games.play.timers), due after the
table's bot delay, and its job fires it (games.play.firing, which claims it first, so one deadline acts
once). ``act`` plans in the worker: it loads the game and does nothing unless the table is still at
the deadline's version; then, as games.bots.match does, a bot with nothing of its own turn to do may
give an out-of-turn command its game lets bots give (its Game's ``bot_calls``), else the bot of a seat
to act gives its turn's command. Each bot sees only its
seat's view and legal commands. The command goes down the one command path pinned to that version,
so a job retried or delivered twice, or one that lost a race with a person's move, never acts on a
stale version: the event store takes one append at a version. Its own new version brings the next
deadline, and so the bot plays on.
"""

import logging
import random

from events.models import Event
from events.store import SYSTEM, Actor
from games.bots import bot_for
from games.engines import registry
from games.engines.bot_base import may_call, turn_commands
from games.errors import Forbidden, StaleVersion
from games.play import bot_seats, commands, game_state

log = logging.getLogger(__name__)


def act(deadline):
    """Let the table's bots act on the deadline's version. Returns the new version, or None (nothing done)."""
    table = deadline.table
    game = game_state.load(table)
    if not game.started or game.engine.is_over(game.state) or game.version != deadline.version:
        return None  # stale: a later version has its own deadline
    planned = plan(table, game, random.SystemRandom())
    if planned is None:
        return None
    seat, command = planned
    try:
        return commands.submit_for_bot(table, seat, command, deadline.version, _actor(table, seat))
    except StaleVersion:
        return None  # someone acted first; that version's deadline looks again
    except (commands.Refused, Forbidden) as refusal:  # a bot's bug: loud, but the job ends (no retry loop)
        log.error("The %s bot of seat %s at %s sent %r, refused: %s", table.game, seat, table, command, refusal)
        return None


def plan(table, game, rng):
    """(seat, command) for the bot that acts now at ``table``, or None when no bot has anything to do."""
    engine, state = game.engine, game.state
    bots = bot_seats.playing(table, game)
    calls, out_of_turn = registry.game(table.game).bot_calls, engine.out_of_turn
    offers = {seat: engine.legal_commands(state, seat) for seat in sorted(bots)}
    callers = [
        seat for seat, legal in offers.items() if may_call(legal, calls) and not turn_commands(legal, out_of_turn)
    ]
    acting = [seat for seat, legal in offers.items() if turn_commands(legal, out_of_turn)]
    for seat in callers + acting:
        command = bot_for(table.game, bots[seat])(engine.view(state, seat), offers[seat], rng)
        if command is not None:
            return seat, command
    return None


def _actor(table, seat):
    """The bot account of a seat a bot fills; the system for a person's seat handed to a bot."""
    filled = table.seats.filter(number=seat).exclude(bot="").values_list("user_id", flat=True).first()
    return Actor(Event.Actor.USER, filled) if filled else SYSTEM

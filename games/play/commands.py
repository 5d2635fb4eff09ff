"""The one command path: every change to a table's game goes through ``run``,

load -> decide -> append at the loaded version, with the deadlines it sets, in one transaction
-> once committed: cache the state, queue the deadlines' jobs, tell the table's watchers.

Its callers: players' commands (pages over the websocket, the REST API) through ``submit``, the
system's (timer jobs, games.play.firing) through ``submit_system``, bots' (games.play.bot_turns) through
``submit_for_bot``, and the lobby's deal and late
joiners (games.tables.lobby). Scheduling (games.play.timers) sits below it; firing deadlines, above it.
"""

import random
from contextlib import nullcontext

from django.db import transaction

from events import store
from events.models import Event
from events.store import SYSTEM, Actor, ConcurrencyConflict
from games import signals
from games.engines import IllegalCommand, get_engine
from games.engines import command_table as senders
from games.errors import BadRequest, Conflict, Forbidden, StaleVersion
from games.play import broadcast, game_state, nudges, staff_powers, time_bank, timers
from games.play.names import named, seat_names

SYSTEM_RETRIES = 5  # tries of a command decided at the latest version (the system's, a take-back)
STAFF_ACTOR = Event.Actor.STAFF


class Refused(BadRequest):
    """The engine refused the command; the message is the engine's sentence, with players' names."""


def submit(table, user, command, expected_version, seat=None, seats=None):
    """A seated player's command (or a host command from the host). Returns the table's new version.

    ``seat``, if given, is the seat the player claims to act for; ``seats`` ({user id: seat number}),
    the table's seats when the caller has them already (a live connection). Raises
    Forbidden (not seated, or not that seat), StaleVersion (the table moved
    on since ``expected_version``) or Refused (the rules say no, with the reason),
    or BadRequest if ``command`` is not a command at all. A command the engine holds at any version
    (taking one's seat back from a bot) is never stale: it is decided at the latest version, again if
    another writer (the bot) appends first, and Conflict only if the table stays too busy.
    """
    check_shape(command)
    engine = get_engine(table.game)
    acting_seat, actor = _ROUTES[engine.sender_of(command)](table, user, seat, seats)
    also = _signalled_staff_command(table, user, command) if actor.kind == STAFF_ACTOR else None
    if engine.holds_at_any_version(command):
        return _at_latest_version(
            lambda: run(table, actor, _deciding(acting_seat, command), also=also),
            "The table is too busy to take that just now; please send it again.",
        )
    return run(table, actor, _deciding(acting_seat, command), expected_version, also=also)


def _signalled_staff_command(table, user, command):
    """Tell the staff log (games.signals.staff_command) in the transaction that appends the command."""
    return lambda version: signals.staff_command.send(
        sender=submit, table=table, user=user, command=command, version=version
    )


def submit_for_bot(table, seat, command, expected_version, actor):
    """A bot's command for the seat it plays (games.play.bot_turns), pinned to the version it was planned on.
    Only a seat's own kind of command (never the host's, staff's or system's): Forbidden otherwise."""
    check_shape(command)
    if get_engine(table.game).sender_of(command) not in (senders.SEAT_TO_ACT, senders.ANY_SEAT):
        raise Forbidden("A bot gives only the commands of the seat it plays.")
    return run(table, actor, _deciding(seat, command), expected_version)


def _as_seat(table, user, seat, seats):
    """A seated player's command (or an unknown one, which the engine refuses with its sentence)."""
    own_seat = seats.get(user.pk) if seats is not None else table.seat_of(user)
    if own_seat is None:
        raise Forbidden("You have no seat at this table, so you cannot act here.")
    if seat is not None and seat != own_seat:
        raise Forbidden(f"Seat {seat} is not yours; you sit at seat {own_seat}.")
    return own_seat, Actor.user(user)


def _as_host(table, user, seat, seats):
    if user.pk != table.host_id:
        raise Forbidden("Only the table's host can give that command.")
    return None, Actor.user(user)


def _as_staff(table, user, seat, seats):
    if not user.is_staff:
        raise Forbidden("Only staff can give that command (it reviews a disputed ruling).")
    staff_powers.require_outsider(table, user, "give staff commands at this table")
    return None, Actor.staff(user)


def _system_only(table, user, seat, seats):
    raise Forbidden("Only the system gives that command (a timer, or the lobby); players cannot.")


# Who may send a command is the engine's table's (Engine.sender_of); this is how each kind of sender acts.
_ROUTES = {
    senders.SEAT_TO_ACT: _as_seat,
    senders.ANY_SEAT: _as_seat,
    None: _as_seat,
    senders.HOST: _as_host,
    senders.STAFF: _as_staff,
    senders.SYSTEM: _system_only,
}


def check_shape(command):
    """BadRequest unless ``command`` is an object whose "type" is a name: what routing a command needs."""
    if not isinstance(command, dict) or not isinstance(command.get("type"), str):
        raise BadRequest('A command is an object whose "type" names the move, e.g. {"type": "end_turn"}.')


def host_actions(table, user, game):
    """The engine's host commands (with their labels) that ``user`` may give now: the host's, while it runs."""
    if user.pk != table.host_id or not game.started or game.engine.is_over(game.state):
        return []
    return list(game.engine.host_commands_now(game.state))


def seat_actions(game, seat):
    """The seat's commands (with their labels) that are no move of the game: taking it back from a bot."""
    if seat is None or not game.started:
        return []
    return list(game.engine.seat_commands_now(game.state, seat))


def submit_system(table, command, expected_version=None):
    """A command from the system (timer jobs). Retries on a race unless a version is pinned.

    Returns the new version, or None when the engine refused the command
    (a timer that fired after the game moved on does nothing).
    """
    try:
        if expected_version is not None:
            return run(table, SYSTEM, _deciding(None, command), expected_version)
        return _at_latest_version(
            lambda: run(table, SYSTEM, _deciding(None, command)),
            "The table is too busy to apply the system command; it will be retried.",
        )
    except (Refused, StaleVersion):
        return None


def _at_latest_version(write, busy):
    """``write()`` (a ``run`` at no expected version), again while another writer appends first between
    its load and its append, ``SYSTEM_RETRIES`` times at most; then Conflict with the sentence ``busy``."""
    for _attempt in range(SYSTEM_RETRIES):
        try:
            return write()
        except StaleVersion:
            continue
    raise Conflict(busy)


def _deciding(seat, command):
    return lambda game: decide(game, seat, command)


def run(table, actor, decide_events, expected_version=None, started=True, also=None, seating=False):
    """The one way events reach a table. Returns the table's new version.

    Loads the game (Conflict if ``started`` and it has not been dealt; StaleVersion if it is not at
    ``expected_version``), lets ``decide_events(game)`` give the events, and appends them at the
    version it loaded, together with the deadlines they set, the table's finish and ``also(version)``
    (the lobby's rows: a late joiner's seat, the deal's status) in one transaction: if another writer
    appended first, nothing is written (StaleVersion). Once committed, the new state is cached, the
    deadlines' jobs are queued and the table's watchers are told. ``seating``: the change seats
    someone or changes the table's status (live connections then read the seats again).
    """
    game = game_state.load(table, expected_version)
    if started and not game.started:
        raise Conflict("The game has not started yet.")
    if expected_version is not None and expected_version != game.version:
        raise StaleVersion(expected_version, game.version)
    try:
        events = decide_events(game)
    except Refused as refusal:
        raise Refused(named(str(refusal), seat_names(table))) from None
    state = game.engine.fold(events, game.state)
    deadlines = timers.deadlines(table, game.engine, game.state, state, game.version + len(events))
    overrun = timers.bank_draw(table, game.engine, game.state, state)
    finished = game.engine.is_over(state) and table.status != table.Status.FINISHED
    awaited_before, awaited = game.engine.awaited_seats(game.state), game.engine.awaited_seats(state)
    turns = nudges.new_turns(table, game.engine, state, awaited - awaited_before)
    # A lone append is one statement, atomic by itself; anything written with it shares its transaction.
    with transaction.atomic() if deadlines or overrun or finished or also or turns else nullcontext():
        stored = append(table, game, events, actor)
        version = game.version + len(stored)
        timers.record(table, deadlines)
        nudges.record(table, turns, version)
        time_bank.draw(table, overrun)
        if finished:
            table.status = table.Status.FINISHED
            table.save(update_fields=["status"])
            signals.game_finished.send(sender=run, table=table)
        if also is not None:
            also(version)
    game_state.remember(table.stream, version, state, stored)
    if finished:
        broadcast.lobby_changed()
    turn = awaited != awaited_before
    broadcast.table_changed(table, version, seating=seating or finished or not game.started, turn=turn)
    return version


def load_started(table, expected_version=None):
    """The table's game as of its latest event; Conflict if it has not been dealt yet."""
    game = game_state.load(table, expected_version)
    if not game.started:
        raise Conflict("The game has not started yet.")
    return game


def decide(game, seat, command):
    """The engine's events for ``command`` on the loaded ``game``; Refused with the engine's sentence."""
    try:
        return game.engine.decide(game.state, seat, command, rng=random.SystemRandom())
    except IllegalCommand as refusal:
        raise Refused(refusal.sentence) from None


def append(table, game, events, actor):
    """Append ``events`` right after ``game``'s version, returning them as stored; StaleVersion if
    someone else wrote first."""
    try:
        return store.append_stored(table.stream, events, game.version, actor, game=table.game)
    except ConcurrencyConflict as conflict:
        raise StaleVersion(game.version, conflict.actual) from None

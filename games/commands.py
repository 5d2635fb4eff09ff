"""The one command path: players' commands (pages over the websocket, the REST API) come
through ``submit``, the system's (timer jobs) through ``submit_system``; both do

load -> fold -> decide -> append at the expected version -> set timers -> broadcast.

A late joiner (games.lobby.join_table) takes the same steps through ``decide``, ``append``
and ``after_append``, with its seat written in the same transaction as its events.
"""
import random

from events import store
from events.store import SYSTEM, Actor, ConcurrencyConflict
from games import broadcast, game_state, timers
from games.engines import IllegalCommand, get_engine
from games.errors import BadRequest, Conflict, Forbidden, StaleVersion

SYSTEM_RETRIES = 5


class Refused(BadRequest):
    """The engine refused the command; the message is the engine's sentence."""


def submit(table, user, command, expected_version, seat=None, seats=None):
    """A seated player's command (or a host command from the host). Returns the table's new version.

    ``seat``, if given, is the seat the player claims to act for; ``seats`` ({user id: seat number}),
    the table's seats when the caller has them already (a live connection). Raises
    Forbidden (not seated, or not that seat), StaleVersion (the table moved
    on since ``expected_version``) or Refused (the rules say no, with the reason),
    or BadRequest if ``command`` is not a command at all.
    """
    check_shape(command)
    if is_staff_command(table, command):
        if not user.is_staff:
            raise Forbidden("Only staff can give that command (it reviews a disputed ruling).")
        return _decide_and_append(table, None, command, expected_version, Actor.staff(user))
    if is_host_command(table, command):
        if user.pk != table.host_id:
            raise Forbidden("Only the table's host can give that command.")
        return _decide_and_append(table, None, command, expected_version, Actor.user(user))
    own_seat = seats.get(user.pk) if seats is not None else table.seat_of(user)
    if own_seat is None:
        raise Forbidden("You have no seat at this table, so you cannot act here.")
    if seat is not None and seat != own_seat:
        raise Forbidden(f"Seat {seat} is not yours; you sit at seat {own_seat}.")
    return _decide_and_append(table, own_seat, command, expected_version, Actor.user(user))


def check_shape(command):
    """BadRequest unless ``command`` is an object whose "type" is a name: what routing a command needs."""
    if not isinstance(command, dict) or not isinstance(command.get("type"), str):
        raise BadRequest('A command is an object whose "type" names the move, e.g. {"type": "end_turn"}.')


def host_actions(table, user, game):
    """The engine's host commands (with their labels) that ``user`` may give now: the host's, while it runs."""
    if user.pk != table.host_id or not game.started or game.engine.is_over(game.state):
        return []
    return list(game.engine.host_commands_now(game.state))


def is_host_command(table, command):
    return command["type"] in get_engine(table.game).host_command_types


def is_staff_command(table, command):
    return command["type"] in get_engine(table.game).staff_command_types


def submit_system(table, command, expected_version=None):
    """A command from the system (timer jobs). Retries on a race unless a version is pinned.

    Returns the new version, or None when the engine refused the command
    (a timer that fired after the game moved on does nothing).
    """
    for _attempt in range(SYSTEM_RETRIES):
        version = expected_version if expected_version is not None else game_state.load(table).version
        try:
            return _decide_and_append(table, None, command, version, SYSTEM)
        except Refused:
            return None
        except StaleVersion:
            if expected_version is not None:
                return None
    raise Conflict("The table is too busy to apply the system command; it will be retried.")


def _decide_and_append(table, seat, command, expected_version, actor):
    game = load_started(table, expected_version)
    if expected_version != game.version:
        raise StaleVersion(expected_version, game.version)
    events = decide(game, seat, command)
    version = append(table, game, events, actor)
    after_append(table, game, events, version)
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
        raise Refused(str(refusal)) from None


def append(table, game, events, actor):
    """Append ``events`` right after ``game``'s version; StaleVersion if someone else wrote first."""
    try:
        return store.append(table.stream, events, game.version, actor)
    except ConcurrencyConflict as conflict:
        raise StaleVersion(game.version, conflict.actual) from None


def after_append(table, game, events, version, seating=False):
    """Once the events are stored: cache the new state, set its timers, finish the table if over, broadcast."""
    state = game.engine.fold(events, game.state)
    game_state.remember(table.stream, version, state)
    timers.schedule(table, game.engine, game.state, state, version)
    finished = game.engine.is_over(state) and table.status != table.Status.FINISHED
    if finished:
        table.status = table.Status.FINISHED
        table.save(update_fields=["status"])
        broadcast.lobby_changed()
    broadcast.table_changed(table, version, seating=seating or finished or not game.started)

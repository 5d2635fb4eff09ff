"""A floor table: its stream in the event store, its seats, and whose turn it is. No game.

The deal is one event naming the two seats, appended by the host (as Cardroom's deal is); a move is one
event by the seat to move, appended with ``events.store.append`` (its conditional INSERT, hash chain and
kept heads, as Cardroom's moves are). Seats take turns from seat 0, always with the one command ``PLAY``,
and the game is over after ``FLOOR_MOVES_PER_GAME`` moves. Until the deal, the guest who joined is kept in
the cache, which every process of the floor shares.
"""

from django.conf import settings
from django.core.cache import cache

from events import store
from events.store import Actor

GAME = "floor"
DEALT = 1  # the stream's version once dealt: one event
PLAY = {"type": "play"}
GUEST_KEPT_S = 3600


class Refusal(Exception):
    """What the table cannot do, in a sentence for the one who asked."""


def stream(table_id):
    return f"floor-{table_id}"


def group(table_id):
    """The Channels group of the table's sockets."""
    return f"floor.{table_id.hex}"


def to_move(version):
    return (version - DEALT) % 2


def is_over(version):
    return version >= DEALT + settings.FLOOR_MOVES_PER_GAME


def legal(version, seat):
    """The commands ``seat`` may send at ``version``: ``PLAY`` on its turn, else none."""
    return [PLAY] if seat == to_move(version) and not is_over(version) else []


def join(table_id, user):
    cache.set(f"floor-guest:{table_id}", user.pk, GUEST_KEPT_S)


def deal(table_id, host):
    """The deal, by the host, seating the guest who joined; returns the version it leaves the stream at."""
    guest = cache.get(f"floor-guest:{table_id}")
    if guest is None:
        raise Refusal("Nobody has joined this table yet, so it cannot start.")
    if guest == host.pk:
        raise Refusal("You cannot play against yourself: another player must join.")
    try:
        return store.append(stream(table_id), [{"type": "dealt", "seats": [host.pk, guest]}], 0, Actor.user(host), GAME)
    except store.ConcurrencyConflict:
        raise Refusal("This table has started already.") from None


def seats(table_id):
    """[host's user id, guest's], or None before the deal."""
    dealt = store.read(stream(table_id), upto=DEALT, game=GAME)
    return dealt[0].payload["seats"] if dealt else None


def move(table_id, user, seat, command, version):
    """``seat``'s move sent at ``version``; the stream's new version. Refusal if it is not a move it may make
    now; ConcurrencyConflict (from the store) if the table is no longer at ``version``."""
    if is_over(version):
        raise Refusal("This game is over.")
    if command not in legal(version, seat):
        raise Refusal("It is not your turn." if seat != to_move(version) else 'The only move here is {"type": "play"}.')
    return store.append(stream(table_id), [{"type": "moved", "seat": seat}], version, Actor.user(user), GAME)


def version(table_id):
    return store.current_version(stream(table_id))

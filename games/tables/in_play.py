"""The lobby's games in play: every public running table, with its players, how far along it is and how many
people watch it.

How far along is the engine's phrase (``Engine.progress``), with its players' names put in; the
platform names no game.
"""

from dataclasses import dataclass

from accounts import presence
from games.errors import DamagedLog
from games.models import Table
from games.play import game_state
from games.play.seat_view import named, seat_names

LISTED = 30  # the newest games in play the lobby lists
DAMAGED = "its record is damaged: play is stopped"  # a table whose log does not fold (games.play.damaged)


@dataclass(frozen=True)
class GameInPlay:
    table: Table
    players: list  # display names, by seat
    progress: str
    watchers: int = 0


def games_in_play(game=None, limit=LISTED):
    """The newest public running tables (anyone may watch them; only ``game``'s if given), each with its
    players and progress."""
    tables = Table.objects.filter(status=Table.Status.RUNNING, private=False)
    if game:
        tables = tables.filter(game=game)
    tables = tables.select_related("host").prefetch_related("seats__user")[:limit]
    watchers = presence.watcher_counts({table.id: {seat.user_id for seat in table.seats.all()} for table in tables})
    return [_in_play(table, watchers[table.id]) for table in tables]


def _in_play(table, watchers):
    seated = {seat.number: seat.user for seat in table.seats.all()}
    names = seat_names(table, seated)
    players = [name for name in names if name]
    try:
        game = game_state.load(table)
    except DamagedLog:
        return GameInPlay(table, players, DAMAGED, watchers)
    progress = named(game.engine.progress(game.state), names) if game.started else ""
    return GameInPlay(table, players, progress, watchers)

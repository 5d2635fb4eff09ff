"""A player's finished games and how they went: the profile's history and statistics.

Who won is the engine's (``Engine.winners``) and whether the game was abandoned the view's; both are
read from the game's events once and recorded on the table (``Table.result``, ``Table.finished_at``,
the time of its last event), so a profile never folds a game twice. The record can be rebuilt from
the log at any time: clearing it changes nothing but speed.
"""

from dataclasses import dataclass
from datetime import datetime

from events import store
from games.engines import GAMES, get_engine
from games.errors import DamagedLog
from games.models import Seat, Table
from games.play import damaged

LISTED = 50  # the newest finished games a profile lists

WON, LOST, DRAW, ABANDONED = "won", "lost", "draw", "abandoned"
OUTCOME_WORDS = {WON: "Won", LOST: "Lost", DRAW: "Draw", ABANDONED: "Abandoned"}


@dataclass(frozen=True)
class FinishedGame:
    table: Table
    seat: int
    opponents: list  # the other seats' users, by seat
    outcome: str  # WON, LOST, DRAW or ABANDONED, for the player
    finished_at: datetime

    @property
    def outcome_words(self):
        return OUTCOME_WORDS[self.outcome]

    @property
    def replay_url(self):
        return replay_url(self.table)


def replay_url(table):
    """The replay page of a finished game, fully open, at its start."""
    return f"/tables/{table.id}/replay/?step=0&as=open"


def finished_games(player, public_only=False, limit=LISTED):
    """``player``'s newest finished games (only public ones if ``public_only``), newest first."""
    seats = _finished_seats(player, public_only)
    record_results(seat.table for seat in seats if seat.table.result is None)
    tables = (
        Table.objects.filter(pk__in=[seat.table_id for seat in seats], result__isnull=False)
        .order_by("-finished_at")
        .prefetch_related("seats__user")[:limit]
    )
    return [_finished_game(table, player) for table in tables]


def statistics(player, public_only=False):
    """Per game ``player`` finished: {"game": its title, "played": n, "won": n}, in the registry's order."""
    counts = {}
    seats = _finished_seats(player, public_only)
    record_results(seat.table for seat in seats if seat.table.result is None)
    for seat in seats:
        if seat.table.result is None:
            continue  # its log does not end the game (never so for a table the command path finished)
        played, won = counts.get(seat.table.game, (0, 0))
        counts[seat.table.game] = (played + 1, won + (outcome(seat.table.result, seat.number) == WON))
    return [
        {"game": get_engine(game).title, "played": counts[game][0], "won": counts[game][1]}
        for game in GAMES
        if game in counts
    ]


def outcome(result, seat):
    """How a finished game went for ``seat``: WON, LOST, DRAW or ABANDONED."""
    if seat in result["winners"]:
        return WON
    if result["winners"]:
        return LOST
    return ABANDONED if result["abandoned"] else DRAW


def record_results(tables):
    """Read each finished table's result and finish time from its events and record them."""
    for table in tables:
        events = store.read(table.stream, game=table.game)
        if not events:
            continue
        engine = get_engine(table.game)
        try:
            state = damaged.fold(table, engine, events)
        except DamagedLog:
            continue  # nothing can be known of it (the review queue lists it for staff)
        if not engine.is_over(state):
            continue  # not over by its log: nothing to record
        table.result = {
            "winners": list(engine.winners(state)),
            "abandoned": bool(engine.view(state, None).get("abandoned")),
        }
        table.finished_at = events[-1].created_at
        Table.objects.filter(pk=table.pk, result__isnull=True).update(
            result=table.result, finished_at=table.finished_at
        )


def _finished_seats(player, public_only):
    seats = Seat.objects.filter(user=player, table__status=Table.Status.FINISHED).select_related("table")
    return list(seats.filter(table__private=False) if public_only else seats)


def _finished_game(table, player):
    seated = {seat.number: seat.user for seat in table.seats.all()}
    seat = next(number for number, user in seated.items() if user.pk == player.pk)
    opponents = [user for number, user in sorted(seated.items()) if number != seat]
    return FinishedGame(table, seat, opponents, outcome(table.result, seat), table.finished_at)

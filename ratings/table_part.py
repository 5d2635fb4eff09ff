"""What a table shows of ratings: beside the live board (a games.live.table_cache extra, read when the
table's seats or status change, never per move), the pool it is rated in (ratings.pools: its game, live or
turn-based), each player's rating there and whether the game counts; once it is rated, each player's change
("Alice 1,512 → 1,527"). Two or three queries a read."""

from games.models import Table

from . import eligibility, leaderboards, pools
from .display import shown, shown_at
from .models import RatedTable, Rating

TEMPLATE = "ratings/_table_ratings.jinja"


def table_ratings(table, game):
    """The context of TEMPLATE for ``table`` (``game``: its game as loaded, unused: nothing here follows moves)."""
    seats = list(table.seats.select_related("user"))
    if table.status == Table.Status.CLOSED or not seats:
        return None
    pool = pools.of_table(table)
    part = {
        "template": TEMPLATE,
        "pace": pool.pace_title,
        "game": pool.game_title,
        "board": leaderboards.address(pool),
        "players": _players(pool.key, seats),
        "bot_rule": eligibility.BOT_MAY_PLAY,
    }
    if table.status != Table.Status.FINISHED:
        return part | {"unrated": eligibility.before_start(seats)}
    rated = RatedTable.objects.filter(table=table).prefetch_related("changes__user").first()
    if rated is None:
        return part | {"pending": True}
    if not rated.rated:
        return part | {"unrated": rated.reason}
    return part | {"changes": [_change(change) for change in sorted(rated.changes.all(), key=lambda c: c.seat)]}


def _players(pool, seats):
    ratings = {r.user_id: r for r in Rating.objects.filter(game=pool, user_id__in=[seat.user_id for seat in seats])}
    return [{"name": seat.user.shown_name, "rating": shown(ratings.get(seat.user_id))} for seat in seats]


def _change(change):
    return {
        "name": change.user.shown_name,
        "before": shown_at(change.mu_before, change.games - 1),
        "after": shown_at(change.mu_after, change.games),
    }

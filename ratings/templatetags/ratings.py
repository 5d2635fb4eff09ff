"""Ratings on other apps' pages: a player's page (ratings and history chart, each labelled with its pool: the
game and its pace) and the lobby's table rows (each player's rating in the pool the table is rated in, and
whether an open table's game will count), one query a page, not one a seat."""

from django import template

from .. import chart, eligibility, leaderboards, pools
from ..display import shown
from ..models import Rating

register = template.Library()


@register.simple_tag
def player_ratings(player):
    """[{"pool", "board", "rating"}] for each pool (ratings.pools) ``player`` is rated in, in the order they
    first played; "board": the address of its leaderboards."""
    ratings = Rating.objects.filter(user=player).order_by("pk")
    return [_rated_in(pools.of_key(r.game), r) for r in ratings]


def _rated_in(pool, rating):
    return {"pool": pool, "board": leaderboards.address(pool), "rating": shown(rating)}


@register.simple_tag
def rating_chart(player):
    """The history chart's drawing for ``player`` (templates/ratings/_rating_chart.html), or None."""
    return chart.drawing(chart.history(player))


@register.simple_tag
def ratings_at_tables(*table_lists):
    """{(pool key, user id): Shown} for the people seated at the tables of ``table_lists`` who have a rating in
    the pool the table is rated in (a row stays short: nobody is shown a newcomer's 1,500?), in one query (the
    tables' seats as the lobby prefetched them)."""
    seated = {
        (pools.of_table(table).key, seat.user_id)
        for tables in table_lists
        for table in tables
        for seat in table.seats.all()
    }
    if not seated:
        return {}
    found = Rating.objects.filter(game__in={pool for pool, _ in seated}, user_id__in={user for _, user in seated}).only(
        "game", "user_id", "mu", "games"
    )
    return {(r.game, r.user_id): shown(r) for r in found}


@register.simple_tag
def rating_at(ratings, table, seat):
    """The rating of ``seat``'s player at ``table`` (in the table's pool) from ``ratings`` (ratings_at_tables);
    None for a bot, a player not rated yet, or without ``ratings``."""
    if not ratings or seat.bot:
        return None
    return ratings.get((pools.of_table(table).key, seat.user_id))


@register.filter
def rated_words(table):
    """Whether an open table's game will count for ratings, in words for its lobby row."""
    reason = eligibility.before_start(table.seats.all())
    return f"unrated: {reason}" if reason else "rated"

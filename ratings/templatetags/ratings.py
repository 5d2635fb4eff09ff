"""Ratings on other apps' pages: a player's page (ratings and history chart) and the lobby's table rows
(each player's rating, and whether an open table's game will count), one query a page, not one a seat."""

from django import template

from games.engines import get_engine

from .. import chart, eligibility
from ..display import shown
from ..models import Rating

register = template.Library()


@register.simple_tag
def player_ratings(player):
    """[{"game", "title", "rating"}] for each game ``player`` is rated in, in the order they first played."""
    ratings = Rating.objects.filter(user=player).order_by("pk")
    return [{"game": r.game, "title": get_engine(r.game).title, "rating": shown(r)} for r in ratings]


@register.simple_tag
def rating_chart(player):
    """The history chart's drawing for ``player`` (templates/ratings/_rating_chart.html), or None."""
    return chart.drawing(chart.history(player))


@register.simple_tag
def ratings_at_tables(*table_lists):
    """{(game, user id): Shown} for the people seated at the tables of ``table_lists`` who have a rating in
    that game (a row stays short: nobody is shown a newcomer's 1,500?), in one query (the tables' seats as the
    lobby prefetched them)."""
    seated = {(table.game, seat.user_id) for tables in table_lists for table in tables for seat in table.seats.all()}
    if not seated:
        return {}
    found = Rating.objects.filter(game__in={game for game, _ in seated}, user_id__in={user for _, user in seated}).only(
        "game", "user_id", "mu", "games"
    )
    return {(r.game, r.user_id): shown(r) for r in found}


@register.simple_tag
def rating_at(ratings, table, seat):
    """The rating of ``seat``'s player at ``table`` from ``ratings`` (ratings_at_tables); None for a bot, a
    player not rated yet, or without ``ratings``."""
    if not ratings or seat.bot:
        return None
    return ratings.get((table.game, seat.user_id))


@register.filter
def rated_words(table):
    """Whether an open table's game will count for ratings, in words for its lobby row."""
    reason = eligibility.before_start(table.seats.all())
    return f"unrated: {reason}" if reason else "rated"

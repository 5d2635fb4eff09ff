"""A pool's leaderboards (ratings.pools: one game's live or turn-based players; ``pool`` is the pool's key):
the best players by rating, among those past their provisional games, and the players with the most rated
games this month (UTC, as the site's times are). A player who deleted their account is on neither: a board
lists players one can still meet (docs/rulings.md, "Deleting an account")."""

from dataclasses import dataclass

from django.db.models import Count
from django.urls import reverse
from django.utils import timezone

from .display import PROVISIONAL_GAMES, Shown, shown
from .models import Rating, RatingChange

MIN_GAMES = PROVISIONAL_GAMES  # no provisional rating on the board
LISTED = 50


@dataclass(frozen=True)
class Row:
    place: int
    user: object
    rating: Shown
    games: int  # rated games: in all (by rating) or this month


def by_rating(pool, limit=LISTED):
    ratings = (
        Rating.objects.filter(game=pool, games__gte=MIN_GAMES, user__deleted_at__isnull=True)
        .select_related("user")
        .order_by("-mu", "-games", "user__username")[:limit]
    )
    return [Row(place, rating.user, shown(rating), rating.games) for place, rating in enumerate(ratings, start=1)]


def by_games_this_month(pool, limit=LISTED, now=None):
    counts = list(
        RatingChange.objects.filter(game=pool, at__gte=month_start(now), user__deleted_at__isnull=True)
        .values("user")
        .annotate(played=Count("pk"))
        .order_by("-played", "user")[:limit]
    )
    ratings = {
        rating.user_id: rating
        for rating in Rating.objects.filter(game=pool, user__in=[row["user"] for row in counts]).select_related("user")
    }
    return [
        Row(place, ratings[row["user"]].user, shown(ratings[row["user"]]), row["played"])
        for place, row in enumerate(counts, start=1)
    ]


def address(pool):
    """The address of ``pool``'s leaderboards (a ratings.pools.Pool)."""
    name = "leaderboard_turn_based" if pool.turn_based else "leaderboard"
    return reverse(name, kwargs={"game": pool.game})


def month_start(now=None):
    now = now or timezone.now()
    return now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)

"""A player's ratings in their 'Download my data' (accounts.my_data): their rating in each game and pace
they were rated in (ratings.pools: "live" or "turn-based"), and the change each rated game made."""

from . import pools
from .display import shown
from .models import Rating, RatingChange


def _game_and_pace(key):
    pool = pools.of_key(key)
    return {"game": pool.game, "pace": pool.pace}


def ratings(user):
    return {
        "current": [
            _game_and_pace(rating.game)
            | {
                "shown": shown(rating).text,
                "mu": rating.mu,
                "sigma": rating.sigma,
                "games": rating.games,
            }
            for rating in Rating.objects.filter(user=user).order_by("game")
        ],
        "changes": [
            _game_and_pace(change.game)
            | {
                "table": str(change.rated_table_id),
                "at": change.at,
                "seat": change.seat,
                "rank": change.rank,
                "mu_before": change.mu_before,
                "sigma_before": change.sigma_before,
                "mu_after": change.mu_after,
                "sigma_after": change.sigma_after,
                "games": change.games,
            }
            for change in RatingChange.objects.filter(user=user)
        ],
    }

"""The projection of the rating streams into the models: ``apply`` one event (as it is appended, in its
transaction), ``rebuild`` a pool's from its stream. Both go through ``apply``, so a rebuild gives what the
appends gave. A pool is named by its key (ratings.pools): a live pool's is its game's name."""

from django.db import transaction

from events import store

from . import pools
from .models import RatedTable, Rating, RatingChange

RATED = "game_rated"
NOT_RATED = "game_not_rated"


def apply(pool, event):
    """Write ``event`` (a StoredEvent of the rating stream of the pool whose key is ``pool``) into the models;
    returns its RatedTable."""
    payload = event.payload
    rated_table = RatedTable.objects.create(
        table_id=payload["table"],
        game=pool,
        version=event.version,
        rated=event.type == RATED,
        reason=payload.get("reason", ""),
        at=event.created_at,
    )
    for player in payload.get("players", []):
        rating, _ = Rating.objects.get_or_create(
            user_id=player["user"], game=pool, defaults={"mu": player["mu_before"], "sigma": player["sigma_before"]}
        )
        rating.mu, rating.sigma, rating.games = player["mu_after"], player["sigma_after"], rating.games + 1
        rating.save(update_fields=["mu", "sigma", "games"])
        RatingChange.objects.create(
            rated_table=rated_table,
            user_id=player["user"],
            game=pool,
            seat=player["seat"],
            rank=player["rank"],
            mu_before=player["mu_before"],
            sigma_before=player["sigma_before"],
            mu_after=player["mu_after"],
            sigma_after=player["sigma_after"],
            games=rating.games,
            at=event.created_at,
        )
    return rated_table


def rebuild(pool):
    """Replace the projection of the pool whose key is ``pool`` with one read from its rating stream; returns
    how many events it applied."""
    with transaction.atomic():
        RatedTable.objects.filter(game=pool).delete()  # and their changes
        Rating.objects.filter(game=pool).delete()
        events = store.read(pools.of_key(pool).stream)
        for event in events:
            apply(pool, event)
    return len(events)

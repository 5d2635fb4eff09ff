"""The projection of the rating streams into the models: ``apply`` one event (as it is appended, in its
transaction), ``rebuild`` a game's from its stream. Both go through ``apply``, so a rebuild gives what the
appends gave."""

from django.db import transaction

from events import store

from .models import RatedTable, Rating, RatingChange

RATED = "game_rated"
NOT_RATED = "game_not_rated"


def stream_name(game):
    return f"ratings-{game}"


def apply(game, event):
    """Write ``event`` (a StoredEvent of ``game``'s rating stream) into the models; returns its RatedTable."""
    payload = event.payload
    rated_table = RatedTable.objects.create(
        table_id=payload["table"],
        game=game,
        version=event.version,
        rated=event.type == RATED,
        reason=payload.get("reason", ""),
        at=event.created_at,
    )
    for player in payload.get("players", []):
        rating, _ = Rating.objects.get_or_create(
            user_id=player["user"], game=game, defaults={"mu": player["mu_before"], "sigma": player["sigma_before"]}
        )
        rating.mu, rating.sigma, rating.games = player["mu_after"], player["sigma_after"], rating.games + 1
        rating.save(update_fields=["mu", "sigma", "games"])
        RatingChange.objects.create(
            rated_table=rated_table,
            user_id=player["user"],
            game=game,
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


def rebuild(game):
    """Replace ``game``'s projection with one read from its rating stream; returns how many events it applied."""
    with transaction.atomic():
        RatedTable.objects.filter(game=game).delete()  # and their changes
        Rating.objects.filter(game=game).delete()
        events = store.read(stream_name(game))
        for event in events:
            apply(game, event)
    return len(events)

from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone

from games.engines import registry

from . import leaderboards


def leaderboards_page(request):
    """The first game's leaderboards: the page has a switch to the others."""
    return redirect("leaderboard", game=registry.names()[0])


def leaderboard_page(request, game):
    """A game's leaderboards; 404 for a name that is no installed game."""
    if game not in registry.names():
        raise Http404("There is no such game.")
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "game": game,
            "title": registry.game(game).engine.title,
            "games": [(entry.engine.name, entry.engine.title) for entry in registry.games()],
            "by_rating": leaderboards.by_rating(game),
            "by_games": leaderboards.by_games_this_month(game),
            "month": timezone.now(),
            "min_games": leaderboards.MIN_GAMES,
        },
    )

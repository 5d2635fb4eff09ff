from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone

from games.engines import registry

from . import leaderboards, pools


def leaderboards_page(request):
    """The first game's live leaderboards: the page has switches to the other games and to turn-based play."""
    return redirect("leaderboard", game=registry.names()[0])


def leaderboard_page(request, game, pace):
    """A pool's leaderboards (``game`` at ``pace``); 404 for a name that is no installed game."""
    if game not in registry.names():
        raise Http404("There is no such game.")
    pool = pools.Pool(game, pace)
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "pool": pool,
            "games": [_link(other, pool, other.game_title) for other in pools.every() if other.pace == pace],
            "paces": [_link(other, pool, other.pace_title) for other in pools.of_game(game)],
            "by_rating": leaderboards.by_rating(pool.key),
            "by_games": leaderboards.by_games_this_month(pool.key),
            "month": timezone.now(),
            "min_games": leaderboards.MIN_GAMES,
        },
    )


def _link(pool, shown, text):
    """A switch's link to ``pool``'s leaderboards: {"text", "address", "current"} (``shown``: the page's pool)."""
    return {"text": text, "address": leaderboards.address(pool), "current": pool == shown}

"""The Your games page (every table the player sits at, those awaiting their move first) and the header's
badge of how many await it, drawn on every page (games.tables.your_games does the reading)."""

import functools

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from games.tables import your_games


@login_required
def your_games_page(request):
    entries = your_games.your_tables(request.user)
    awaiting = sum(entry.your_move for entry in entries)
    return render(request, "games/your_games.html", {"entries": entries, "your_games_awaiting": awaiting})


def awaiting_badge(request):
    """Context processor: ``your_games_awaiting``, counted only by a page that draws the header, for a
    logged-in user."""
    count = functools.cache(lambda: your_games.awaiting_count(request.user) if _logged_in(request) else 0)
    return {"your_games_awaiting": count}  # a template calls it wherever it reads it: counted once


def _logged_in(request):
    return getattr(getattr(request, "user", None), "is_authenticated", False)

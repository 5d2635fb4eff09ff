"""Pages about the site rather than one table: the home page, the rules, and the error pages."""

from django.http import Http404
from django.shortcuts import render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template

from accounts import presence
from games.engines import registry
from games.models import BOT_DELAY_CHOICES, DEFAULT_BOT_DELAY, Table
from games.tables.play_now import BOTS_AFTER_CHOICES

# How many games in play the home page lists (the lobby has the full list).
HOME_TABLES = 6


def home(request):
    return render(
        request,
        "home.html",
        {
            "games": [game_entry(game) for game in registry.games()],
            "playing_now": playing_now(),
            "online": presence.online_count(),
            "in_play": Table.objects.filter(status=Table.Status.RUNNING).count(),
            "bot_delays": BOT_DELAY_CHOICES,
            "default_bot_delay": DEFAULT_BOT_DELAY,
            "bots_after_choices": BOTS_AFTER_CHOICES,
        },
    )


def game_entry(game):
    """A game's engine and templates (games.engines.registry): its introduction for the home page and its rules page."""
    return {"engine": game.engine, "about": game.about_template, "rules": game.rules_template}


def playing_now(limit=HOME_TABLES):
    """Public tables in play, the newest first."""
    return (
        Table.objects.filter(status=Table.Status.RUNNING, private=False)
        .select_related("host")
        .prefetch_related("seats__user")[:limit]
    )


def rules_page(request, game):
    """The rules of an installed game, from its template (its Game's rules_template); 404 for any other name."""
    if game not in registry.names():
        raise Http404("There is no such game.")
    entry = game_entry(registry.game(game))
    try:
        get_template(entry["rules"])
    except TemplateDoesNotExist:
        raise Http404("This game's rules are not written yet.") from None
    return render(request, "rules/page.html", {**entry, "games": [game_entry(each) for each in registry.games()]})


def csrf_failure(request, reason=""):
    """A form sent without its security token (an old page, cookies off): say so, and how to go on."""
    return render(request, "403_csrf.html", status=403)

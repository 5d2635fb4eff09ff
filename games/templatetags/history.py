"""A player's finished games and statistics on their profile and public page (accounts' templates
include templates/games/_history.html, which loads this: accounts knows no game)."""

from django import template

from games.tables import history

register = template.Library()


@register.simple_tag
def finished_games(user, public_only):
    return history.finished_games(user, public_only)


@register.simple_tag
def statistics(user, public_only):
    return history.statistics(user, public_only)

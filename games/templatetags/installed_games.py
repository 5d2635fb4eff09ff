"""What pages show of the installed games (games.engines.registry) wherever they are drawn."""

from django import template

from games.engines import registry

register = template.Library()


@register.simple_tag
def game_stylesheets():
    """The static paths of every installed game's stylesheets: base.html links them after the site's own."""
    return [sheet for game in registry.games() for sheet in game.stylesheets]

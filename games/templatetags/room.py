"""Template filters for the lobby's table rows."""

from django import template

from games.engines import get_engine

register = template.Library()


@register.filter
def option_words(table):
    """The table's options (those anyone may see) in the engine's words."""
    return get_engine(table.game).describe_options(table.shown_options)


@register.filter
def missing_players(table):
    """How many seats are still free (from the prefetched seats)."""
    return max(0, table.seat_count - len(table.seats.all()))

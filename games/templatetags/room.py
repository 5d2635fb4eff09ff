"""Template filters for the lobby's table rows and its "Play the computer" forms."""

from django import template

from games.bots import levels
from games.engines import get_engine
from games.frames import clock_words

register = template.Library()


@register.filter
def option_words(table):
    """The table's options (those anyone may see) in the engine's words."""
    return get_engine(table.game).describe_options(table.shown_options)


@register.filter
def pace_words(table):
    """A turn-based table's time per move and bank in words ("Turn-based: 1 day a move, 1-day bank")."""
    return clock_words.pace_words(table)


@register.filter
def missing_players(table):
    """How many seats are still free (from the prefetched seats)."""
    return max(0, table.seat_count - len(table.seats.all()))


BOT_PLAYS = {"fair": "fairly", "random": "at random"}


@register.filter
def bot_levels(engine):
    """The bot levels that play the engine's game, each with how a player reads it: [("fair", "fairly"), ...]."""
    return [(level, BOT_PLAYS.get(level, level)) for level in levels(engine.name)]

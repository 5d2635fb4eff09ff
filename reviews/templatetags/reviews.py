from django import template

from games import game_state
from reviews.notices import profile_disputes, table_disputes

register = template.Library()


@register.simple_tag
def disputes_of(user):
    """The disputes a player filed or is involved in (templates/reviews/_profile_disputes.html)."""
    return profile_disputes(user)


@register.simple_tag
def rulings_of(table, user):
    """The table's rulings and disputes as its live page shows them, with ``user``'s seat as "viewer_seat"
    (templates/reviews/_replay_disputes.html); None for a game without rulings."""
    shown = table_disputes(table, game_state.load(table))
    return {**shown, "viewer_seat": table.seat_of(user)} if shown else None

from django import template

from games import game_state, jinja
from reviews.notices import profile_disputes, table_disputes

register = template.Library()


@register.simple_tag
def disputes_of(user):
    """The disputes a player filed or is involved in (templates/reviews/_profile_disputes.html)."""
    return profile_disputes(user)


@register.simple_tag
def rulings_of(table, user):
    """The table's rulings and disputes drawn as its live page draws them, for ``user``'s own seat
    (templates/reviews/_replay_disputes.html); nothing for a game without rulings."""
    shown = table_disputes(table, game_state.load(table))
    if not shown:
        return ""
    return jinja.render(shown["template"], {"extra": shown, "seat": table.seat_of(user), "table": table})

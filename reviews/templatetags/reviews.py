from datetime import timedelta

from django import template
from django.utils import timezone
from django.utils.timesince import timesince

from games.errors import DamagedLog
from games.frames import jinja
from games.play import game_state
from reviews.notices import profile_disputes, table_disputes

register = template.Library()


@register.simple_tag
def disputes_of(user):
    """The disputes a player filed or is involved in (templates/reviews/_profile_disputes.html)."""
    return profile_disputes(user)


@register.simple_tag
def rulings_of(table, user):
    """The table's rulings and disputes drawn as its live page draws them, for ``user``'s own seat
    (templates/reviews/_replay_disputes.html); nothing for a game without rulings, or a table without any."""
    try:
        shown = table_disputes(table, game_state.load(table))
    except DamagedLog:
        return ""  # the replay says why (games.play.damaged)
    if not shown or not shown["rulings"]:
        return ""
    return jinja.render(shown["template"], {"extra": shown, "seat": table.seat_of(user), "table": table})


@register.filter
def ago(moment):
    """How long ago ``moment`` was, as a person says it: "just now" within its first minute (where
    Django's ``timesince`` says "0 minutes"), then "3 minutes ago", "1 day, 2 hours ago"."""
    if timezone.now() - moment < timedelta(minutes=1):
        return "just now"
    return f"{timesince(moment)} ago"

from datetime import timedelta

from django import template
from django.urls import reverse
from django.utils import timezone
from django.utils.timesince import timesince

from games.errors import DamagedLog
from games.frames import jinja
from games.play import game_state, staff_powers
from reviews.access import is_reviewer
from reviews.models import Dispute
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


@register.simple_tag
def disputes_by_step(table, user):
    """{a ruling's step: its dispute} for the replay's move list (templates/games/_replay_moves.jinja), each with
    ``review_url``: its review page for a reviewer who holds no seat at the table, else None (the players
    and everyone else see how it stands, as the table's rulings show it)."""
    disputes = Dispute.objects.filter(table=table)
    if not disputes:
        return {}
    reviewer = is_reviewer(user) and not staff_powers.played_in(table, user)
    for dispute in disputes:
        dispute.review_url = reverse("review_dispute", args=[dispute.id]) if reviewer else None
    return {dispute.version: dispute for dispute in disputes}


@register.filter
def ago(moment):
    """How long ago ``moment`` was, as a person says it: "just now" within its first minute (where
    Django's ``timesince`` says "0 minutes"), then "3 minutes ago", "1 day, 2 hours ago"."""
    if timezone.now() - moment < timedelta(minutes=1):
        return "just now"
    return f"{timesince(moment)} ago"

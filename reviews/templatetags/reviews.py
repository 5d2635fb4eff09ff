from django import template

from reviews.notices import profile_disputes

register = template.Library()


@register.simple_tag
def disputes_of(user):
    """The disputes a player filed or is involved in (templates/reviews/_profile_disputes.html)."""
    return profile_disputes(user)

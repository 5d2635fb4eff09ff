"""``{% board %}``: the game's board (the context's ``board_template``, drawn by games.frames.jinja) in a page."""

from django import template

from games.frames import jinja

register = template.Library()


@register.simple_tag(takes_context=True)
def board(context):
    """A replay's or a review's board: the template the live table draws, with the page's context."""
    return jinja.render(context["board_template"], context.flatten())

"""``{% replay_moves disputed %}``: the replay's move list (templates/games/_replay_moves.jinja) in its page."""

from django import template

from games.frames import jinja

register = template.Library()


@register.simple_tag(takes_context=True)
def replay_moves(context, disputed):
    """The move list, drawn with the page's context; ``disputed``: {a ruling's step: its dispute}, as the
    reviews plug-in gives it (games never imports it: the page hands it over)."""
    return jinja.render("games/_replay_moves.jinja", {**context.flatten(), "disputed": disputed or {}})

"""Rendering a game's board template straight from an engine state, as the table page would."""
from django.template.loader import render_to_string

from games.rendering import clockwise_from
from games.seat_view import named

NAMES = ["Alice", "Bob", "Carol", "Dan", "Erin", "Frank", "Grace", "Heidi", "Ivan"]


def render_board(engine, state, seat):
    """The board's HTML for ``seat`` (None: a spectator), with names from NAMES (also in the view's
    sentences, as the page has them)."""
    names = NAMES[:state.players]
    view = named(engine.view(state, seat), names)
    return render_to_string(f"games/{engine.name}/board.html", {
        "view": view,
        "others": clockwise_from(view, seat),
        "seat": seat,
        "names": names,
        "legal": engine.board_commands(state, seat) if seat is not None else [],
        "to_move_name": None if view["to_move"] is None else names[view["to_move"]],
        "winner_name": None if view["winner"] is None else names[view["winner"]],
    })

"""Rendering a game's board template straight from an engine state, as the table page would, and the
page's #board-targets (what each target and button sends) for it."""

import random
from dataclasses import replace

from games.engines import get_engine
from games.engines.spite.state import PLAYING, Trick
from games.frames import jinja
from games.frames.board_targets import board_targets
from games.frames.rendering import board_template, clockwise_from
from games.play.seat_view import named

NAMES = ["Alice", "Bob", "Carol", "Dan", "Erin", "Frank", "Grace", "Heidi", "Ivan"]


def seat_view(engine, state, seat):
    return named(engine.view(state, seat), NAMES[: state.players])


def offered(engine, state, seat):
    return engine.board_commands(state, seat) if seat is not None else []


def render_board(engine, state, seat):
    """The board's HTML for ``seat`` (None: a spectator), with names from NAMES (also in the view's
    sentences, as the page has them)."""
    names = NAMES[: state.players]
    view = seat_view(engine, state, seat)
    return jinja.render(
        board_template(engine.name),
        {
            "view": view,
            "others": clockwise_from(view, seat),
            "seat": seat,
            "names": names,
            "legal": offered(engine, state, seat),
            "to_move_name": None if view["to_move"] is None else names[view["to_move"]],
            "winner_name": None if view["winner"] is None else names[view["winner"]],
        },
    )


def page_targets(engine, state, seat):
    """The page's #board-targets for ``seat``: {"targets": ..., "commands": ..., "playable": ...}."""
    return board_targets(engine.name, seat_view(engine, state, seat), seat, offered(engine, state, seat))


def spite_position(
    hands,
    *,
    to_move=0,
    bounty="9H",
    deck="4C 5C 6C 8C 9C 10C 4D 5D 6D 8D",
    fakes=None,
    bonus=None,
    skips=None,
    misplays="table",
    **more,
):
    """A Spite round being played from an exact position (one string of cards a seat), as the engine tests'
    ``position`` fixture builds it: a started match rewritten with dataclasses.replace."""
    players = len(hands)
    engine = get_engine("spite")
    base = engine.fold(engine.start(players, {"rounds": 2, "misplays": misplays}, rng=random.Random(0)))

    def per_seat(texts):
        return tuple(tuple(text.split()) for text in texts) if texts else ((),) * players

    return replace(
        base,
        phase=PLAYING,
        hands=per_seat(hands),
        deck=tuple(deck.split()),
        discard=(),
        bounty=bounty,
        trick=Trick(leader=to_move),
        to_move=to_move,
        ask=None,
        declined=frozenset(),
        places=(None,) * players,
        last_play_joker=(False,) * players,
        fakes=per_seat(fakes),
        bonus=per_seat(bonus),
        skips=tuple(skips) if skips else (0,) * players,
        **more,
    )

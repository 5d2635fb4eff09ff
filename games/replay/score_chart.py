"""The scores after each round of a game that has rounds, and the line chart the replay's heading draws of
them (templates/games/_score_chart.html draws the SVG; this module only places it).

A game has rounds when its engine says some event closes one (``Engine.chapters``); a player's score is the
"score" of its seat in the view a watcher is sent, read after each such event. So nothing here knows a game,
and a game without rounds, or whose view keeps no scores, has no chart.

The chart is drawn by the server, in a viewBox the page scales to its width, so it needs no script and reads
the same on a phone. Each seat's line differs from the others by colour (the stylesheet's, per seat), by its
markers' shape and by its dash pattern, so that it is told apart without colour too; a table of the same
numbers is its text alternative. Like the story, it is cached per (table, version), naming seats as
"{seat:N}", and named on each call.
"""

import math

from django.core.cache import cache

from events import store
from games.engines import get_engine
from games.engines.base import seat_in_text
from games.errors import DamagedLog
from games.play import damaged
from games.play.names import named, seat_names

ROUND = "round"
FORMAT = 1  # bumped when the cached chart changes shape
TIMEOUT = 24 * 60 * 60

# The drawing's own units (the viewBox): about a phone's width, so that its text reads at about its size there.
WIDTH, HEIGHT = 400, 240
LEFT, RIGHT, TOP, BOTTOM = 50, 14, 14, 42  # room for the scores, the rounds and the axes' names
COLOURS = 9  # the stylesheet's series colours (.score-series-0 to -8): one a seat, as many as a game seats
MARKERS = 5  # circle, square, triangle, diamond, triangle down (the template's <defs>)
DASHES = ("", "7 4", "2 3")  # solid, dashed, dotted: with 5 markers, no two of 15 seats look alike
MOST_ROUND_LABELS = 10


def has_rounds(engine):
    return ROUND in engine.chapters.values()


def round_scores(table, upto=None):
    """The scores after each round of ``table``'s game (its first ``upto`` events, all by default):
    [{"round": n, "scores": [each seat's, None for a seat not yet at the table]}]; [] for a game without
    rounds or scores. A log that does not fold is read up to where it breaks."""
    engine = get_engine(table.game)
    if not has_rounds(engine):
        return []
    rounds, state = [], engine.initial_state()
    try:
        for event in store.read(table.stream, upto=upto, game=table.game):
            state = damaged.evolve(table, engine, state, event)
            if engine.chapters.get(event.payload.get("type")) == ROUND:
                scores = [player.get("score") for player in engine.view(state, None)["players"]]
                if not all(_is_number(score) for score in scores):
                    return []
                rounds.append({"round": len(rounds) + 1, "scores": scores})
    except DamagedLog:
        pass  # the rounds before the break are known
    seats = max((len(entry["scores"]) for entry in rounds), default=0)
    return [{**entry, "scores": entry["scores"] + [None] * (seats - len(entry["scores"]))} for entry in rounds]


def chart(table):
    """What templates/games/_score_chart.html draws (see ``drawing``), the players' names put in; None for a
    game without rounds, or before its first round ends."""
    if not has_rounds(get_engine(table.game)):
        return None
    last = store.current_version(table.stream)
    drawn = cache.get_or_set(
        f"replay-score-chart:{FORMAT}:{table.id}:{last}", lambda: drawing(round_scores(table, last)), TIMEOUT
    )
    return named(drawn, seat_names(table)) if drawn else None


def drawing(rounds):
    """The chart of ``rounds`` (as ``round_scores`` gives them), seats named "{seat:N}", or None for no rounds:
    "rounds" (the numbers), "players" ([{"seat", "name"}]: the table's columns), "width" and "height" (the
    viewBox), "plot" (its left, right, top, bottom and middles), "x_ticks" and "y_ticks" ([{"at", "label"}]), "zero"
    (the y of score 0), "lines" (one a seat: "seat", "name", "colour", "marker", "dash", "final" and
    "points", [{"x", "y", "round", "score"}]) and "description" (the chart in a sentence)."""
    if not rounds:
        return None
    seats = range(len(rounds[0]["scores"]))
    plot = {"left": LEFT, "right": WIDTH - RIGHT, "top": TOP, "bottom": HEIGHT - BOTTOM}
    plot |= {"middle_x": _at((plot["left"] + plot["right"]) / 2), "middle_y": _at((plot["top"] + plot["bottom"]) / 2)}
    low, high, step = _score_axis([score for entry in rounds for score in entry["scores"] if score is not None])
    x_of = _round_axis(len(rounds), plot)

    def y_of(score):
        return _at(plot["bottom"] - (score - low) / (high - low) * (plot["bottom"] - plot["top"]))

    lines = [_line(seat, rounds, x_of, y_of) for seat in seats]
    return {
        "rounds": rounds,
        "players": [{"seat": seat, "name": seat_in_text(seat)} for seat in seats],
        "width": WIDTH,
        "height": HEIGHT,
        "plot": plot,
        "x_ticks": [{"at": x_of(entry["round"]), "label": entry["round"]} for entry in _labelled(rounds)],
        "y_ticks": [{"at": y_of(score), "label": score} for score in _ticks(low, high, step)],
        "zero": y_of(0),
        "lines": lines,
        "description": _description(rounds, lines),
    }


def _line(seat, rounds, x_of, y_of):
    points = [
        {"x": x_of(entry["round"]), "y": y_of(score), "round": entry["round"], "score": score}
        for entry in rounds
        if (score := entry["scores"][seat]) is not None
    ]
    return {
        "seat": seat,
        "name": seat_in_text(seat),
        "colour": seat % COLOURS,
        "marker": seat % MARKERS,
        "dash": DASHES[seat % len(DASHES)],
        "final": points[-1]["score"] if points else None,
        "points": points,
    }


def _score_axis(scores):
    """(lowest, highest, step) of the score axis: round steps of 1, 2 or 5 times a power of ten, about five
    of them, and 0 always on it (a score's sign matters)."""
    low, high = min(0, *scores), max(0, *scores)
    if low == high:
        high = low + 1
    rough = (high - low) / 5
    power = 10 ** math.floor(math.log10(rough)) if rough >= 1 else 1
    step = next(power * factor for factor in (1, 2, 5, 10) if power * factor >= rough)
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def _ticks(low, high, step):
    return list(range(low, high + step, step))


def _round_axis(count, plot):
    """x of round n: the first round at the left, the last at the right (one round: in the middle)."""
    width = plot["right"] - plot["left"]
    if count == 1:
        return lambda number: _at(plot["left"] + width / 2)
    return lambda number: _at(plot["left"] + (number - 1) * width / (count - 1))


def _labelled(rounds):
    """The rounds whose numbers the axis shows: every one, or every k-th from the first in a long match (so
    that no two labels touch)."""
    every = math.ceil(len(rounds) / MOST_ROUND_LABELS)
    return [entry for entry in rounds if (entry["round"] - 1) % every == 0]


def _description(rounds, lines):
    finals = ", ".join(f"{line['name']} {line['final']}" for line in lines if line["final"] is not None)
    count = len(rounds)
    return f"Each player's score after each of {count} round{'s' if count != 1 else ''}. After the last: {finals}."


def _at(value):
    """A coordinate as the SVG writes it: one decimal is finer than a pixel of the drawing."""
    return round(value, 1)


def _is_number(value):
    return isinstance(value, int | float) and not isinstance(value, bool)

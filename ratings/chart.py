"""A player's rating history: one line per pool they are rated in (a game at one pace, ratings.pools), the
rating (as shown) after each rated game, drawn as an SVG by the server (templates/ratings/_rating_chart.html)
in the look of the replay's score chart (games/replay/score_chart.py): the same series colours, marker shapes
and dash patterns, so each line is told apart without colour too, and a table of the same numbers as its text
alternative.

Each line starts at 0 games with a new player's rating; x is the count of rated games played in that pool.
"""

import math

from . import pools
from .display import NEW, points, shown_at
from .models import RatingChange

WIDTH, HEIGHT = 400, 240  # the viewBox: about a phone's width
LEFT, RIGHT, TOP, BOTTOM = 50, 14, 14, 42  # room for the ratings, the game counts and the axes' names
COLOURS, MARKERS = 9, 5  # the stylesheet's series colours and the template's marker shapes
DASHES = ("", "7 4", "2 3")
TICKS = 5  # about this many steps on each axis


def history(player):
    """{pool key: [its RatingChanges, oldest first]} for ``player``, in one query."""
    by_pool = {}
    for change in RatingChange.objects.filter(user=player).order_by("at", "pk"):
        by_pool.setdefault(change.game, []).append(change)
    return by_pool


def drawing(by_pool):
    """What the template draws for ``by_pool`` (as ``history`` gives it), or None without any: "width" and
    "height", "plot" (left, right, top, bottom, middles), "x_ticks" and "y_ticks" ([{"at", "label"}]),
    "lines" (one a pool: "title", "colour", "marker", "dash", "final", "points" [{"x", "y", "games",
    "rating", "change", "at"}]) and "description" (the chart in a sentence)."""
    if not by_pool:
        return None
    series = {pool: _ratings(changes) for pool, changes in by_pool.items()}
    plot = {"left": LEFT, "right": WIDTH - RIGHT, "top": TOP, "bottom": HEIGHT - BOTTOM}
    plot |= {"middle_x": _at((plot["left"] + plot["right"]) / 2), "middle_y": _at((plot["top"] + plot["bottom"]) / 2)}
    low, high, y_step = _axis([entry["rating"].points for entries in series.values() for entry in entries])
    most = max(len(entries) - 1 for entries in series.values())
    _, x_high, x_step = _axis([0, max(most, 1)], keep_low=True)

    def x_of(count):
        return _at(plot["left"] + count / x_high * (plot["right"] - plot["left"]))

    def y_of(points):
        return _at(plot["bottom"] - (points - low) / (high - low) * (plot["bottom"] - plot["top"]))

    lines = [
        {
            "title": pools.of_key(pool).title,
            "colour": n % COLOURS,
            "marker": n % MARKERS,
            "dash": DASHES[n % len(DASHES)],
            "final": entries[-1]["rating"],
            "points": [entry | {"x": x_of(entry["games"]), "y": y_of(entry["rating"].points)} for entry in entries],
        }
        for n, (pool, entries) in enumerate(series.items())
    ]
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "plot": plot,
        "x_ticks": [{"at": x_of(count), "label": count} for count in range(0, x_high + 1, x_step)],
        "y_ticks": [{"at": y_of(points), "label": f"{points:,}"} for points in range(low, high + 1, y_step)],
        "lines": lines,
        "description": _description(lines),
    }


def _ratings(changes):
    """A pool's line: a new player's rating, then the rating after each rated game."""
    start = {"games": 0, "rating": NEW, "change": None, "at": None}
    return [start] + [
        {
            "games": change.games,
            "rating": shown_at(change.mu_after, change.games),
            "change": points(change.mu_after) - points(change.mu_before),
            "at": change.at,
        }
        for change in changes
    ]


def _axis(values, keep_low=False):
    """(lowest, highest, step) of an axis holding ``values``: whole steps of 1, 2 or 5 times a power of ten,
    about TICKS of them; from ``values``' lowest rounded down (from 0 if ``keep_low``)."""
    low, high = (0 if keep_low else min(values)), max(values)
    if low == high:
        low, high = low - 10, high + 10
    rough = (high - low) / TICKS
    power = 10 ** math.floor(math.log10(rough)) if rough >= 1 else 1
    step = next(power * factor for factor in (1, 2, 5, 10) if power * factor >= rough)
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def _description(lines):
    finals = "; ".join(f"{line['title']} {line['final'].text} after {len(line['points']) - 1}" for line in lines)
    return f"Rating after each rated game, one line a game and pace, each starting at {NEW.points:,}. Latest: {finals}."


def _at(value):
    return round(value, 1)

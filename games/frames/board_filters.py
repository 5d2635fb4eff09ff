"""Filters the boards share (games.frames.jinja gives them to the templates, beside games.play.names.seat_name).

``row|at(key)``         a dict's value at a key the template holds in a variable, a list's item at an index
                        (None where there is none)
"""


def at(collection, key):
    try:
        return collection[key]
    except (KeyError, IndexError, TypeError):
        return None

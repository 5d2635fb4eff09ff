"""Filters the boards share (games.jinja gives them to the templates).

``names|seat_name(n)``  the name of the player in seat ``n`` ("Empty seat" for nobody)
``row|at(key)``         a dict's value at a key the template holds in a variable, a list's item at an index
                        (None where there is none)
"""
EMPTY_SEAT = "Empty seat"


def seat_name(names, seat):
    if seat is None or not 0 <= seat < len(names or ()):
        return EMPTY_SEAT
    return names[seat] or EMPTY_SEAT


def at(collection, key):
    try:
        return collection[key]
    except (KeyError, IndexError, TypeError):
        return None

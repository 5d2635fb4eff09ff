"""Players' names in what they read: an engine's sentences name seats as "{seat:N}"; these put the
seat's player's display name in their place."""

from games.engines.base import with_seat_names

EMPTY_SEAT = "Empty seat"


def seat_name(names, seat):
    """The name of the player in seat ``seat`` of ``names`` (as ``seat_names`` gives them): "Empty seat"
    for nobody, or a seat the list does not reach."""
    if seat is None or not 0 <= seat < len(names or ()):
        return EMPTY_SEAT
    return names[seat] or EMPTY_SEAT


def seat_names(table, seated=None):
    """Each seat's player's display name, None for a seat nobody sits in (``seated``: {number: user}, if known)."""
    seated = table.seated_users() if seated is None else seated
    return [
        seated[n].shown_name if n in seated else None for n in range(max([table.seat_count, *(n + 1 for n in seated)]))
    ]


def named(value, names):
    """An engine's JSON (a view, an event) with each "{seat:N}" in its sentences made that seat's player's name."""
    return with_seat_names(value, lambda seat: seat_name(names, seat))

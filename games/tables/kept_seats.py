"""Seats kept at a rematch: until they answer it, the last game's players each have their old seat kept."""

from games.errors import Conflict


def kept_seat(table, user, free, seat):
    """The seat ``user`` takes at the open ``table`` (``seat``: the one asked for, or None for any).

    At a rematch a player it awaits takes their old seat when nothing else is asked; anyone else only a
    seat not kept for an awaited player (Conflict when every free seat is kept).
    """
    kept = kept_seats(table)
    mine = next((number for number, player in kept.items() if player.pk == user.pk), None)
    if mine is not None:
        return mine if seat is None and mine in free else seat
    if seat is None:
        unkept = [number for number in free if number not in kept]
        if not unkept and free:
            raise Conflict(_kept_sentence(kept))
        return unkept[0] if unkept else None
    if seat in kept:
        raise Conflict(_kept_sentence(kept))
    return seat


def kept_seats(table):
    """At a rematch: {seat number: the awaited player it is kept for} (their seat in the last game)."""
    if table.rematch_of_id is None:
        return {}
    awaited = {player.pk for player in table.awaiting.all()}
    if not awaited:
        return {}
    return {number: player for number, player in table.rematch_of.seated_users().items() if player.pk in awaited}


def _kept_sentence(kept):
    names = ", ".join(sorted(player.shown_name for player in kept.values()))
    return f"The free seats are kept for the last game's players ({names}) until they answer the rematch."

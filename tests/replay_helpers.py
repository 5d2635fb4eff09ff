"""Tables whose event log is a whole random game (random_logs), stored as the command path would store it."""

from random_logs import random_log

from accounts.models import User
from events import store
from games.models import Seat, Table
from games.tables.table_names import default_name

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"]


def player(number):
    user, _ = User.objects.get_or_create(username=f"player{number}", defaults={"display_name": NAMES[number]})
    return user


def stored_game(game, seed, upto=None, status=Table.Status.FINISHED, private=False):
    """A table of ``game`` seated with players Ana, Ben, ... holding random game ``seed``'s log (its first
    ``upto`` events; the whole game by default): (table, log)."""
    players, options, log = random_log(game, seed)
    log = list(log[:upto] if upto is not None else log)
    seats = max([players] + [event["seat"] + 1 for event in log if event["type"] == "joined"])
    table = Table.objects.create(
        game=game,
        options=options,
        seat_count=seats,
        host=player(0),
        status=status,
        private=private,
        name=default_name(player(0), game),
    )
    for number in range(seats):
        Seat.objects.create(table=table, number=number, user=player(number))
    store.append(table.stream, log, 0, game=game)
    return table, log

"""Tables whose event log is a whole random game (random_logs), stored as the command path would store it."""

import json
import random

from contract.play import acting_seats
from contract.profiles import profile_of
from random_logs import random_log

from accounts.models import User
from events import store
from games.bots import bot_for, levels
from games.engines import get_engine
from games.engines.bot_base import turn_commands
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


def played_in_commands(game, seed, bot_seat=None, commands=250):
    """A table whose seat ``bot_seat`` plays what the game's bot chooses (with the rng bot_choice seeds for
    that step) and every other seat at random, each command's events stored together: (table, engine)."""
    engine, profile = get_engine(game), profile_of(game)
    players = 3
    options = {"rounds": 1} if game == "spite" else {}
    table = Table.objects.create(
        game=game, options=options, seat_count=players, host=player(0), status=Table.Status.FINISHED
    )
    for number in range(players):
        Seat.objects.create(table=table, number=number, user=player(number))
    rng = random.Random(seed)
    events = engine.start(players, options=options, rng=random.Random(seed))
    version = store.append(table.stream, events, 0, game=game)
    state = engine.fold(events)
    bot = bot_for(game, levels(game)[0])
    for _ in range(commands):
        if engine.is_over(state):
            break
        seats = acting_seats(engine, state)
        seat = rng.choice(sorted(seats))
        command = None
        legal = engine.legal_commands(state, seat)
        if seat == bot_seat and turn_commands(legal, engine.out_of_turn):
            command = bot(engine.view(state, seat), legal, random.Random(f"{table.id}:{version}:{seat}"))
        if command is None:
            command = profile.choose(rng, sorted(seats[seat], key=json.dumps))
        new = engine.decide(state, seat, command, rng=rng)
        version = store.append(table.stream, new, version, game=game)
        state = engine.fold(new, state)
    return table, engine

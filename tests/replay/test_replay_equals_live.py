"""Replay tells each seat exactly what it was told live. Games are played through the platform's one command
path (players' commands, staff's overturns, the system's timers), and after every command the view each
seat was sent (seat_view.view_for_seat, what the live table and the API send) and the events as each seat
could read them (seat_view.visible_events) are recorded. Then, for every step and every perspective, the
replay is compared with them, and with a fold of the log from the start."""

import json
import random

import pytest
from contract.play import acting_seats
from contract.profiles import profile_of
from random_logs import _any_play, _spite_extra
from replay_helpers import player

from events import store
from games.engines import GAMES, IllegalCommand, get_engine
from games.engines.command_table import SYSTEM
from games.errors import TableError
from games.play import commands, game_state, seat_view
from games.play.seat_view import named
from games.replay import steps as replay
from games.tables import lobby

pytestmark = pytest.mark.django_db

MAX_COMMANDS = 400


def play_live(game, seats, options, seed, staff):
    """Play a random game through commands.submit; returns (table, {(version, seat): view sent},
    {seat: {version: event as the seat could read it while the game ran}})."""
    engine, profile, rng = get_engine(game), profile_of(game), random.Random(seed)
    users = [player(number) for number in range(seats)]
    table = lobby.create_table(users[0], game, seats, options)
    for user in users[1:]:
        lobby.join_table(table, user)
    lobby.start_table(table, users[0], rng=random.Random(seed))
    sent, told = {}, {seat: {} for seat in range(seats)}
    for _ in range(MAX_COMMANDS):
        current = game_state.load(table)
        over = engine.is_over(current.state)
        for seat in [None, *range(seats)]:
            sent[(current.version, seat)] = seat_view.view_for_seat(table, current, seat)["view"]
            if seat is not None and not over:
                for event in seat_view.visible_events(table, users[seat]):
                    told[seat][event["version"]] = event["event"]
        if over:
            break
        seat, command = next_command(engine, profile, current.state, rng)
        try:
            if engine.sender_of(command) == SYSTEM:
                commands.submit_system(table, command, current.version)
            else:
                commands.submit(table, staff if seat is None else users[seat], command, current.version)
        except (TableError, IllegalCommand):
            continue  # a refused random command changes nothing
    table.refresh_from_db()
    return table, sent, told


def next_command(engine, profile, state, rng):
    if engine.name == "spite":  # table mode's calls, countdowns and overturns, and plays that may break a rule
        found = _spite_extra(state, rng, rng.random())
        if found and found[1]["type"] != "join":
            return found
    elif engine.timers(state) and rng.random() < 0.3:  # the game's own timer runs out
        return None, engine.timers(state)[0]["command"]
    else:  # now and then a seat's out-of-turn command (Climb's hurry)
        waiting = [
            (seat, command)
            for seat in range(engine.seat_count(state))
            for command in engine.legal_commands(state, seat)
            if command["type"] in engine.out_of_turn
        ]
        if waiting and rng.random() < 0.1:
            return rng.choice(waiting)
    seats = {seat: sorted(legal, key=json.dumps) for seat, legal in acting_seats(engine, state).items()}
    seat = rng.choice(sorted(seats))
    if engine.name == "spite" and seat == state.to_move and state.reward is None and rng.random() < 0.2:
        return seat, _any_play(state, seat, rng)
    return seat, profile.choose(rng, seats[seat])


@pytest.mark.parametrize(
    "game, seats, options, seed", [(game, *profile_of(game).short, seed) for seed, game in enumerate(GAMES, start=1)]
)
def test_replay_from_every_seat_at_every_step_is_what_the_seat_was_sent(game, seats, options, seed, make_user):
    staff = make_user("sam")
    staff.is_staff = True
    staff.save()
    table, sent, told = play_live(game, seats, options, seed, staff)
    engine = get_engine(game)
    log = [event.payload for event in store.read(table.stream, game=game)]
    names = seat_view.seat_names(table)
    assert engine.is_over(engine.fold(log)), "the game should have ended"
    assert table.status == table.Status.FINISHED

    compared = 0
    for step in range(len(log) + 1):
        state = engine.fold(log[:step])
        for seat in range(seats):
            shown = replay.at_step(table, step, replay.Perspective(seat, False))
            if (step, seat) in sent:  # a version a command left: the seat was sent a view of it
                assert shown["view"] == sent[(step, seat)], (step, seat)
                compared += 1
            if step:
                assert shown["view"] == named(engine.view(state, seat), names)
        opened = replay.at_step(table, step, replay.Perspective(None, True))["view"]
        if step:
            watcher = sent.get((step, None)) or named(engine.view(state, None), names)
            for key, value in watcher.items():
                if key != "players":
                    assert opened[key] == value
            for seat, shown in enumerate(opened["players"]):
                assert {key: shown[key] for key in watcher["players"][seat]} == watcher["players"][seat]
                own = named(engine.view(state, seat), names)["players"][seat]
                assert {key: shown[key] for key in own} == own  # every hand open
    assert compared > 30

    for seat in range(seats):
        moves = replay.moves(table, replay.Perspective(seat, False))
        assert [move["version"] for move in moves] == list(range(1, len(log) + 1))
        for move in moves:
            if move["version"] in told[seat]:  # read live while the game ran (the last command's: after it)
                assert move["text"] == named(engine.describe(told[seat][move["version"]]), names)
        assert len(told[seat]) >= len(log) - 20

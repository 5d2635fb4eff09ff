"""A player takes their seat back from the bot while the bot's move is queued, on PostgreSQL: the
take-back always lands (after the bot's move when the bot was first), never lost to a stale version."""
import random
import threading
from functools import partial

import pytest
from django.db import connection, connections

from events import store
from events.store import SYSTEM
from games import bot_turns, commands, firing, game_state, lobby
from games.models import Deadline

pytestmark = pytest.mark.django_db(transaction=True)

TAKE_BACK = {"type": "take_back"}
ROUNDS = 50


def bob_handed_to_a_bot_on_his_turn(table, alice):
    """Bob (seat 1) marked absent as his third timeout in a row would, handed to a bot by Alice, and his
    turn: (the version his page shows, the bot's queued deadline)."""
    commands.run(table, SYSTEM, lambda game: [{"type": "marked_absent", "seat": 1}])
    if to_move(table) != 1:
        commands.submit_system(table, {"type": "turn_timeout", "seat": 0})
    assert to_move(table) == 1
    version = commands.submit(table, alice, {"type": "hand_to_bot", "seat": 1}, game_state.load(table).version)
    return version, Deadline.objects.get(table=table, key=f"bot-{version}")


def to_move(table):
    game = game_state.load(table)
    return game.engine.view(game.state, None)["to_move"]


def race(*jobs):
    """Run the jobs in threads started together; each one's result, or the error it raised."""
    start = threading.Barrier(len(jobs))
    results = [None] * len(jobs)

    def run(n, job):
        try:
            start.wait()
            results[n] = job()
        except Exception as error:  # noqa: BLE001 - the test looks at what each job ended with
            results[n] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(n, job)) for n, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


def spank_table(alice, bob, seed):
    """A started two-seat Spank! table with a turn clock, whose bots act at once."""
    table = lobby.create_table(alice, "spank", 2, turn_clock=30, bot_delay=0)
    lobby.join_table(table, bob)
    lobby.start_table(table, alice, rng=random.Random(seed))
    return table


def test_a_take_back_racing_the_bots_queued_move_always_lands(alice, bob, monkeypatch):
    if connection.vendor != "postgresql":
        pytest.skip("the race is between PostgreSQL transactions")
    planned = threading.Event()  # the bot's job has chosen its move (and is about to send it)
    plan = bot_turns.plan

    def planning(*args):
        try:
            return plan(*args)
        finally:
            planned.set()

    monkeypatch.setattr(bot_turns, "plan", planning)
    table, bot_first = spank_table(alice, bob, 0), 0
    for round_ in range(ROUNDS):
        game = game_state.load(table)
        if game.engine.is_over(game.state):
            table = spank_table(alice, bob, round_)
        seen, deadline = bob_handed_to_a_bot_on_his_turn(table, alice)
        planned.clear()
        # Every other round Bob clicks once the bot has chosen its move, so that the bot often appends first.
        bot, taken = race(partial(firing.fire, deadline.pk),
                          partial(take_back, table, bob, seen, planned if round_ % 2 else None))
        assert not isinstance(bot, Exception), bot
        assert isinstance(taken, int), f"round {round_}: the take-back was lost: {taken!r}"
        events = store.read(table.stream, after=seen)
        assert [event.type for event in events if event.type == "taken_back"] == ["taken_back"]
        assert events[-1].type == "taken_back" and events[-1].version == taken  # the bot did nothing after it
        assert bot is None or bot < taken
        bot_first += bot is not None
        game = game_state.load(table)
        assert not game.engine.seats_with_bot(game.state) and commands.seat_actions(game, 1) == []
    assert 0 < bot_first < ROUNDS  # both orders were raced


def take_back(table, bob, seen, after=None):
    """Bob's take-back as his page sends it, with the version it shows; once ``after`` is set, if given."""
    if after is not None:
        after.wait(10)
    return commands.submit(table, bob, TAKE_BACK, seen)

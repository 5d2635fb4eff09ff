"""A player takes their seat back from the bot while the bot's move is queued, on PostgreSQL: the
take-back always lands (after the bot's move when the bot was first), never lost to a stale version."""

import json
import random
import re
import threading
from functools import partial

import pytest
from api_helpers import client_for, command, view
from asgiref.sync import sync_to_async
from django.db import connection
from race_helpers import race
from socket_helpers import connect

from events import store
from events.store import SYSTEM
from games.errors import StaleVersion
from games.models import Deadline
from games.play import bot_turns, commands, firing, game_state
from games.tables import lobby

pytestmark = pytest.mark.django_db(transaction=True)

TAKE_BACK = {"type": "take_back"}
RESIGN = {"type": "resign"}
LABEL = "Take my seat back from the bot"
ROUNDS = 50


def spank_table(alice, bob, seed):
    """A started two-seat Spank! table with a turn clock, whose bots act at once."""
    table = lobby.create_table(alice, "spank", 2, turn_clock=30, bot_delay=0)
    lobby.join_table(table, bob)
    lobby.start_table(table, alice, rng=random.Random(seed))
    return table


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


def take_back(table, bob, seen, after=None):
    """Bob's take-back as his page sends it, with the version it shows; once ``after`` is set, if given."""
    if after is not None:
        after.wait(10)
    return commands.submit(table, bob, TAKE_BACK, seen)


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
        bot, taken = race(
            partial(firing.fire, deadline.pk), partial(take_back, table, bob, seen, planned if round_ % 2 else None)
        )
        assert not isinstance(bot, Exception), bot
        assert isinstance(taken, int), f"round {round_}: the take-back was lost: {taken!r}"
        events = store.read(table.stream, after=seen)
        assert [event.type for event in events if event.type == "taken_back"] == ["taken_back"]
        assert events[-1].type == "taken_back" and events[-1].version == taken  # the bot did nothing after it
        assert bot is None or bot < taken
        bot_first += bot is not None
        game = game_state.load(table)
        assert not game.engine.seats_with_bot(game.state) and [
            action["command"] for action in commands.seat_actions(game, 1)
        ] == [RESIGN]
    assert 0 < bot_first < ROUNDS  # both orders were raced


def _version(html):
    match = re.search(r'id="table-live"[^>]*data-version="(\d+)"', html)
    return int(match.group(1)) if match else None


async def _frames_until(socket, version):
    """The frames ``socket`` gets up to the table at ``version`` or a refusal (the bot's move may come first)."""
    frames = [await socket.receive_from(timeout=10)]
    while (_version(frames[-1]) or 0) < version and 'id="flash"' not in frames[-1]:
        frames.append(await socket.receive_from(timeout=10))
    return frames


@pytest.mark.asyncio
async def test_on_the_page_a_take_back_sent_before_the_bots_move_arrived_lands_and_its_button_goes(alice, bob):
    table = await sync_to_async(spank_table)(alice, bob, 0)
    seen, deadline = await sync_to_async(bob_handed_to_a_bot_on_his_turn)(table, alice)
    socket = await connect(bob, table, read_table=False)
    page = await socket.receive_from(timeout=10)
    assert _version(page) == seen and LABEL in page
    moved = await sync_to_async(firing.fire)(deadline.pk)  # the bot's move, queued, lands first
    assert moved > seen
    await socket.send_to(text_data=json.dumps({"command": TAKE_BACK, "expected_version": seen}))
    frames = await _frames_until(socket, moved + 1)
    assert not any('id="flash"' in frame for frame in frames), frames[-1]  # not refused as stale: taken back
    assert LABEL not in frames[-1] and "A bot plays for" not in frames[-1]
    events = await sync_to_async(store.read)(table.stream, after=moved)
    assert [event.type for event in events] == ["taken_back"]

    # A second click (the button was still there on a slow page) is told why nothing happens.
    await socket.send_to(text_data=json.dumps({"command": TAKE_BACK, "expected_version": seen}))
    refusal = await socket.receive_from(timeout=10)
    assert 'id="flash"' in refusal and "No bot plays your seat, so there is nothing to take back." in refusal
    await socket.disconnect()


def test_over_the_api_a_take_back_from_an_older_version_lands_and_a_stale_move_is_still_refused(alice, bob):
    table = spank_table(alice, bob, 0)
    seen, deadline = bob_handed_to_a_bot_on_his_turn(table, alice)
    moved = firing.fire(deadline.pk)
    api = client_for(bob)
    assert view(api, table.id)["seat_commands"] == [TAKE_BACK, RESIGN]
    response = command(api, table.id, TAKE_BACK, seen)
    assert response.status_code == 200, response.content
    assert response.json()["version"] == moved + 1 and response.json()["seat_commands"] == [RESIGN]
    response = command(api, table.id, TAKE_BACK, moved + 1)
    assert response.status_code == 400 and response.json()["detail"] == (
        "No bot plays your seat, so there is nothing to take back."
    )
    mover = client_for([alice, bob][to_move(table)])
    response = command(mover, table.id, view(mover, table.id)["legal_commands"][0], seen)
    assert response.status_code == 409 and "moved on" in response.json()["detail"]  # a move still is stale


def test_a_take_back_that_keeps_losing_the_race_is_told_why(alice, bob, monkeypatch):
    table = spank_table(alice, bob, 0)
    seen, _ = bob_handed_to_a_bot_on_his_turn(table, alice)

    def another_writer_first(table, game, events, actor):
        raise StaleVersion(game.version, game.version + 1)

    monkeypatch.setattr(commands, "append", another_writer_first)
    response = command(client_for(bob), table.id, TAKE_BACK, seen)
    assert response.status_code == 409
    assert response.json()["detail"] == "The table is too busy to take that just now; please send it again."
    assert store.current_version(table.stream) == seen

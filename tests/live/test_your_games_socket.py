"""The "Your games" socket (/ws/yours/, games.live.consumers.YourGamesConsumer): the header's badge and the
page's list follow the player's tables as they change, a turn-based table's new turn is told to the player,
and the socket takes part in heartbeats as a table's does."""

import json
import re

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from events import store
from games.live import heartbeats
from games.live.consumers import NOT_LOGGED_IN
from games.live.routing import websocket_urlpatterns
from games.play import broadcast, commands, game_state
from games.tables import bot_seating, lobby

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

application = URLRouter(websocket_urlpatterns)
DAY = 86400


def started(host, guest, **fields):
    table = lobby.create_table(host, "spank", 2, **fields)
    lobby.join_table(table, guest)
    lobby.start_table(table, host)
    return table


def awaits(table, user):
    game = game_state.load(table)
    return table.seats.get(user=user).number in game.engine.awaited_seats(game.state)


def move_until_awaited(table, user):
    """Whoever the table waits on plays their first legal command until it waits on ``user``."""
    for _ in range(200):
        if awaits(table, user):
            return
        game = game_state.load(table)
        seat = game.engine.view(game.state, None)["to_move"]
        command = game.engine.legal_commands(game.state, seat)[0]
        commands.submit(table, table.seats.get(number=seat).user, command, store.current_version(table.stream))
    raise AssertionError("the table never waited on that player")


async def connect(user, path="/ws/yours/"):
    communicator = WebsocketCommunicator(application, path)
    communicator.scope["user"] = user
    communicator.scope["session"] = {}
    connected, code = await communicator.connect()
    return communicator, connected, code


def badge_count(frame):
    """The count the badge shows, 0 when hidden."""
    assert '<span id="your-games-badge">' in frame
    shown = re.search(r'<span class="badge badge-turn" aria-hidden="true">(\d+)</span>', frame)
    return int(shown.group(1)) if shown else 0


async def frames_until(communicator, wanted, limit=10):
    """Read frames until one satisfies ``wanted`` (a move may send a frame per change); that frame."""
    for _ in range(limit):
        frame = await communicator.receive_from(timeout=10)
        if wanted(frame):
            return frame
    raise AssertionError("no such frame came")


async def test_a_visitor_without_an_account_is_refused():
    _, connected, code = await connect(AnonymousUser())
    assert not connected and code == NOT_LOGGED_IN


async def test_the_badge_follows_the_opponents_move(alice, bob):
    table = await sync_to_async(started)(alice, bob)
    await sync_to_async(move_until_awaited)(table, bob)
    socket, connected, _ = await connect(alice)
    assert connected
    first = await socket.receive_from(timeout=10)
    assert badge_count(first) == 0 and 'id="your-games-list"' not in first  # not the Your games page
    await sync_to_async(move_until_awaited)(table, alice)  # Bob moves until it is Alice's turn
    frame = await frames_until(socket, lambda frame: badge_count(frame) == 1)
    assert "1 game awaits your move" in frame
    await socket.disconnect()


async def test_the_list_follows_the_tables_and_a_frame_is_sent_only_when_it_changed(alice, bob, carol):
    table = await sync_to_async(started)(alice, bob)
    await sync_to_async(move_until_awaited)(table, bob)
    socket, _, _ = await connect(alice, "/ws/yours/?list=1")
    first = await socket.receive_from(timeout=10)
    assert 'id="your-games-list"' in first and "Waiting for the others" in first and "Bob to move" in first
    open_table = await sync_to_async(lobby.create_table)(carol, "spank", 3, name="Carol's open game")
    assert await socket.receive_nothing(timeout=0.3)  # not Alice's table: her socket is not told
    await sync_to_async(lobby.join_table)(open_table, alice)
    frame = await frames_until(socket, lambda frame: "Waiting to start" in frame)
    assert "Carol&#x27;s open game" in frame and "2 of 3 seats taken" in frame
    await sync_to_async(lobby.join_table)(open_table, bob)  # someone else's seat at Alice's table: she is told
    await frames_until(socket, lambda frame: "3 of 3 seats taken" in frame)
    await socket.disconnect()


async def test_a_new_turn_at_a_turn_based_table_is_told(alice, bob):
    table = await sync_to_async(started)(alice, bob, move_time=DAY)
    await sync_to_async(move_until_awaited)(table, bob)
    socket, _, _ = await connect(alice)
    await socket.receive_from(timeout=10)
    await sync_to_async(move_until_awaited)(table, alice)
    told = await frames_until(socket, lambda frame: frame.startswith("{"))
    your_move = json.loads(told)["your_move"]
    assert your_move["table"] == str(table.id) and your_move["name"] == table.name
    assert your_move["url"] == f"/tables/{table.id}/" and isinstance(your_move["turn"], int)
    await socket.disconnect()


async def test_a_live_table_is_not_told_as_a_turn_and_a_socket_opened_on_ones_turn_is_no_news(alice, bob):
    live = await sync_to_async(started)(alice, bob)
    turn_based = await sync_to_async(started)(alice, bob, move_time=DAY)
    await sync_to_async(move_until_awaited)(live, bob)
    await sync_to_async(move_until_awaited)(turn_based, alice)
    socket, _, _ = await connect(alice)
    assert badge_count(await socket.receive_from(timeout=10)) == 1  # already Alice's turn: no news
    await sync_to_async(move_until_awaited)(live, alice)
    await frames_until(socket, lambda frame: badge_count(frame) == 2)
    assert await socket.receive_nothing(timeout=0.5)  # a live table's turn: its own page alerts
    await socket.disconnect()


async def test_the_socket_takes_part_in_heartbeats(alice):
    socket, _, _ = await connect(alice)
    await socket.receive_from(timeout=10)
    assert alice.pk not in heartbeats.players_around()
    await socket.send_to(text_data=heartbeats.PONG)
    await socket.receive_nothing(timeout=0.2)
    assert alice.pk in heartbeats.players_around()  # marked around once a minute (accounts.presence)
    await socket.disconnect()
    assert alice.pk not in heartbeats.players_around()


async def test_the_seated_people_are_told_and_bots_are_not(alice, bob):
    table = await sync_to_async(lobby.create_table)(alice, "spank", 2)
    await sync_to_async(bot_seating.add_bot)(table, alice)
    assert await sync_to_async(broadcast._people_at)(table.id, fresh=True) == (alice.pk,)

"""The table websocket: each seat gets its own view live; refusals go to the sender alone."""

import json
import re

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from games.live.consumers import NO_SUCH_TABLE
from games.live.routing import websocket_urlpatterns
from games.play import game_state
from games.tables import lobby

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

application = URLRouter(websocket_urlpatterns)


def _started_table(alice, bob, private=False):
    table = lobby.create_table(alice, "spank", 2, {}, private=private)
    lobby.join_table(table, bob)
    lobby.start_table(table, alice)
    return table


def _hands(table):
    game = game_state.load(table)
    return [game.engine.view(game.state, seat)["players"][seat]["hand"] for seat in (0, 1)]


async def _connect(user, table, invite=None):
    communicator = WebsocketCommunicator(application, f"/ws/tables/{table.id}/")
    communicator.scope["user"] = user
    communicator.scope["session"] = {"table_invites": {str(table.id): invite}} if invite else {}
    connected, code = await communicator.connect()
    return communicator, connected, code


def _version(html):
    return int(re.search(r'id="table-live"[^>]*data-version="(\d+)"', html).group(1))


def _legal(html):
    return json.loads(
        re.search(r'<script id="legal-commands" type="application/json">(.*?)</script>', html, re.S).group(1)
    )


async def _render_of(communicator):
    html = await communicator.receive_from(timeout=10)
    assert 'id="table-live"' in html
    return html


async def _send(communicator, command, expected_version):
    """What htmx's ws-send sends for the command form: its hx-vals as one JSON object, plus headers."""
    await communicator.send_to(
        text_data=json.dumps({"command": command, "expected_version": expected_version, "HEADERS": {}})
    )


async def _mover_and_idle(alice, bob):
    """Both seated players connected to a started table: ((socket, first render), ...), mover first."""
    table = await sync_to_async(_started_table)(alice, bob)
    pairs = []
    for user in (alice, bob):
        communicator, _, _ = await _connect(user, table)
        pairs.append((communicator, await _render_of(communicator)))
    return sorted(pairs, key=lambda pair: not _legal(pair[1]))


async def test_each_seat_gets_its_own_view_and_moves_appear_live(alice, bob, carol):
    table = await sync_to_async(_started_table)(alice, bob)
    sockets = {}
    for name, user in (("alice", alice), ("bob", bob), ("carol", carol)):
        sockets[name], connected, _ = await _connect(user, table)
        assert connected
    renders = {name: await _render_of(ws) for name, ws in sockets.items()}
    assert _legal(renders["carol"]) == []
    # Each seat's render holds its own hand and no other; the spectator's holds none.
    hands = await sync_to_async(_hands)(table)
    for name, seat in (("alice", 0), ("bob", 1)):
        assert sorted(re.findall(r'data-card="([^"]+)"', renders[name])) == sorted(hands[seat])
    assert "data-card=" not in renders["carol"]

    mover = next(name for name in ("alice", "bob") if _legal(renders[name]))
    version = _version(renders[mover])
    chosen = _legal(renders[mover])[0]
    await _send(sockets[mover], chosen, version)
    for name, ws in sockets.items():
        html = await _render_of(ws)
        assert _version(html) > version, name
    for ws in sockets.values():
        assert await ws.receive_nothing(timeout=0.2)
        await ws.disconnect()


async def test_a_refused_command_is_told_to_its_sender_alone(alice, bob):
    (mover, _), (idle, idle_render) = await _mover_and_idle(alice, bob)
    await _send(idle, {"type": "end_turn"}, _version(idle_render))
    refusal = await idle.receive_from(timeout=10)
    assert 'id="flash"' in refusal and "turn" in refusal.lower()
    assert await mover.receive_nothing(timeout=0.5)
    await idle.send_to(text_data="this is not json")
    assert "not valid JSON" in await idle.receive_from(timeout=10)
    await mover.disconnect()
    await idle.disconnect()


async def test_a_stale_version_refuses_and_resyncs_the_sender(alice, bob):
    (mover, render), (idle, _) = await _mover_and_idle(alice, bob)
    await _send(mover, _legal(render)[0], _version(render) - 1)
    assert "moved on" in await mover.receive_from(timeout=10)
    assert _version(await _render_of(mover)) == _version(render)
    await mover.disconnect()
    await idle.disconnect()


async def test_unseen_tables_are_closed_for_anyone_without_the_invite(alice, bob, carol):
    table = await sync_to_async(_started_table)(alice, bob, True)
    ws, connected, code = await _connect(AnonymousUser(), table)
    assert not connected and code == NO_SUCH_TABLE
    ws, connected, code = await _connect(carol, table)
    assert not connected and code == NO_SUCH_TABLE
    ws, connected, _ = await _connect(carol, table, invite=table.invite_token)
    assert connected
    await ws.disconnect()


async def test_the_lobby_updates_live_when_a_table_opens(alice, bob):
    communicator = WebsocketCommunicator(application, "/ws/lobby/")
    communicator.scope["user"] = bob
    connected, _ = await communicator.connect()
    assert connected
    assert 'id="lobby-tables"' in await communicator.receive_from(timeout=10)  # the list as it is, once joined
    table = await sync_to_async(lobby.create_table)(alice, "spank", 2)
    html = await communicator.receive_from(timeout=10)
    assert 'id="lobby-tables"' in html and f"/tables/{table.id}/" in html
    await communicator.disconnect()


async def test_a_lobby_socket_shows_a_table_that_opened_before_it_joined(alice, bob):
    """The page was drawn, then a table opened, then its socket connected (or reconnected): the socket
    shows the list as it is once it has joined, so the table is not missing until the next change."""
    table = await sync_to_async(lobby.create_table)(alice, "spank", 2)
    communicator = WebsocketCommunicator(application, "/ws/lobby/")
    communicator.scope["user"] = bob
    connected, _ = await communicator.connect()
    assert connected
    html = await communicator.receive_from(timeout=10)
    assert 'id="lobby-tables"' in html and f"/tables/{table.id}/" in html
    await communicator.disconnect()


async def test_the_lobby_updates_live_for_a_visitor_without_an_account_too(alice, bob):
    communicator = WebsocketCommunicator(application, "/ws/lobby/")
    communicator.scope["user"], communicator.scope["session"] = AnonymousUser(), {}
    connected, _ = await communicator.connect()
    assert connected
    assert 'id="lobby-tables"' in await communicator.receive_from(timeout=10)
    table = await sync_to_async(lobby.create_table)(alice, "spank", 2)
    html = await communicator.receive_from(timeout=10)
    assert 'id="lobby-tables"' in html and f"/tables/{table.id}/" in html and "Your tables" not in html
    await sync_to_async(lobby.join_table)(table, bob)
    await sync_to_async(lobby.start_table)(table, alice)
    while True:  # a frame for the join, then one for the start
        in_play = (await communicator.receive_from(timeout=10)).split("Games in play", 1)[1]
        if f"/tables/{table.id}/" in in_play:
            break
    assert "Alice, Bob" in in_play and "turn 1" in in_play
    await communicator.disconnect()

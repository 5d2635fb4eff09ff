"""Sockets live as long as their session: idle ones stay up through Redis; logging out, or ending the session
from another one's sessions page, closes them."""

import asyncio
import json
import re

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from games.live.consumers import NOT_LOGGED_IN
from games.live.routing import application
from games.tables import lobby

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

# As config.asgi serves it, less the origin check: the session cookie decides who is connected.


def _logged_in_client(user):
    client = Client()
    client.force_login(user)
    return client


async def _connect(client, path):
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    communicator = WebsocketCommunicator(application, path, headers=[(b"cookie", cookie.encode())])
    connected, code = await communicator.connect()
    return communicator, connected, code


def _started_table(host, guest):
    table = lobby.create_table(host, "spank", 2, {})
    lobby.join_table(table, guest)
    lobby.start_table(table, host)
    return table


def _version_and_legal(html):
    version = int(re.search(r'id="table-live"[^>]*data-version="(\d+)"', html).group(1))
    legal = json.loads(re.search(r'<script id="legal-commands" type="application/json">(.*?)</script>', html, re.S)[1])
    return version, legal


async def _watches_only(client, table):
    """``client``'s cookie, whose session ended, opens a watcher's socket only: no seat, nothing to send."""
    watcher, connected, _ = await _connect(client, f"/ws/tables/{table.id}/")
    assert connected
    html = await watcher.receive_from(timeout=10)
    assert 'data-seat=""' in html and _version_and_legal(html)[1] == []
    await watcher.disconnect()


async def test_logging_out_closes_that_sessions_sockets_and_no_other(alice, bob):
    table = await sync_to_async(_started_table)(alice, bob)
    laptop = await sync_to_async(_logged_in_client)(alice)
    phone = await sync_to_async(_logged_in_client)(alice)
    laptop_table, connected, _ = await _connect(laptop, f"/ws/tables/{table.id}/")
    assert connected
    laptop_lobby, connected, _ = await _connect(laptop, "/ws/lobby/")
    assert connected
    await laptop_lobby.receive_from(timeout=10)  # the lobby as it is, once joined
    phone_table, connected, _ = await _connect(phone, f"/ws/tables/{table.id}/")
    assert connected
    await laptop_table.receive_from(timeout=10)
    await phone_table.receive_from(timeout=10)

    response = await sync_to_async(laptop.post)("/accounts/logout/")
    assert response.status_code == 302

    for socket in (laptop_table, laptop_lobby):
        output = await socket.receive_output(timeout=10)
        assert output == {"type": "websocket.close", "code": NOT_LOGGED_IN}
    assert await phone_table.receive_nothing(timeout=0.5)
    await _watches_only(laptop, table)  # the logged-out browser's old cookie
    await phone_table.disconnect()


def _browser(user):
    """Logged in through the log-in page, so that the sessions page lists this session."""
    client = Client()
    assert (
        client.post("/accounts/login/", {"login": user.username, "password": "a-long-test-password"}).status_code == 302
    )
    return client


def _listed_session(client):
    from allauth.usersessions.models import UserSession

    return UserSession.objects.get(session_key=client.session.session_key).pk


async def test_a_session_ended_from_another_ones_sessions_page_closes_its_sockets_and_no_other(alice, bob):
    table = await sync_to_async(_started_table)(alice, bob)
    laptop = await sync_to_async(_browser)(alice)
    phone = await sync_to_async(_browser)(alice)
    laptop_table, connected, _ = await _connect(laptop, f"/ws/tables/{table.id}/")
    assert connected
    phone_table, connected, _ = await _connect(phone, f"/ws/tables/{table.id}/")
    assert connected
    await laptop_table.receive_from(timeout=10)
    await phone_table.receive_from(timeout=10)

    laptop_session = await sync_to_async(_listed_session)(laptop)
    response = await sync_to_async(phone.post)("/accounts/sessions/", {"session": laptop_session})
    assert response.status_code == 302

    assert await laptop_table.receive_output(timeout=10) == {"type": "websocket.close", "code": NOT_LOGGED_IN}
    assert await phone_table.receive_nothing(timeout=0.5)
    await _watches_only(laptop, table)  # the ended session's cookie
    await phone_table.disconnect()


async def test_idle_sockets_stay_up_through_redis_for_over_a_minute(alice, bob, carol):
    assert settings.CHANNEL_LAYERS["default"]["BACKEND"] == "games.overrides.channels_redis.RedisGroupsLayer", (
        "make test runs with REDIS_URL set"
    )
    table = await sync_to_async(_started_table)(alice, bob)
    clients = {user: await sync_to_async(_logged_in_client)(user) for user in (alice, bob, carol)}
    sockets = {}
    for user, client in clients.items():
        sockets[user], connected, _ = await _connect(client, f"/ws/tables/{table.id}/")
        assert connected
    first = {user: await socket.receive_from(timeout=10) for user, socket in sockets.items()}
    lobby_socket, connected, _ = await _connect(clients[carol], "/ws/lobby/")
    assert connected
    await lobby_socket.receive_from(timeout=10)

    await asyncio.sleep(65)

    for socket in [*sockets.values(), lobby_socket]:
        assert not socket.future.done(), socket.future.exception()
        assert await socket.receive_nothing(timeout=0.1)
    # Still live: a move reaches every seat and the watcher.
    mover = next(user for user in (alice, bob) if _version_and_legal(first[user])[1])
    version, legal = _version_and_legal(first[mover])
    await sockets[mover].send_to(text_data=json.dumps({"command": legal[0], "expected_version": version}))
    for socket in sockets.values():
        assert _version_and_legal(await socket.receive_from(timeout=10))[0] > version
    for socket in [*sockets.values(), lobby_socket]:
        await socket.disconnect()

"""Watching without an account: public tables for anyone, private ones with their invite link, read only.

The page, the websocket and the REST reads give a visitor the watcher's view (seat None: no hand, nothing
offered); whatever it tries to send is refused with a sentence, and changes nothing.
"""

import json
import re

import pytest
from api_helpers import client_for
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from rest_framework.test import APIClient

from games.live.consumers import NO_SUCH_TABLE, WATCHING_ONLY
from games.live.routing import websocket_urlpatterns
from games.play import commands, game_state
from games.tables import lobby

application = URLRouter(websocket_urlpatterns)
PASSWORD = "a-long-test-password"


def _started(host, guest, private=False, game="spank", more=()):
    table = lobby.create_table(host, game, 2 + len(more), {}, private=private)
    for user in (guest, *more):
        lobby.join_table(table, user)
    lobby.start_table(table, host)
    return table


def _live(html):
    """(version, seat, legal commands, board targets) of a table-live rendering."""
    version, seat = re.search(r'id="table-live"[^>]*data-version="(\d+)" data-seat="([^"]*)"', html).groups()
    legal = json.loads(re.search(r'<script id="legal-commands" type="application/json">(.*?)</script>', html, re.S)[1])
    targets = json.loads(re.search(r'<script id="board-targets" type="application/json">(.*?)</script>', html, re.S)[1])
    return int(version), seat, legal, targets


def _assert_watchers_view(html):
    _, seat, legal, targets = _live(html)
    assert seat == "" and legal == [] and targets == {"targets": {}, "commands": {}, "playable": []}
    assert "data-card=" not in html  # no hand drawn (a hand's cards are its buttons)


# --- the page ----------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_anyone_may_watch_a_public_table_page_without_an_account(client, alice, bob):
    table = _started(alice, bob)
    response = client.get(f"/tables/{table.id}/")
    assert response.status_code == 200
    page = response.content.decode()
    _assert_watchers_view(page)
    assert "(you are watching)" in page and f'ws-connect="/ws/tables/{table.id}/"' in page
    assert "Join as a late joiner" not in page


@pytest.mark.django_db
def test_a_visitor_at_an_open_table_is_asked_to_log_in_not_offered_a_seat(client, alice):
    table = lobby.create_table(alice, "spank", 2)
    page = client.get(f"/tables/{table.id}/").content.decode()
    assert "Take a seat" not in page and "Invite link" not in page and "Start the game" not in page
    assert f'href="/accounts/login/?next=/tables/{table.id}/"' in page


@pytest.mark.django_db
def test_a_private_table_is_watched_with_its_invite_link_only(alice, bob, carol):
    table = _started(alice, bob, private=True)
    visitor = Client()
    assert visitor.get(f"/tables/{table.id}/").status_code == 404
    assert visitor.get("/invite/not-the-token/").status_code == 404
    response = visitor.get(f"/invite/{table.invite_token}/")
    assert response.status_code == 302 and response["Location"] == f"/tables/{table.id}/"
    response = visitor.get(f"/tables/{table.id}/")
    assert response.status_code == 200
    _assert_watchers_view(response.content.decode())
    # The lobby still does not list it, for anyone.
    assert f"/tables/{table.id}/" not in visitor.get("/lobby/").content.decode()
    assert f"/tables/{table.id}/" not in Client().get("/lobby/").content.decode()


@pytest.mark.django_db
def test_the_invite_kept_by_a_visitor_survives_logging_in_and_lets_them_join(alice, make_user):
    table = lobby.create_table(alice, "spank", 2, private=True)
    dora = make_user("dora", password=PASSWORD)
    browser = Client()
    browser.get(f"/invite/{table.invite_token}/")
    page = browser.get(f"/tables/{table.id}/").content.decode()
    assert f"/accounts/login/?next=/tables/{table.id}/" in page
    response = browser.post(f"/accounts/login/?next=/tables/{table.id}/", {"login": "dora", "password": PASSWORD})
    assert response["Location"] == f"/tables/{table.id}/"
    assert "Take a seat" in browser.get(f"/tables/{table.id}/").content.decode()
    browser.post(f"/tables/{table.id}/join/")
    assert table.seat_of(dora) == 1


# --- the lobby -------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_lobby_lists_the_games_in_play_to_anyone_with_players_and_progress(client, alice, bob, carol, make_user):
    spank = _started(alice, bob)
    spite = lobby.create_table(carol, "spite", 3, {"rounds": 3})
    for user in (make_user("dora"), make_user("eve")):
        lobby.join_table(spite, user)
    lobby.start_table(spite, carol)
    hidden = _started(make_user("finn"), make_user("gus"), private=True)
    waiting = lobby.create_table(make_user("hal"), "spite_and_malice", 2)

    page = client.get("/lobby/").content.decode()
    in_play = page.split('id="games-in-play-title"', 1)[1]
    rows = {
        table: (name, meta)
        for table, name, meta in re.findall(
            r'<a href="/tables/([^/]+)/"><strong>(.*?)</strong></a>\s*<span class="meta">(.*?)</span>', in_play, re.S
        )
    }
    assert rows[str(spank.id)] == ("Alice&#x27;s Spank! table", "Spank! · Alice, Bob · turn 1, best score 0 of 1000")
    assert rows[str(spite.id)][0] == "Carol&#x27;s Spite table"
    assert rows[str(spite.id)][1].startswith("Spite · Carol, Dora, Eve · round 1 of 3")
    for table in (spank, spite):  # a table is called by its name: its id is only in its links
        assert table.short_id not in in_play.replace(str(table.id), "")
    assert str(hidden.id) not in page and str(waiting.id) not in in_play
    assert str(waiting.id) in page  # an open table, to join after logging in
    assert 'name="seat_count"' not in page and "Log in</a> or" in page  # creating needs an account


@pytest.mark.django_db
def test_a_logged_in_lobby_lists_the_games_in_play_too_their_own_among_them(client, alice, bob):
    table = _started(alice, bob)
    client.force_login(alice)
    page = client.get("/lobby/").content.decode()
    assert f"/tables/{table.id}/" in page.split('id="games-in-play-title"', 1)[1]
    assert 'name="seat_count"' in page


# --- REST ------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_rest_reads_of_a_public_table_need_no_account(alice, bob):
    table = _started(alice, bob)
    anyone = APIClient()
    view = anyone.get(f"/api/tables/{table.id}/view/")
    assert view.status_code == 200
    body = view.json()
    assert body["seat"] is None and body["legal_commands"] == [] and body["host_commands"] == []
    assert all("hand" not in player for player in body["view"]["players"])
    events = anyone.get(f"/api/tables/{table.id}/events/")
    assert events.status_code == 200 and events.json()
    assert events.json() == client_for(_watcher(table)).get(f"/api/tables/{table.id}/events/").json()
    detail = anyone.get(f"/api/tables/{table.id}/")
    assert detail.status_code == 200 and detail.json()["your_seat"] is None and detail.json()["invite_url"] is None
    assert str(table.id) in {row["id"] for row in anyone.get("/api/tables/").json()}


def _watcher(table):
    from accounts.models import User

    return User.objects.create_user(username="watcher", password=PASSWORD, display_name="Watcher")


@pytest.mark.django_db
def test_the_rest_reads_of_a_private_table_need_its_invite(alice, bob):
    table = _started(alice, bob, private=True)
    anyone = APIClient()
    for path in ("", "view/", "events/"):
        assert anyone.get(f"/api/tables/{table.id}/{path}").status_code == 404
        assert anyone.get(f"/api/tables/{table.id}/{path}?invite=wrong-token").status_code == 404
        assert anyone.get(f"/api/tables/{table.id}/{path}?invite={table.invite_token}").status_code == 200
    assert str(table.id) not in {row["id"] for row in anyone.get("/api/tables/").json()}


@pytest.mark.django_db
def test_a_visitor_cannot_send_a_command_over_rest(alice, bob):
    table = _started(alice, bob)
    version = game_state.load(table).version
    response = APIClient().post(
        f"/api/tables/{table.id}/commands/",
        {"command": {"type": "end_turn"}, "expected_version": version},
        format="json",
    )
    assert response.status_code == 401 and response.json()["detail"]
    game_state.forget_all()
    assert game_state.load(table).version == version


# --- the websocket ---------------------------------------------------------------------------------


async def _connect(user, table, session=None):
    socket = WebsocketCommunicator(application, f"/ws/tables/{table.id}/")
    socket.scope["user"], socket.scope["session"] = user, session or {}
    connected, code = await socket.connect()
    return socket, connected, code


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_visitor_watches_live_and_every_command_it_sends_is_refused(alice, bob):
    table = await sync_to_async(_started)(alice, bob)
    visitor, connected, _ = await _connect(AnonymousUser(), table)
    assert connected
    first = await visitor.receive_from(timeout=10)
    _assert_watchers_view(first)
    version = _live(first)[0]

    # It may send nothing: a command (even one the seat to act could send) is refused with a sentence.
    seat_socket, _, _ = await _connect(alice, table)
    alice_view = await seat_socket.receive_from(timeout=10)
    for command in _live(alice_view)[2][:1] or [{"type": "end_turn"}]:
        await visitor.send_to(text_data=json.dumps({"command": command, "expected_version": version}))
        refusal = await visitor.receive_from(timeout=10)
        assert 'id="flash"' in refusal and WATCHING_ONLY.split(";")[0] in refusal
    await visitor.send_to(text_data="not even JSON")
    assert WATCHING_ONLY.split(";")[0] in await visitor.receive_from(timeout=10)
    assert await seat_socket.receive_nothing(timeout=0.3)  # nothing happened at the table
    assert (await sync_to_async(game_state.load)(table)).version == version

    # A seat's move reaches the visitor live, as the watcher's view.
    mover = alice if _live(alice_view)[2] else bob
    mover_socket = seat_socket if mover is alice else (await _connect(bob, table))[0]
    mover_view = alice_view if mover is alice else await mover_socket.receive_from(timeout=10)
    command = next(c for c in _live(mover_view)[2] if c["type"] != "start_countdown")
    await mover_socket.send_to(text_data=json.dumps({"command": command, "expected_version": version}))
    while True:
        html = await visitor.receive_from(timeout=10)
        if 'id="table-live"' in html and _live(html)[0] > version:
            break
    _assert_watchers_view(html)
    for socket in {visitor, seat_socket, mover_socket}:
        await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_visitors_socket_to_a_private_table_needs_the_invite_in_its_session(alice, bob):
    table = await sync_to_async(_started)(alice, bob, True)
    _, connected, code = await _connect(AnonymousUser(), table)
    assert not connected and code == NO_SUCH_TABLE
    _, connected, code = await _connect(AnonymousUser(), table, {"table_invites": {str(table.id): "wrong"}})
    assert not connected and code == NO_SUCH_TABLE
    visitor, connected, _ = await _connect(
        AnonymousUser(), table, {"table_invites": {str(table.id): table.invite_token}}
    )
    assert connected
    _assert_watchers_view(await visitor.receive_from(timeout=10))
    await visitor.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_visitor_and_a_logged_in_watcher_are_drawn_apart(alice, bob, carol, make_user):
    """One rendering per kind of viewer is shared by the connections shown the same snapshot (after a
    move): a user without a seat is offered a late join, a visitor is not."""
    dora = await sync_to_async(make_user)("dora")
    table = await sync_to_async(_started)(alice, bob, game="spite", more=[dora])
    visitor, _, _ = await _connect(AnonymousUser(), table)
    user, _, _ = await _connect(carol, table)
    version = _live(await visitor.receive_from(timeout=10))[0]
    await user.receive_from(timeout=10)
    await sync_to_async(_any_move)(table)  # one broadcast, one snapshot for both
    visitor_html, user_html = await visitor.receive_from(timeout=10), await user.receive_from(timeout=10)
    assert _live(visitor_html)[0] == _live(user_html)[0] > version
    assert "Join as a late joiner" in user_html and "Join as a late joiner" not in visitor_html
    await visitor.disconnect()
    await user.disconnect()


def _any_move(table):
    """A move by a seat that may act now (in Spite's opening, any seat holding the asked rank)."""
    game = game_state.load(table)
    seat, command = next(
        (seat, command)
        for seat in range(game.engine.seat_count(game.state))
        for command in game.engine.legal_commands(game.state, seat)
        if command["type"] not in ("start_countdown", "call_misplay")
    )
    commands.submit(table, table.seated_users()[seat], command, game.version)

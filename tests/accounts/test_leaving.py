"""'Download my data' and 'Delete my account': what the download holds (and no other seat's hidden cards),
the password asked first and throttled, and a deletion that leaves the games as they were played, with
the player's name gone from every page and payload that showed it, the event log untouched, and their
games in play resigned."""

import json
import random

import pytest
from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from allauth.usersessions.models import UserSession
from api_helpers import client_for
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from command_path_helpers import played_to_the_end
from django.conf import settings
from django.contrib.auth.models import Permission
from django.contrib.sessions.models import Session
from django.test import Client
from reviews_helpers import misplay_ruling
from staff_helpers import give_totp, pass_second_factor

from accounts import leaving, tokens
from accounts.models import FORMER_PLAYER, User
from accounts.signals import session_ended
from events import store
from events.models import Event
from games.live.consumers import NOT_LOGGED_IN
from games.live.routing import application
from games.models import QueuedPlayer, Table
from games.play import commands, game_state
from games.replay import record as records
from games.tables import chat, lobby, play_now, rematch
from ratings import recording
from reviews.models import Dispute

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-test-password"
USERNAME, NAME = "marlow_q", "Marlow Quince"  # found in no page, card or sentence of the site by chance


@pytest.fixture
def marlow(make_user):
    return make_user(USERNAME, NAME)


@pytest.fixture
def staff(make_user):
    user = make_user("referee", "Referee")
    user.is_staff = True
    user.save()
    return user


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


def started(game, players, options=None, seed=3):
    table = lobby.create_table(players[0], game, len(players), options or {})
    for user in players[1:]:
        lobby.join_table(table, user)
    lobby.start_table(table, players[0], rng=random.Random(seed))
    table.refresh_from_db()
    return table


def finished(players):
    """A rated Spite & Malice game between ``players``, played to its end."""
    table = played_to_the_end(started("spite_and_malice", players, {"win_pile": 5}))
    recording.rate(table)
    return table


def download(user):
    response = logged_in(user).get("/accounts/profile/my-data.json")
    assert response.status_code == 200, response.content
    return response


def delete(user, password=PASSWORD, client=None):
    client = client or logged_in(user)
    return client, client.post("/accounts/profile/delete/", {"password": password})


def every_event():
    return {row["id"]: row for row in Event.objects.values("id", "stream", "version", "payload", "actor_user", "hash")}


def names_in(text, *names):
    lowered = text.lower()
    return [name for name in names if name.lower() in lowered]


# --- Download my data ------------------------------------------------------------------------------------


def test_the_download_is_an_attachment_named_for_the_player_and_needs_a_login(client, marlow):
    assert client.get("/accounts/profile/my-data.json")["Location"].startswith("/accounts/login/")
    response = download(marlow)
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == f'attachment; filename="cardroom-{USERNAME}-data.json"'
    assert logged_in(marlow).post("/accounts/profile/my-data.json").status_code == 405


def test_the_download_holds_the_account_its_addresses_keys_and_tokens_but_no_secret(marlow):
    EmailAddress.objects.create(user=marlow, email="marlow@example.com", verified=True, primary=True)
    EmailAddress.objects.create(user=marlow, email="old@example.com", verified=False, primary=False)
    Authenticator.objects.create(user=marlow, type=Authenticator.Type.TOTP, data={"secret": "TOTPSECRETVALUE"})
    token, key = tokens.create(marlow, "my script")
    marlow.turn_sound = True
    marlow.save()

    response = download(marlow)
    body = response.json()
    assert body["format"] == "cardroom-my-data" and body["version"] == 1
    account = body["account"]
    assert account["username"] == USERNAME and account["display_name"] == NAME
    assert account["joined"].startswith(str(marlow.date_joined.year))
    assert account["preferences"] == {"turn_sound": True, "show_last_seen": True, "turn_emails": False}
    assert account["email_addresses"] == [
        {"email": "marlow@example.com", "verified": True, "primary": True},
        {"email": "old@example.com", "verified": False, "primary": False},
    ]
    assert [key["type"] for key in account["two_factor"]] == ["totp"]
    assert [t["name"] for t in account["api_tokens"]] == ["my script"]
    text = response.content.decode()
    for secret in ("TOTPSECRETVALUE", key, token.key_hash, marlow.password):
        assert secret not in text


def test_the_download_holds_each_table_with_its_game_from_the_players_seat_their_chat_disputes_and_ratings(
    marlow, bob, carol
):
    done = finished([marlow, bob])
    chat.post(done, marlow, "good game, well played")
    chat.post(done, bob, "thanks, you too")
    running = started("spank", [bob, marlow])
    ruled, version = misplay_ruling([carol, marlow, bob])  # Marlow misplays at seat 1, Bob calls it
    client_for(marlow).post(
        f"/api/tables/{ruled.id}/disputes/", {"version": version, "text": "Those jacks were legal."}, format="json"
    )

    body = download(marlow).json()
    tables = {table["id"]: table for table in body["tables"]}
    assert set(tables) == {str(done.id), str(running.id), str(ruled.id)}
    assert tables[str(done.id)]["seat"] == 0 and tables[str(done.id)]["hosted"] is True
    assert tables[str(done.id)]["record"] == json.loads(json.dumps(records.record(done)))
    assert "record" not in tables[str(running.id)]

    # A game in play: the events as Marlow's seat may read them, as the API serves them to that seat,
    # and so without Bob's hand.
    served = client_for(marlow).get(f"/api/tables/{running.id}/events/").json()
    assert tables[str(running.id)]["events_as_your_seat"] == served
    deal = store.read(running.stream)[0].payload
    seen_deal = next(e for e in tables[str(running.id)]["events_as_your_seat"] if e["type"] == "dealt")["event"]
    assert seen_deal["hands"] == [None, deal["hands"][1]] and "stock" not in seen_deal

    assert [(line["table"], line["text"]) for line in body["chat"]] == [(str(done.id), "good game, well played")]
    assert [(d["table"], d["ruling"], d["text"], d["status"]) for d in body["disputes"]] == [
        (str(ruled.id), version, "Those jacks were legal.", "open")
    ]
    assert [r["game"] for r in body["ratings"]["current"]] == ["spite_and_malice"]
    assert [c["table"] for c in body["ratings"]["changes"]] == [str(done.id)]
    assert "thanks, you too" not in json.dumps(body)  # Bob's line is Bob's


# --- Delete my account: the page and the password -----------------------------------------------------------


def test_the_confirmation_page_says_what_follows_and_needs_a_login(client, marlow):
    assert client.get("/accounts/profile/delete/")["Location"].startswith("/accounts/login/")
    page = logged_in(marlow).get("/accounts/profile/delete/").content.decode()
    assert "cannot be undone" in page and "a former player" in page and "resign" in page
    assert 'name="password"' in page
    profile = logged_in(marlow).get("/accounts/profile/").content.decode()
    assert 'href="/accounts/profile/my-data.json"' in profile and 'href="/accounts/profile/delete/"' in profile


def test_a_wrong_password_keeps_the_account(marlow):
    client, response = delete(marlow, "not-my-password")
    assert response.status_code == 400
    assert "That is not your password" in response.content.decode()
    marlow.refresh_from_db()
    assert marlow.deleted_at is None and marlow.username == USERNAME and marlow.is_active
    assert client.get("/accounts/profile/").status_code == 200


def test_wrong_passwords_are_throttled_like_log_ins(marlow):
    client = logged_in(marlow)
    statuses = [delete(marlow, "not-my-password", client)[1].status_code for _ in range(12)]
    assert statuses[0] == 400 and statuses[-1] == 429
    # Locked out, even the right password is refused, and nothing is deleted.
    _, response = delete(marlow, PASSWORD, client)
    assert response.status_code == 429 and response["Retry-After"]
    marlow.refresh_from_db()
    assert marlow.deleted_at is None


# --- Delete my account: what goes -----------------------------------------------------------------------


def test_deleting_removes_the_login_every_contact_and_logs_out(marlow, bob):
    EmailAddress.objects.create(user=marlow, email="marlow@example.com", verified=True, primary=True)
    tokens.create(marlow, "my script")
    marlow.user_permissions.add(Permission.objects.get(codename="reviewer"))
    laptop, phone = Client(), Client()
    for browser in (laptop, phone):
        assert browser.post("/accounts/login/", {"login": USERNAME, "password": PASSWORD}).status_code == 302
    give_totp(marlow)
    assert UserSession.objects.filter(user=marlow).count() == 2
    ended = []

    def note(sender, user_id, session_key, **kwargs):
        ended.append((user_id, session_key))

    session_ended.connect(note)
    try:
        _, response = delete(marlow, client=laptop)
    finally:
        session_ended.disconnect(note)

    assert response.status_code == 302 and response["Location"] == "/"
    home = laptop.get("/")
    assert "Your account is deleted" in home.content.decode()
    assert not home.wsgi_request.user.is_authenticated
    assert not phone.get("/accounts/profile/").wsgi_request.user.is_authenticated

    gone = User.objects.get(pk=marlow.pk)
    assert gone.deleted_at is not None and gone.shown_name == FORMER_PLAYER and str(gone) == FORMER_PLAYER
    assert gone.username != USERNAME and gone.username.startswith(leaving.PLACEHOLDER_PREFIX)
    assert len(gone.username) > 24  # a placeholder nobody guesses
    assert gone.display_name == "" and gone.email == ""
    assert not gone.has_usable_password() and not gone.is_active and gone.last_seen is None
    assert not gone.user_permissions.exists()
    for rows in (EmailAddress, Authenticator, UserSession):
        assert not rows.objects.filter(user=gone).exists()
    assert not gone.api_tokens.exists()
    assert {user_id for user_id, _ in ended} == {marlow.pk} and len(ended) == 2
    assert not Session.objects.filter(session_key__in=[key for _, key in ended]).exists()

    # Nobody logs in as the player any more, and the user name is free again.
    assert not Client().login(username=USERNAME, password=PASSWORD)
    assert Client().get(f"/accounts/players/{USERNAME}/").status_code == 404
    assert Client().get(f"/accounts/players/{gone.username}/").status_code == 404
    assert User.objects.create_user(username=USERNAME, password="another-long-password").pk != marlow.pk


def test_a_player_with_finished_games_only_leaves_the_event_log_as_it_was(marlow, bob):
    done = finished([marlow, bob])
    chat.post(done, marlow, "good game")
    before = every_event()
    _, response = delete(marlow)
    assert response.status_code == 302
    assert every_event() == before
    assert Table.objects.get(pk=done.pk).status == "finished"


def test_a_two_player_game_in_play_is_resigned_and_the_opponent_wins(marlow, bob):
    running = started("spank", [bob, marlow])
    delete(marlow)
    running.refresh_from_db()
    game = game_state.load(running)
    assert running.status == "finished" and game.engine.winners(game.state) == [0]
    resigned = Event.objects.get(stream=running.stream, type="resigned")
    assert resigned.actor_user_id == marlow.pk and resigned.payload == {"type": "resigned", "seat": 1, "winner": 0}


def test_with_more_opponents_a_bot_plays_the_resigned_seat_and_the_game_goes_on(marlow, bob, carol):
    running = started("spank", [bob, marlow, carol])
    delete(marlow)
    running.refresh_from_db()
    game = game_state.load(running)
    assert running.status == "running" and not game.engine.is_over(game.state)
    assert 1 in game.state.clock.resigned and 1 in game.engine.seats_with_bot(game.state)


def test_open_tables_are_left_and_those_hosted_close_and_hosted_names_name_nobody(marlow, bob, carol):
    hosted = lobby.create_table(marlow, "spank", 3, {})
    lobby.join_table(hosted, bob)
    joined = lobby.create_table(carol, "spank", 2, {})
    lobby.join_table(joined, marlow)
    named = lobby.create_table(marlow, "spite_and_malice", 2, {}, name=f"{NAME}'s late-night table")
    assert hosted.name == f"{NAME}'s Spank! table"

    delete(marlow)

    hosted.refresh_from_db(), joined.refresh_from_db(), named.refresh_from_db()
    assert hosted.status == "closed" and named.status == "closed"
    assert joined.status == "open" and joined.seat_of(marlow) is None
    assert hosted.name == "a former player's Spank! table" and named.name == "a former player's Spite & Malice table"
    assert joined.name == "Carol's Spank! table"


def test_a_rematch_offer_is_declined_and_the_play_now_queue_left(marlow, bob):
    running = started("spank", [bob, marlow])
    commands.submit(running, marlow, {"type": "resign"}, None)
    offered = rematch.offer_rematch(Table.objects.get(pk=running.pk), bob)
    assert list(offered.awaiting.all()) == [marlow]
    play_now.join(marlow, "spite_and_malice", 4)
    assert QueuedPlayer.objects.filter(user=marlow).exists()

    delete(marlow)

    assert not offered.awaiting.exists() and offered.status == "open"
    assert not QueuedPlayer.objects.filter(user=marlow).exists()


def test_a_table_too_busy_to_resign_at_keeps_the_account(marlow, bob, monkeypatch):
    running = started("spank", [bob, marlow])

    def busy(*args, **kwargs):
        raise commands.Conflict("The table is too busy to take that just now; please send it again.")

    monkeypatch.setattr(commands, "submit", busy)
    _, response = delete(marlow)
    assert response.status_code == 409 and "Your account was not deleted" in response.content.decode()
    marlow.refresh_from_db()
    assert marlow.deleted_at is None and marlow.username == USERNAME
    assert Table.objects.get(pk=running.pk).status == "running"


# --- "A former player" everywhere ------------------------------------------------------------------------


def test_after_deleting_no_page_or_payload_names_the_player_and_the_log_is_kept(marlow, bob, carol, staff):
    done = finished([marlow, bob])
    chat.post(done, marlow, "good game, well played")
    ruled, version = misplay_ruling([carol, marlow, bob])  # a Spite match in play, Marlow at seat 1
    response = client_for(marlow).post(
        f"/api/tables/{ruled.id}/disputes/", {"version": version, "text": "Those jacks were legal."}, format="json"
    )
    assert response.status_code == 201, response.content
    dispute = Dispute.objects.get()
    waiting = lobby.create_table(bob, "spank", 3, {})
    lobby.join_table(waiting, marlow)
    before = every_event()
    named_before = {
        url for url, body in _pages(done, ruled, dispute, bob, carol, staff).items() if names_in(body, NAME)
    }
    assert NAMED_BEFORE <= named_before, NAMED_BEFORE - named_before

    _, response = delete(marlow)
    assert response.status_code == 302

    after = every_event()
    assert {key: after[key] for key in before} == before  # every event kept as it was
    added = [after[key] for key in sorted(set(after) - set(before))]
    assert [(row["stream"], row["payload"]["type"]) for row in added if row["stream"] == ruled.stream] == [
        (ruled.stream, "resigned")
    ]
    assert {row["stream"] for row in added} == {ruled.stream}
    assert not names_in(json.dumps([row["payload"] for row in after.values()]), NAME, USERNAME)

    pages = _pages(done, ruled, dispute, bob, carol, staff)
    for url, body in pages.items():
        assert not names_in(body, NAME, USERNAME), f"{url} still names the player"
    for url in NAMED_BEFORE - {"/leaderboards/spite_and_malice/"}:
        assert FORMER_PLAYER in pages[url], f"{url} should say {FORMER_PLAYER}"
    # The player's own chat line stays, said by "a former player".
    assert [(line.name, line.text) for line in chat.lines(done)] == [(FORMER_PLAYER, "good game, well played")]
    # No link to a page that is gone: the history names a former player without one.
    assert "/accounts/players/former-" not in pages["/accounts/players/bob/"]
    # Off the leaderboards, which list players one can still meet.
    board = pages["/leaderboards/spite_and_malice/"]
    assert FORMER_PLAYER not in board and "Bob" in board


# Every page and payload that may show the player: its address, and who reads it ("as bob"; anyone without).
PAGES = [
    "/",
    "/tables/{done}/",
    "/tables/{done}/replay/?step=0&as=open",
    "/tables/{done}/replay/?as=1",
    "/tables/{done}/record.json",
    "/accounts/players/bob/",
    "/leaderboards/spite_and_malice/",
    "/api/tables/{done}/",
    "/api/tables/{done}/events/",
    "/api/tables/{done}/record/",
    "/api/tables/{done}/replay/",
    "/api/tables/{done}/replay/moves/",
    "/lobby/ as bob",
    "/accounts/profile/ as bob",
    "/accounts/profile/my-data.json as bob",
    "/api/tables/?status=finished as bob",
    "/api/tables/{ruled}/ as carol",
    "/tables/{ruled}/ as carol",
    "/api/tables/{ruled}/view/ as carol",
    "/api/tables/{ruled}/events/ as carol",
    "/api/tables/{ruled}/rulings/ as carol",
    "/reviews/ as staff",
    "/reviews/{dispute}/ as staff",
    "/reviews/log/ as staff",
    "/api/disputes/ as staff",
    "/api/disputes/{dispute}/ as staff",
    "/api/staff-log/ as staff",
]
# Those that name the player before: each names them no more afterwards, and calls them "a former player"
# instead (but the leaderboard, which leaves them out).
NAMED_BEFORE = {
    "/",
    "/tables/{done}/",
    "/tables/{done}/replay/?step=0&as=open",
    "/tables/{done}/replay/?as=1",
    "/tables/{done}/record.json",
    "/accounts/players/bob/",
    "/leaderboards/spite_and_malice/",
    "/api/tables/{done}/",
    "/api/tables/{done}/record/",
    "/lobby/ as bob",
    "/accounts/profile/ as bob",
    "/accounts/profile/my-data.json as bob",
    "/api/tables/?status=finished as bob",
    "/api/tables/{ruled}/ as carol",
    "/tables/{ruled}/ as carol",
    "/reviews/ as staff",
    "/reviews/{dispute}/ as staff",
    "/api/disputes/ as staff",
    "/api/disputes/{dispute}/ as staff",
}


def _pages(done, ruled, dispute, bob, carol, staff):
    """Each of PAGES as its reader is served it."""
    readers = {
        "": Client(),
        "bob": logged_in(bob),
        "carol": logged_in(carol),
        "staff": pass_second_factor(Client(), staff),
    }
    pages = {}
    for key in PAGES:
        url, _, who = key.partition(" as ")
        response = readers[who].get(url.format(done=done.id, ruled=ruled.id, dispute=dispute.pk))
        assert response.status_code == 200, (key, response.status_code)
        pages[key] = response.content.decode()
    return pages


# --- Live pages ----------------------------------------------------------------------------------------------


async def _socket(client, table):
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    socket = WebsocketCommunicator(application, f"/ws/tables/{table.id}/", headers=[(b"cookie", cookie.encode())])
    connected, _ = await socket.connect()
    assert connected
    return socket


async def _until_closed(socket):
    while True:
        output = await socket.receive_output(timeout=10)
        if output["type"] == "websocket.close":
            return output["code"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_deleting_closes_the_players_sockets_and_redraws_the_others_live_pages(marlow, bob):
    table = await sync_to_async(started)("spank", [bob, marlow])
    await sync_to_async(commands.submit)(table, bob, {"type": "resign"}, None)  # over: Marlow won
    laptop, phone, bobs = Client(), Client(), await sync_to_async(logged_in)(bob)
    for browser in (laptop, phone):
        await sync_to_async(browser.post)("/accounts/login/", {"login": USERNAME, "password": PASSWORD})
    sockets = [await _socket(browser, table) for browser in (laptop, phone, bobs)]
    for socket in sockets:
        assert NAME in await socket.receive_from(timeout=10)

    response = await sync_to_async(laptop.post)("/accounts/profile/delete/", {"password": PASSWORD})
    assert response.status_code == 302

    for socket in sockets[:2]:
        assert await _until_closed(socket) == NOT_LOGGED_IN
    # Bob's page of the finished game is drawn again with the players read afresh.
    frame = await sockets[2].receive_from(timeout=10)
    assert FORMER_PLAYER in frame and NAME not in frame
    # Every socket's consumer is ended here, the closed ones' too (a browser's close reaches them), not
    # cancelled with the test's event loop in the middle of leaving its groups.
    for socket in sockets:
        await socket.disconnect()

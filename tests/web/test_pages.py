"""Accounts and the lobby and table pages, as a browser without JavaScript sees them."""

import json
import re

import pytest

from accounts.models import User
from games.models import Table

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password"


@pytest.mark.parametrize(
    "url", ["/accounts/profile/", "/accounts/password/change/", "/accounts/email/", "/accounts/2fa/"]
)
def test_pages_that_need_a_login_redirect_to_it(client, url):
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith(f"/accounts/login/?next={url}")


@pytest.mark.parametrize("action", ["new", "join", "leave", "start"])
def test_creating_joining_leaving_and_starting_need_a_login(client, alice, action):
    table = _create(client, alice)
    client.logout()
    url = "/tables/new/" if action == "new" else f"/tables/{table.id}/{action}/"
    response = client.post(url, {"game": "spank", "seat_count": "2"})
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert Table.objects.count() == 1 and table.seats.count() == 1 and Table.objects.get().status == "open"


def test_sign_up_logs_in_with_a_display_name(client):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "dora",
            "display_name": "Dora the Dealer",
            "password1": "correct-horse-battery",
            "password2": "correct-horse-battery",
        },
    )
    assert response.status_code == 302
    assert User.objects.get(username="dora").display_name == "Dora the Dealer"
    assert "Dora the Dealer" in client.get("/lobby/").content.decode()


def test_sign_up_errors_are_shown(client, alice):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "alice",
            "display_name": "",
            "password1": "x",
            "password2": "y",
        },
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert "already exists" in body and "too short" in body and "This field is required" in body


def test_log_in_and_log_out(client, alice):
    response = client.post("/accounts/login/", {"login": "alice", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/lobby/"
    assert client.get("/lobby/").status_code == 200
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get("/accounts/profile/").status_code == 302
    assert "Log in" in client.get("/lobby/").content.decode()  # the lobby is anyone's, to watch from
    bad = client.post("/accounts/login/", {"login": "alice", "password": "wrong"})
    assert bad.status_code == 200 and "username and/or password you specified are not correct" in bad.content.decode()


def test_change_password(client, alice):
    client.force_login(alice)
    response = client.post(
        "/accounts/password/change/",
        {"oldpassword": PASSWORD, "password1": "another-long-pass-42", "password2": "another-long-pass-42"},
    )
    assert response.status_code == 302 and response["Location"] == "/accounts/password/change/"
    alice.refresh_from_db()
    assert alice.check_password("another-long-pass-42")


def test_change_display_name(client, alice):
    client.force_login(alice)
    client.post("/accounts/profile/", {"display_name": "Queen Alice"})
    alice.refresh_from_db()
    assert alice.display_name == "Queen Alice"


def _create(client, user, **form):
    client.force_login(user)
    data = {"game": "spank", "seat_count": "2", **form}
    response = client.post("/tables/new/", data)
    assert response.status_code == 302, response.content
    return Table.objects.get(pk=response["Location"].split("/")[2])


def test_lobby_create_join_start_and_play_page(client, alice, bob):
    table = _create(client, alice, option_sequence="on", option_two_set="full")
    assert table.options == {"sequence": True, "two_set": "full"}
    page = client.get(f"/tables/{table.id}/").content.decode()
    assert "Start the game" in page and "Invite link" in page

    client.force_login(bob)
    lobby = client.get("/lobby/").content.decode()
    assert f"/tables/{table.id}/" in lobby
    client.post(f"/tables/{table.id}/join/")
    assert table.seat_of(bob) == 1

    client.force_login(alice)
    client.post(f"/tables/{table.id}/start/")
    table.refresh_from_db()
    assert table.status == "running"
    page = client.get(f"/tables/{table.id}/").content.decode()
    assert 'ws-connect="/ws/tables/' in page and 'id="legal-commands"' in page


def test_lobby_number_options_reach_the_engine_as_numbers(client, alice):
    table = _create(client, alice, game="spite_and_malice", seat_count="3", option_decks="3", option_win_pile="12")
    assert table.options == {"decks": 3, "win_pile": 12}
    blank = _create(client, alice, game="spite_and_malice", option_decks="", option_win_pile=" ")
    assert blank.options == {}
    lobby = client.get("/lobby/").content.decode()
    assert 'name="option_win_pile"' in lobby and 'min="5" max="30"' in lobby
    response = client.post(
        "/tables/new/", {"game": "spite_and_malice", "seat_count": "2", "option_win_pile": "lots"}, follow=True
    )
    assert "win_pile" in response.content.decode()
    assert Table.objects.count() == 2


def test_lobby_refusals_are_messages_not_errors(client, alice, bob):
    client.force_login(alice)
    response = client.post("/tables/new/", {"game": "spank", "seat_count": "12"}, follow=True)
    assert response.status_code == 200 and not Table.objects.exists()
    assert "players" in response.content.decode().lower()
    response = client.post("/tables/new/", {"game": "nope", "seat_count": "2"}, follow=True)
    assert response.status_code == 200 and not Table.objects.exists()
    table = _create(client, alice)
    response = client.post(f"/tables/{table.id}/start/", follow=True)
    assert "Every seat must be taken" in response.content.decode()


def test_private_tables_are_reached_by_invite_link_only(client, alice, bob):
    table = _create(client, alice, private="on")
    client.force_login(bob)
    assert f"/tables/{table.id}/" not in client.get("/lobby/").content.decode()
    assert client.get(f"/tables/{table.id}/").status_code == 404
    response = client.get(f"/invite/{table.invite_token}/")
    assert response["Location"] == f"/tables/{table.id}/"
    assert client.get(f"/tables/{table.id}/").status_code == 200
    client.post(f"/tables/{table.id}/join/")
    assert table.seat_of(bob) == 1
    assert client.get("/invite/not-a-token/").status_code == 404


def test_static_files_are_served_locally(client, alice):
    client.force_login(alice)
    page = client.get("/lobby/").content.decode()
    assert "htmx-2.0.11.min.js" in page and "ext-ws-2.0.4.js" in page and "//unpkg" not in page


def test_the_site_icon_is_linked_from_every_page_and_found_at_favicon_ico(client):
    assert '<link rel="icon" href="/static/icons/favicon.svg"' in client.get("/").content.decode()
    response = client.get("/favicon.ico", follow=True)
    assert response.redirect_chain == [("/static/icons/favicon.svg", 301)]
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
    assert b"<svg" in b"".join(response.streaming_content)


def test_the_host_page_offers_the_games_host_commands(client, alice, bob, carol):
    from games.tables import lobby

    table = lobby.create_table(alice, "spite", 3)
    lobby.join_table(table, bob)
    lobby.join_table(table, carol)
    lobby.start_table(table, alice)
    client.force_login(alice)
    page = client.get(f"/tables/{table.id}/").content.decode()
    button = re.search(r'<button[^>]*class="small host-action"[^>]*>End the match</button>', page).group(0)
    name = re.search(r'data-command="([^"]+)"', button).group(1)
    assert "data-confirm=" in button and board_targets(page)["commands"][name] == {"type": "end_match"}
    client.force_login(bob)
    page = client.get(f"/tables/{table.id}/").content.decode()
    assert "End the match" not in page and {"type": "end_match"} not in board_targets(page)["commands"].values()


def board_targets(page):
    """The page's #board-targets: what its targets and buttons send (games/frames/board_targets.py)."""
    return json.loads(
        re.search(r'<script id="board-targets" type="application/json">(.*?)</script>', page, re.S).group(1)
    )


# --- timers on the table page: the turn clock, seats away, an abandoned game ---------------------


def _running(host, others, game="spite_and_malice", **create):
    import random

    from games.tables import lobby

    table = lobby.create_table(host, game, 1 + len(others), **create)
    for user in others:
        lobby.join_table(table, user)
    lobby.start_table(table, host, rng=random.Random(0))
    return table


def _banner(page):
    import re

    return re.search(r'<p id="turn-banner".*?</p>', page, flags=re.S).group(0)


def test_the_turn_clock_shows_the_servers_deadline_to_every_page(client, alice, bob, carol):
    import re

    from games.models import Deadline

    table = _running(alice, [bob], turn_clock=30)
    deadline = Deadline.objects.get(table=table, kind="turn")
    due_ms = int(deadline.due_at.timestamp() * 1000)
    spoken_to = []
    for user in (alice, bob, carol):  # carol watches
        client.force_login(user)
        page = client.get(f"/tables/{table.id}/").content.decode()
        banner = _banner(page)
        # The banner's clock ticks (static/js/table.js) from the server's deadline and the server's clock.
        clock = re.search(
            r'<span class="clock turn-clock" role="timer"( data-announce-clock="Your turn")?>.*?</span>&nbsp;s left</span>',
            banner,
            flags=re.S,
        )
        assert clock, banner
        # Only the seat to move hears it read out as it runs low (static/js/table_access/announce.js).
        assert bool(clock.group(1)) == ("Your turn" in banner), user
        spoken_to.append(bool(clock.group(1)))
        seconds = re.search(rf'<span class="countdown" data-deadline-ms="{due_ms}">(\d+)</span>', clock.group(0))
        assert seconds and 25 <= int(seconds.group(1)) <= 30
        now_ms = int(re.search(r'id="table-live"[^>]*data-now-ms="(\d+)"', page).group(1))
        assert 0 < due_ms - now_ms <= 30_000
    assert spoken_to.count(True) == 1


def test_without_a_turn_clock_no_clock_is_shown(client, alice, bob):
    table = _running(alice, [bob])
    client.force_login(alice)
    page = client.get(f"/tables/{table.id}/").content.decode()
    assert "data-deadline-ms" not in page and 'class="clock' not in page


def test_seats_away_and_an_abandoned_game_are_named_in_the_banner(client, alice, bob):
    from games.play import commands, game_state

    table = _running(alice, [bob], turn_clock=30)
    # Both seats let their turn run out three times in a row: both are marked away.
    for _ in range(6):
        game = game_state.load(table)
        seat = game.engine.view(game.state, None)["to_move"]
        assert commands.submit_system(table, {"type": "turn_timeout", "seat": seat}) is not None
    client.force_login(bob)
    banner = _banner(client.get(f"/tables/{table.id}/").content.decode())
    assert "Away: Alice, Bob" in " ".join(banner.split())
    # The host gives up on them: every page says the game was abandoned, with no winner.
    commands.submit(table, alice, {"type": "abandon"}, game_state.load(table).version)
    for user in (alice, bob):
        client.force_login(user)
        banner = " ".join(_banner(client.get(f"/tables/{table.id}/").content.decode()).split())
        assert "Game abandoned: no winner." in banner and "Away" not in banner and "clock" not in banner


def test_a_spite_countdown_ticks_from_its_deadline_on_every_page(client, alice, bob, carol, make_user):
    import re

    from games.models import Deadline
    from games.play import commands, game_state

    users = [alice, bob, carol]
    table = _running(alice, [bob, carol], game="spite")
    game = game_state.load(table)
    # Whoever may open leads their first listed hand; then a seat not to act starts a countdown on the next.
    opener = next(seat for seat in range(3) if game.engine.legal_commands(game.state, seat))
    lead = next(c for c in game.engine.legal_commands(game.state, opener) if c["type"] == "play")
    commands.submit(table, users[opener], lead, game.version)
    game = game_state.load(table)
    target = game.state.to_move
    starter = next(seat for seat in range(3) if seat != target)
    commands.submit(table, users[starter], {"type": "start_countdown"}, game.version)
    deadline = Deadline.objects.get(table=table, key="countdown-1")
    due_ms = int(deadline.due_at.timestamp() * 1000)
    seconds = game_state.load(table).state.countdown.seconds
    for user in users + [make_user("dan")]:  # dan watches
        client.force_login(user)
        page = client.get(f"/tables/{table.id}/").content.decode()
        note = re.search(r'<p class="spite-countdown-note.*?</p>', page, flags=re.S).group(0)
        shown = re.search(rf'<span class="countdown" data-deadline-ms="{due_ms}">(\d+)</span>', note)
        assert shown and seconds - 2 <= int(shown.group(1)) <= seconds


def test_the_banner_is_lit_on_your_turn_only_not_for_out_of_turn_commands(client, alice, bob, carol):
    import re

    from games.play import commands, game_state

    users = [alice, bob, carol]
    table = _running(alice, [bob, carol], game="spite")
    game = game_state.load(table)
    opener = next(seat for seat in range(3) if game.engine.legal_commands(game.state, seat))
    lead = next(c for c in game.engine.legal_commands(game.state, opener) if c["type"] == "play")
    commands.submit(table, users[opener], lead, game.version)
    game = game_state.load(table)
    for seat, user in enumerate(users):
        client.force_login(user)
        banner = _banner(client.get(f"/tables/{table.id}/").content.decode())
        lit = "your-turn" in re.search(r'class="([^"]*)"', banner).group(1)
        assert lit == (seat == game.state.to_move), (seat, game.engine.legal_commands(game.state, seat))
        if seat != game.state.to_move:  # e.g. may call the lead a misplay, or start a countdown
            assert game.engine.legal_commands(game.state, seat)

"""Accounts and the lobby and table pages, as a browser without JavaScript sees them."""
import pytest

from accounts.models import User
from games.models import Table

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password"


@pytest.mark.parametrize("url", ["/", "/accounts/profile/", "/accounts/password/"])
def test_pages_that_need_a_login_redirect_to_it(client, url):
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith(f"/accounts/login/?next={url}")


def test_table_page_needs_a_login(client, alice):
    table = _create(client, alice)
    client.logout()
    assert client.get(f"/tables/{table.id}/")["Location"].startswith("/accounts/login/")


def test_sign_up_logs_in_with_a_display_name(client):
    response = client.post("/accounts/sign-up/", {
        "username": "dora", "display_name": "Dora the Dealer",
        "password1": "correct-horse-battery", "password2": "correct-horse-battery",
    })
    assert response.status_code == 302
    assert User.objects.get(username="dora").display_name == "Dora the Dealer"
    assert "Dora the Dealer" in client.get("/").content.decode()


def test_sign_up_errors_are_shown(client, alice):
    response = client.post("/accounts/sign-up/", {
        "username": "alice", "display_name": "", "password1": "x", "password2": "y",
    })
    assert response.status_code == 200
    body = response.content.decode()
    assert "already exists" in body and "didn" in body  # taken name, passwords differ


def test_log_in_and_log_out(client, alice):
    response = client.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/"
    assert client.get("/").status_code == 200
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get("/").status_code == 302
    bad = client.post("/accounts/login/", {"username": "alice", "password": "wrong"})
    assert bad.status_code == 200 and "correct username and password" in bad.content.decode()


def test_change_password(client, alice):
    client.force_login(alice)
    response = client.post("/accounts/password/", {
        "old_password": PASSWORD, "new_password1": "another-long-pass-42", "new_password2": "another-long-pass-42",
    })
    assert response.status_code == 302 and response["Location"] == "/accounts/password/done/"
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
    lobby = client.get("/").content.decode()
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
    lobby = client.get("/").content.decode()
    assert 'name="option_win_pile"' in lobby and 'min="5" max="30"' in lobby
    response = client.post("/tables/new/", {"game": "spite_and_malice", "seat_count": "2",
                                            "option_win_pile": "lots"}, follow=True)
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
    assert f"/tables/{table.id}/" not in client.get("/").content.decode()
    assert client.get(f"/tables/{table.id}/").status_code == 404
    response = client.get(f"/invite/{table.invite_token}/")
    assert response["Location"] == f"/tables/{table.id}/"
    assert client.get(f"/tables/{table.id}/").status_code == 200
    client.post(f"/tables/{table.id}/join/")
    assert table.seat_of(bob) == 1
    assert client.get("/invite/not-a-token/").status_code == 404


def test_static_files_are_served_locally(client, alice):
    client.force_login(alice)
    page = client.get("/").content.decode()
    assert "htmx-2.0.11.min.js" in page and "ext-ws-2.0.4.js" in page and "//unpkg" not in page


def test_the_host_page_offers_the_games_host_commands(client, alice, bob, carol):
    from games import lobby

    table = lobby.create_table(alice, "spite", 3)
    lobby.join_table(table, bob)
    lobby.join_table(table, carol)
    lobby.start_table(table, alice)
    client.force_login(alice)
    page = client.get(f"/tables/{table.id}/").content.decode()
    assert 'id="host-commands"' in page and "End the match" in page and "data-confirm=" in page
    client.force_login(bob)
    page = client.get(f"/tables/{table.id}/").content.decode()
    assert 'id="host-commands"' not in page and "End the match" not in page

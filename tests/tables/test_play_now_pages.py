"""Play now's button, waiting page and API: the page moves a seated player to their table (htmx's
HX-Redirect), leaving the page or pressing the button leaves the queue, the API joins, tells and leaves."""

import pytest
from api_helpers import client_for
from django.test import Client

from games.engines import GAMES
from games.models import QueuedPlayer, Table
from games.tables import play_now

pytestmark = pytest.mark.django_db


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


def test_the_home_page_and_the_lobby_offer_play_now_for_every_game(make_user):
    visitor = Client()
    assert 'action="/play/now/"' not in visitor.get("/").content.decode()
    assert visitor.post("/play/now/", {"game": "spank"})["Location"].startswith("/accounts/login/")
    ana = logged_in(make_user("ana"))
    assert ana.get("/").content.decode().count('action="/play/now/"') == len(GAMES)
    assert ana.get("/lobby/").content.decode().count('action="/play/now/"') == len(GAMES)


def test_the_waiting_page_takes_both_players_to_their_table(make_user):
    ana, bob = make_user("ana"), make_user("bob")
    ana_page, bob_page = logged_in(ana), logged_in(bob)
    form = {"game": "spank", "seat_count": "", "bots_after": ""}
    assert ana_page.post("/play/now/", form)["Location"] == "/play/now/waiting/"
    waiting = ana_page.get("/play/now/waiting/").content.decode()
    assert "Leave the queue" in waiting and 'hx-get="/play/now/status/"' in waiting
    assert "Only people" in ana_page.get("/play/now/status/").content.decode()
    landed = bob_page.post("/play/now/", form)
    table = Table.objects.get()
    assert landed["Location"] == f"/tables/{table.id}/"  # the second player's join dealt the table
    told = ana_page.get("/play/now/status/")
    assert told.status_code == 286 and told["HX-Redirect"] == f"/tables/{table.id}/"
    assert ana_page.get("/play/now/waiting/")["Location"] == f"/tables/{table.id}/"
    assert {seat.user for seat in table.seats.all()} == {ana, bob}


def test_the_status_says_when_bots_come_and_how_many_others_wait(make_user):
    ana_page = logged_in(make_user("ana"))
    ana_page.post("/play/now/", {"game": "spite", "seat_count": "4", "bots_after": "30"})
    logged_in(make_user("bob")).post("/play/now/", {"game": "spite", "seat_count": "5"})
    status = ana_page.get("/play/now/status/").content.decode()
    assert "1 other player waiting for Spite" in status
    assert "Bots fill the empty seats in 30 seconds" in status or "in 29 seconds" in status


def test_leaving_by_the_button_or_by_closing_the_page(make_user):
    ana = make_user("ana")
    page = logged_in(ana)
    page.post("/play/now/", {"game": "spank", "seat_count": "3"})
    left = page.post("/play/now/leave/", follow=True)
    assert "You left the queue." in left.content.decode() and not QueuedPlayer.objects.exists()
    gone = page.get("/play/now/status/")
    assert gone.status_code == 286 and "not in the queue" in gone.content.decode()
    page.post("/play/now/", {"game": "spank", "seat_count": "3"})
    closed = page.post("/play/now/leave/", {"page_closed": "1"})
    assert closed.status_code == 204 and not QueuedPlayer.objects.exists()
    assert page.post("/play/now/leave/", {"page_closed": "1"}).status_code == 204  # nothing to leave: quiet


def test_a_seated_player_who_leaves_is_sent_to_the_table(make_user):
    ana, bob = make_user("ana"), make_user("bob")
    play_now.join(ana, "spank", 2)
    table = play_now.join(bob, "spank", 2).table
    refused = logged_in(ana).post("/play/now/leave/", follow=True)
    assert refused.redirect_chain[-1][0] == f"/tables/{table.id}/"
    assert "You were seated already" in refused.content.decode()


def test_what_the_form_cannot_mean_is_refused_in_words(make_user):
    page = logged_in(make_user("ana"))
    many = page.post("/play/now/", {"game": "spank", "seat_count": "many"}, follow=True)
    assert "Choose a game and a number of players (or any)." in many.content.decode()
    slow = page.post("/play/now/", {"game": "spank", "bots_after": "5"}, follow=True)
    assert "Bots may fill after 10, 30 or 60 seconds" in slow.content.decode()
    assert not QueuedPlayer.objects.exists()


def test_the_api_joins_tells_and_leaves(make_user):
    ana, bob = client_for(make_user("ana")), client_for(make_user("bob"))
    assert ana.get("/api/play/now/").status_code == 404
    joined = ana.post(
        "/api/play/now/", {"game": "spite_and_malice", "seat_count": None, "bots_after": 60}, format="json"
    )
    assert joined.status_code == 201, joined.content
    body = joined.json()
    assert body["state"] == "waiting" and body["table"] is None and body["waiting"] == 1 and body["bots_at"]
    seated = bob.post("/api/play/now/", {"game": "spite_and_malice", "seat_count": 2}, format="json").json()
    assert seated["state"] == "seated"
    assert ana.get("/api/play/now/").json()["table"] == seated["table"]
    refused = ana.delete("/api/play/now/")
    assert refused.status_code == 409 and f"/tables/{seated['table']}/" in refused.json()["detail"]
    ana.post("/api/play/now/", {"game": "spank"}, format="json")
    assert ana.delete("/api/play/now/").status_code == 204
    assert ana.delete("/api/play/now/").status_code == 404
    bad = ana.post("/api/play/now/", {"game": "spank", "bots_after": 5}, format="json")
    assert bad.status_code == 400 and "bots_after" in bad.json()["detail"]

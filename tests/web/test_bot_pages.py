"""The lobby's bots on the pages and the REST API: the host seats bots and starts with them, the bots'
delay is a table option, the host's hand-over button names the absent player, and the player whose seat
a bot plays gets a button (and a REST seat command) to take it back."""

import random
import re

import pytest
from api_helpers import client_for, create_table, view

from games.models import Deadline, Table
from games.play import bot_seats, commands, firing, game_state
from games.tables import lobby

pytestmark = pytest.mark.django_db


def test_the_host_creates_a_table_adds_bots_on_the_page_and_starts(client, alice):
    client.force_login(alice)
    response = client.post("/tables/new/", {"game": "spite", "seat_count": "3", "bot_delay": "3"})
    table = Table.objects.get()
    assert response.url == f"/tables/{table.id}/" and table.bot_delay == 3
    page = client.get(f"/tables/{table.id}/").content.decode()
    assert "Add a bot" in page
    client.post(f"/tables/{table.id}/bots/", {"level": "fair"})
    client.post(f"/tables/{table.id}/bots/", {"level": "random"})
    page = client.get(f"/tables/{table.id}/").content.decode()
    assert "Bot (Spite, fair)" in page and "Bot (Spite, random)" in page and "Add a bot" not in page
    assert page.count("Remove bot") == 2
    client.post(f"/tables/{table.id}/bots/2/remove/")
    assert table.free_seats() == [2]
    client.post(f"/tables/{table.id}/bots/", {"level": "fair"})
    client.post(f"/tables/{table.id}/start/")
    table.refresh_from_db()
    assert table.status == "running"
    assert Deadline.objects.filter(table=table, kind=Deadline.Kind.BOT).exists()


def test_the_lobby_offers_the_bot_delays(client, alice):
    client.force_login(alice)
    page = client.get("/lobby/").content.decode()
    assert re.search(r'<select name="bot_delay">.*instantly.*after 1 second.*after 3 seconds', page, re.S)


def test_a_bad_bot_delay_or_level_is_a_message_not_an_error(client, alice, bob):
    client.force_login(alice)
    response = client.post("/tables/new/", {"game": "spank", "seat_count": "2", "bot_delay": "7"}, follow=True)
    assert response.status_code == 200 and "A bot&#x27;s delay is one of" in response.content.decode()
    table = lobby.create_table(alice, "spank", 2)
    response = client.post(f"/tables/{table.id}/bots/", {"level": "genius"}, follow=True)
    assert response.status_code == 200 and "A bot&#x27;s level is" in response.content.decode()
    client.force_login(bob)
    response = client.post(f"/tables/{table.id}/bots/", {"level": "fair"}, follow=True)
    assert "Only the table&#x27;s host can add a bot." in response.content.decode()
    assert table.free_seats() == [1]


def test_rest_creates_a_table_with_a_bot_delay_and_seats_bots(alice, bob):
    host = client_for(alice)
    table = create_table(host, "spite_and_malice", 3, bot_delay=0)
    assert table["bot_delay"] == 0
    response = host.post(f"/api/tables/{table['id']}/bots/", {"level": "random", "seat": 2}, format="json")
    assert response.status_code == 200, response.content
    seats = response.json()["seats"]
    assert [(seat["number"], seat["player"], seat["bot"]) for seat in seats] == [
        (0, "Alice", ""),
        (2, "Bot (Spite & Malice, random)", "random"),
    ]
    assert host.post(f"/api/tables/{table['id']}/bots/", {"seat": 2}, format="json").status_code == 409
    assert client_for(bob).post(f"/api/tables/{table['id']}/bots/", {}, format="json").status_code == 403
    assert host.post(f"/api/tables/{table['id']}/bots/", {"level": "x"}, format="json").status_code == 400
    assert host.delete(f"/api/tables/{table['id']}/bots/0/").status_code == 409
    assert host.post(f"/api/tables/{table['id']}/bots/", {}, format="json").status_code == 200
    assert host.post(f"/api/tables/{table['id']}/start/").status_code == 200
    assert host.delete(f"/api/tables/{table['id']}/bots/2/").status_code == 409  # started: bots stay
    assert create_table(host)["bot_delay"] == 1
    assert (
        host.post("/api/tables/", {"game": "spank", "seat_count": 2, "bot_delay": 2}, format="json").status_code == 400
    )


def absent_bob(alice, bob):
    """A Spank! table with a turn clock where Bob (seat 1) has timed out three times: marked absent."""
    table = lobby.create_table(alice, "spank", 2, turn_clock=30, bot_delay=0)
    lobby.join_table(table, bob)
    lobby.start_table(table, alice, rng=random.Random(2))
    for _ in range(6):  # both let their turns run out; Alice plays her turns herself afterwards
        game = game_state.load(table)
        seat = game.engine.view(game.state, None)["to_move"]
        assert commands.submit_system(table, {"type": "turn_timeout", "seat": seat}) is not None
    return table


def test_the_host_hands_an_absent_seat_to_a_bot_from_the_page_and_the_player_takes_it_back(client, alice, bob):
    table = absent_bob(alice, bob)
    client.force_login(alice)
    page = client.get(f"/tables/{table.id}/").content.decode()
    assert "Let a bot play for Bob" in page and "Let a bot play for Alice" in page  # named, not numbered
    commands.submit(table, alice, {"type": "hand_to_bot", "seat": 1}, game_state.load(table).version)
    page = client.get(f"/tables/{table.id}/").content.decode()
    assert "A bot plays for: Bob" in page and "Take my seat back" not in page

    api = client_for(bob)
    seen = view(api, table.id)
    assert seen["seat_commands"] == [{"type": "take_back"}, {"type": "resign"}]
    client.force_login(bob)
    page = client.get(f"/tables/{table.id}/").content.decode()
    assert "Take my seat back from the bot" in page
    assert '"seat-0": {"type": "take_back"}' in page  # the button's command, in the board's commands

    response = api.post(
        f"/api/tables/{table.id}/commands/",
        {"command": {"type": "take_back"}, "expected_version": seen["version"]},
        format="json",
    )
    assert response.status_code == 200, response.content
    assert response.json()["seat_commands"] == [{"type": "resign"}]
    page = client.get(f"/tables/{table.id}/").content.decode()
    assert "A bot plays for" not in page and "Take my seat back" not in page
    for pk in Deadline.objects.filter(table=table, kind="bot", fired_at__isnull=True).values_list("pk", flat=True):
        firing.fire(pk)
    assert bot_seats.playing(table, game_state.load(table)) == {}

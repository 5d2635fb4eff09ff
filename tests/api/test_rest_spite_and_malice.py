"""Whole games of Spite & Malice played through the REST API alone."""

import random
from collections import Counter

import pytest
from api_helpers import client_for, command, create_table, view

from games.engines import get_engine

pytestmark = pytest.mark.django_db


def _choose(rng, legal):
    """Mostly plays, so that the game moves on; otherwise any legal command."""
    plays = [c for c in legal if c["type"] != "end_turn"]
    return rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal)


@pytest.mark.parametrize("seat_count", [2, 3])
def test_a_whole_spite_and_malice_game_through_the_rest_api(make_user, seat_count):
    rng = random.Random(20261122 + seat_count)
    users = [make_user(f"player{n}") for n in range(seat_count)]
    clients = {n: client_for(user) for n, user in enumerate(users)}
    watcher = client_for(make_user("watcher"))
    table = create_table(clients[0], game="spite_and_malice", seat_count=seat_count, options={"win_pile": 5})
    table_id = table["id"]
    for n in range(1, seat_count):
        assert clients[n].post(f"/api/tables/{table_id}/join/", {}, format="json").status_code == 200
    assert clients[0].post(f"/api/tables/{table_id}/start/").status_code == 200

    commands_sent = 0
    while True:
        public = view(watcher, table_id)
        if public["view"]["over"]:
            break
        assert all("hand" not in p for p in public["view"]["players"])
        seat = public["view"]["to_move"]
        mine = view(clients[seat], table_id)
        assert mine["version"] == public["version"]
        assert [("hand" in p) for p in mine["view"]["players"]] == [n == seat for n in range(seat_count)]
        response = command(clients[seat], table_id, _choose(rng, mine["legal_commands"]), mine["version"])
        assert response.status_code == 200, response.content
        commands_sent += 1
        assert commands_sent < 3000, "the game should have ended"

    final = public["view"]
    assert final["result"] == "win"
    assert final["players"][final["winner"]]["win_count"] == 0
    assert clients[0].get(f"/api/tables/{table_id}/").json()["status"] == "finished"
    response = command(clients[0], table_id, {"type": "draw"}, public["version"])
    assert response.status_code == 400
    assert response.json()["detail"] == "The game is over."

    # After the game the whole log is public, and folding it gives the same final state.
    events = watcher.get(f"/api/tables/{table_id}/events/").json()
    assert len(events) == public["version"]
    assert isinstance(events[0]["event"]["draw_pile"], list)
    engine = get_engine("spite_and_malice")
    state = engine.fold([e["event"] for e in events])
    assert engine.view(state, None) == final
    assert Counter(e["actor"] for e in events)["user"] == len(events)


def test_a_refused_command_says_why_and_changes_nothing(alice, bob):
    clients = [client_for(alice), client_for(bob)]
    table = create_table(clients[0], game="spite_and_malice", options={"win_pile": 5})
    table_id = table["id"]
    clients[1].post(f"/api/tables/{table_id}/join/", {}, format="json")
    clients[0].post(f"/api/tables/{table_id}/start/")
    before = view(clients[0], table_id)
    seat = before["view"]["to_move"]
    waiting = clients[1 - seat]

    response = command(waiting, table_id, {"type": "draw"}, before["version"])
    assert response.status_code == 400
    players = [alice, bob]
    assert response.json()["detail"] == f"It is {players[seat].shown_name}'s turn, not yours."

    response = command(
        clients[seat], table_id, {"type": "play", "from": "hand", "card": "ZZ", "to": 0}, before["version"]
    )
    assert response.status_code == 400
    assert response.json()["detail"] == "You do not hold ZZ."

    response = command(clients[seat], table_id, {"type": "play", "from": "win", "to": 9}, before["version"])
    assert response.status_code == 400
    assert "play slot" in response.json()["detail"]
    assert view(clients[0], table_id)["version"] == before["version"]


def test_lobby_options_are_checked_by_the_engine(alice):
    client = client_for(alice)
    response = client.post(
        "/api/tables/", {"game": "spite_and_malice", "seat_count": 2, "options": {"win_pile": 31}}, format="json"
    )
    assert response.status_code == 400
    assert "win_pile" in response.json()["detail"]
    response = client.post("/api/tables/", {"game": "spite_and_malice", "seat_count": 5}, format="json")
    assert response.status_code == 400
    assert "2 to 4 players" in response.json()["detail"]
    table = create_table(client, game="spite_and_malice", seat_count=4, options={"decks": 4, "win_pile": 12})
    assert table["options"] == {"decks": 4, "win_pile": 12}

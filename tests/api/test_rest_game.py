"""A whole two-player game of Spank! played through the REST API alone."""

import random
from collections import Counter

import pytest
from api_helpers import client_for, command, create_table, view

from games.engines import get_engine

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("options", [{}, {"sequence": True, "two_set": "half"}])
def test_a_whole_spank_game_through_the_rest_api(alice, bob, carol, options):
    rng = random.Random(20261122)
    clients = {0: client_for(alice), 1: client_for(bob)}
    watcher = client_for(carol)
    table = create_table(clients[0], options=options)
    table_id = table["id"]
    assert clients[1].post(f"/api/tables/{table_id}/join/", {}, format="json").status_code == 200
    assert clients[0].post(f"/api/tables/{table_id}/start/").status_code == 200

    commands_sent = 0
    while True:
        public = view(watcher, table_id)
        if public["view"]["over"]:
            break
        seat = public["view"]["to_move"]
        mine = view(clients[seat], table_id)
        assert mine["version"] == public["version"]
        choice = rng.choice(mine["legal_commands"])
        response = command(clients[seat], table_id, choice, mine["version"])
        assert response.status_code == 200, (choice, response.content)
        commands_sent += 1
        assert commands_sent < 2000, "the game should have ended"

    final = public["view"]
    assert final["winner"] in (0, 1)
    assert final["players"][final["winner"]]["score"] >= 1000
    assert clients[0].get(f"/api/tables/{table_id}/").json()["status"] == "finished"

    # Every later command is refused with a reason.
    response = command(clients[0], table_id, {"type": "end_turn"}, public["version"])
    assert response.status_code == 400

    # After the game the whole log is public, and folding it gives the same final state.
    events = watcher.get(f"/api/tables/{table_id}/events/").json()
    assert len(events) == public["version"]
    dealt = events[0]["event"]
    assert isinstance(dealt["stock"], list) and all(isinstance(h, list) for h in dealt["hands"])
    engine = get_engine("spank")
    state = engine.fold([e["event"] for e in events])
    assert engine.view(state, None) == final
    assert Counter(e["actor"] for e in events)["user"] == len(events)

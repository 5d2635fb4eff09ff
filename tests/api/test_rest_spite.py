"""Spite through the REST API alone: a strict one-round match with come-at-me dares, and table mode's
misplays and calls."""

import json
import random
import re
from collections import Counter

import pytest
from api_helpers import client_for, command, create_table, turn_commands, view

from games.engines import get_engine

pytestmark = pytest.mark.django_db


def test_a_round_of_spite_through_the_rest_api(make_user):
    rng = random.Random(20261122)
    seat_count = 4
    clients = [client_for(make_user(f"player{n}")) for n in range(seat_count)]
    watcher = client_for(make_user("watcher"))
    table = create_table(clients[0], game="spite", seat_count=seat_count, options={"rounds": 1, "misplays": "strict"})
    table_id = table["id"]
    for client in clients[1:]:
        assert client.post(f"/api/tables/{table_id}/join/", {}, format="json").status_code == 200
    assert clients[0].post(f"/api/tables/{table_id}/start/").status_code == 200

    opened = False
    commands_sent = 0
    while True:
        public = view(watcher, table_id)
        if public["view"]["over"]:
            break
        assert all("hand" not in p for p in public["view"]["players"])
        views = [view(client, table_id) for client in clients]
        able = [seat for seat, mine in enumerate(views) if turn_commands(mine["legal_commands"])]
        if public["view"]["phase"] == "opening":
            assert public["view"]["to_move"] is None
        else:
            opened = True
            assert able == [public["view"]["to_move"]]
        reward = public["view"]["reward"]
        if reward is not None:  # a come-at-me reward: only its seat acts, and only it sees the cards
            assert able == [reward["seat"]] and public["view"]["reward"]["cards"] is None
            assert len(views[reward["seat"]]["view"]["reward"]["cards"]) == reward["card_count"]
            assert all(c["type"] == "reward" for c in views[reward["seat"]]["legal_commands"])
        seat = rng.choice(able)
        legal = turn_commands(views[seat]["legal_commands"])
        plays = [c for c in legal if c["type"] == "play"]
        choice = rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(legal)
        if choice["type"] == "play" and rng.random() < 0.4:
            dared = command(clients[seat], table_id, {**choice, "come_at_me": True}, views[seat]["version"])
            if dared.status_code == 200:
                commands_sent += 1
                continue
            assert dared.status_code == 400 and "come at me" in dared.json()["detail"].lower(), dared.content
        response = command(clients[seat], table_id, choice, views[seat]["version"])
        assert response.status_code == 200, response.content
        commands_sent += 1
        assert commands_sent < 2000, "the round should have ended"

    assert opened
    final = public["view"]
    assert final["phase"] == "over" and final["round"] == 1
    assert sorted(final["finish_order"]) == list(range(seat_count))
    assert final["last_round"]["points"][final["finish_order"][0]] == 2
    assert final["last_round"]["points"][final["finish_order"][-1]] == -2
    assert final["winner"] == final["standings"][0]["seat"] == final["finish_order"][0]
    assert clients[0].get(f"/api/tables/{table_id}/").json()["status"] == "finished"

    events = watcher.get(f"/api/tables/{table_id}/events/").json()
    engine = get_engine("spite")
    state = engine.fold([e["event"] for e in events])
    assert engine.view(state, None) == final
    assert Counter(e["actor"] for e in events)["user"] == len(events)


def test_spite_refusals_say_why(make_user):
    clients = [client_for(make_user(f"p{n}")) for n in range(3)]
    table = create_table(clients[0], game="spite", seat_count=3)
    table_id = table["id"]
    for client in clients[1:]:
        client.post(f"/api/tables/{table_id}/join/", {}, format="json")
    clients[0].post(f"/api/tables/{table_id}/start/")
    mine = view(clients[0], table_id)
    response = command(clients[0], table_id, {"type": "pass"}, mine["version"])
    assert response.status_code == 400
    assert response.json()["detail"] == "Nobody has led yet: lead with the asked rank or decline."
    response = command(clients[0], table_id, {"type": "play", "cards": ["QS", "KS"]}, mine["version"])
    assert response.status_code == 400 and response.json()["detail"]
    assert view(clients[0], table_id)["version"] == mine["version"]


def test_only_the_host_may_end_a_spite_match_and_only_a_game_that_has_host_commands(make_user):
    clients = [client_for(make_user(f"h{n}")) for n in range(3)]
    table = create_table(clients[0], game="spite", seat_count=3, options={"rounds": 3})
    table_id = table["id"]
    for client in clients[1:]:
        client.post(f"/api/tables/{table_id}/join/", {}, format="json")
    clients[0].post(f"/api/tables/{table_id}/start/")
    host_view = view(clients[0], table_id)
    assert host_view["host_commands"] == [{"type": "end_match"}]
    assert view(clients[1], table_id)["host_commands"] == []

    response = command(clients[1], table_id, {"type": "end_match"}, host_view["version"])
    assert response.status_code == 403
    assert response.json()["detail"] == "Only the table's host can give that command."

    response = command(clients[0], table_id, {"type": "end_match"}, host_view["version"])
    assert response.status_code == 200
    after = view(clients[1], table_id)
    assert after["view"]["over"] and after["view"]["winner"] is None
    assert clients[0].get(f"/api/tables/{table_id}/").json()["status"] == "finished"
    assert view(clients[0], table_id)["host_commands"] == []
    events = clients[1].get(f"/api/tables/{table_id}/events/").json()
    assert events[-1]["type"] == "match_ended" and events[-1]["actor"] == "user"


def test_a_game_without_host_commands_refuses_end_match_from_the_host(alice, bob):
    clients = [client_for(alice), client_for(bob)]
    table = create_table(clients[0], game="spite_and_malice")
    clients[1].post(f"/api/tables/{table['id']}/join/", {}, format="json")
    clients[0].post(f"/api/tables/{table['id']}/start/")
    mine = view(clients[0], table["id"])
    assert mine["host_commands"] == []
    response = command(clients[0], table["id"], {"type": "end_match"}, mine["version"])
    assert response.status_code == 400


def test_table_mode_a_misplay_called_through_the_rest_api(make_user):
    """Table mode is the default: an illegal lead (a buy back by a seat that never passed) is accepted
    and kept secret; another seat calls it; everyone, watchers too, sees the ruling."""
    clients = [client_for(make_user(f"t{n}")) for n in range(3)]
    watcher = client_for(make_user("t-watcher"))
    table_id = create_table(clients[0], game="spite", seat_count=3)["id"]
    for client in clients[1:]:
        client.post(f"/api/tables/{table_id}/join/", {}, format="json")
    clients[0].post(f"/api/tables/{table_id}/start/")
    views = [view(client, table_id) for client in clients]
    assert views[0]["view"]["options"]["misplays"] == "table"
    seat, lead = opening_lead(views)
    response = command(clients[seat], table_id, {**lead, "buy_back": 1}, views[seat]["version"])
    assert response.status_code == 200, response.content

    log = watcher.get(f"/api/tables/{table_id}/events/").json()
    played = next(e["event"] for e in log if e["type"] == "played")
    assert "misplay" not in played  # nobody is told until someone calls it
    caller = (seat + 1) % 3
    mine = view(clients[caller], table_id)
    call = {"type": "call_misplay", "play": played["id"]}
    assert call in mine["legal_commands"]
    response = command(clients[caller], table_id, call, mine["version"])
    assert response.status_code == 200, response.content
    for client in clients + [watcher]:
        ruling = view(client, table_id)["view"]["rulings"][-1]
        assert ruling["correct"] and ruling["rule"] == "buy_back" and ruling["caller"] == caller
        assert ruling["text"] == "Only a seat that has passed in this trick buys back."
    again = command(clients[(seat + 2) % 3], table_id, call, view(clients[0], table_id)["version"])
    assert again.status_code == 400 and "not open to a call" in again.json()["detail"]


def opening_lead(views):
    """(seat, a lead of one card of the asked rank) for the first seat offered a play in the opening; in
    table mode the view offers {"type": "play"}, and the player picks the cards."""
    seat = next(n for n, mine in enumerate(views) if {"type": "play"} in mine["legal_commands"])
    mine = views[seat]["view"]
    card = next(card for card in mine["players"][seat]["hand"] if card[:-1] == mine["ask"])
    return seat, {"type": "play", "cards": [card]}


def test_staff_overturn_a_ruling_and_players_cannot(make_user):
    clients = [client_for(make_user(f"o{n}")) for n in range(3)]
    staff_user = make_user("referee")
    staff_user.is_staff = True
    staff_user.save()
    staff = client_for(staff_user)
    table_id = create_table(clients[0], game="spite", seat_count=3)["id"]
    for client in clients[1:]:
        client.post(f"/api/tables/{table_id}/join/", {}, format="json")
    clients[0].post(f"/api/tables/{table_id}/start/")
    views = [view(client, table_id) for client in clients]
    seat, lead = opening_lead(views)
    assert command(clients[seat], table_id, lead, views[seat]["version"]).status_code == 200
    caller = (seat + 1) % 3
    played = view(clients[caller], table_id)
    call = next(c for c in played["legal_commands"] if c["type"] == "call_misplay")
    assert command(clients[caller], table_id, call, played["version"]).status_code == 200  # a wrong call

    overturn = {"type": "overturn", "ruling": 1, "reason": "The caller had a point."}
    version = view(clients[0], table_id)["version"]
    refused = command(clients[0], table_id, overturn, version)  # the host is not staff
    assert refused.status_code == 403 and "staff" in refused.json()["detail"]
    assert command(staff, table_id, overturn, version).status_code == 200
    ruling = view(clients[2], table_id)["view"]["rulings"][0]
    assert ruling["overturned"] == "The caller had a point." and not ruling["correct"]
    last = clients[1].get(f"/api/tables/{table_id}/events/").json()[-1]
    assert last["type"] == "ruling_overturned" and last["actor"] == "staff"
    # Sentences name players by their display names (O0, O1, O2), and plays by what was played.
    names = [f"O{n}" for n in range(3)]
    played = f"{names[seat]}'s single {lead['cards'][0][:-1]}"
    assert ruling["text"] == f"Wrong call by {names[caller]}: {played} kept the rules. A wrong call is a misplay."
    assert (
        last["event"]["not_undone"][0] == f"{played} stood although it was called rightly; it cannot be taken back now."
    )
    log = clients[0].get(f"/api/tables/{table_id}/events/").json()
    called = next(entry["event"] for entry in log if entry["type"] == "misplay_called")
    assert called["text"] == ruling["text"]
    for client in clients + [staff]:
        assert "{seat:" not in str(view(client, table_id)) and "{seat:" not in str(
            client.get(f"/api/tables/{table_id}/events/").json()
        )


JUDGED_KEYS = {"cards", "fake_up", "fake", "declared", "announce", "buy_back", "bounty_claim"}


def page_legal_commands(client, table_id):
    page = client.get(f"/tables/{table_id}/").content.decode()
    found = re.search(r'<script id="legal-commands" type="application/json">(.*?)</script>', page, flags=re.S)
    return json.loads(found.group(1))


def test_in_table_mode_no_seats_rest_view_or_page_tells_its_legal_plays_from_its_misplays(make_user):
    """Issue 13 and RULINGS, Table mode: nothing a player is sent tells whether a play would be legal. Seats play
    a round from the engine's legal list (as a bot would, on the server), with a misplay now and then; at every
    step every seat's REST view and table page offer plays only as {"type": "play"}, never by their cards."""
    from django.test import Client

    from games.models import Table
    from games.play import game_state

    rng = random.Random(13)
    users = [make_user(f"n{n}") for n in range(3)]
    clients = [client_for(user) for user in users]
    pages = []
    for user in users:
        page = Client()
        page.force_login(user)
        pages.append(page)
    table_id = create_table(clients[0], game="spite", seat_count=3, options={"rounds": 1})["id"]
    for client in clients[1:]:
        client.post(f"/api/tables/{table_id}/join/", {}, format="json")
    clients[0].post(f"/api/tables/{table_id}/start/")
    table = Table.objects.get(id=table_id)
    misplays = offered_plays = 0
    for _step in range(40):
        game = game_state.load(table)
        if game.state.over:
            break
        for seat, client in enumerate(clients):
            offered = view(client, table_id)["legal_commands"]
            assert not {key for c in offered for key in c} & JUDGED_KEYS, offered
            assert page_legal_commands(pages[seat], table_id) == offered
            offered_plays += {"type": "play"} in offered
        able = {seat: turn_commands(game.engine.legal_commands(game.state, seat)) for seat in range(3)}
        seat = rng.choice([seat for seat, legal in able.items() if legal])
        choice = rng.choice(able[seat])
        # The deal is the server's own shuffle, so the first chance to misplay is always taken (else a run
        # could pass without one) and later chances now and then.
        if choice["type"] == "play" and game.state.trick.plays and (not misplays or rng.random() < 0.3):
            choice = {"type": "play", "cards": [rng.choice(game.state.hands[seat])]}  # legal or not: accepted
            misplays += 1
        response = command(clients[seat], table_id, choice, game.version)
        assert response.status_code == 200, response.content
    assert misplays and offered_plays

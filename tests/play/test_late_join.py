"""Late joiners: a running Spite match seats a newcomer as the loser of the round being played.

The engine decides the join (seat None, ``engine.late_join_command``); the platform appends its
events, adds the Seat and grows ``seat_count`` in one transaction, through the REST API and the page.
"""

import random
import threading

import pytest
from api_helpers import client_for, command, turn_commands, view
from django.conf import settings
from django.db import connections

from events import store
from games.engines import GAMES, IllegalCommand, get_engine
from games.errors import Conflict
from games.models import Table
from games.play import commands, game_state
from games.tables import lobby

pytestmark = pytest.mark.django_db
JOIN = {"type": "join"}
# As the engine declares it, read before the fixture below may stand in for it.
SPITE_LATE_JOIN_COMMAND = get_engine("spite").late_join_command


def test_the_spite_engine_declares_its_late_join_command():
    assert get_engine("spite").late_join_command == JOIN
    assert get_engine("spank").late_join_command is None
    assert get_engine("spite_and_malice").late_join_command is None


def _players(make_user, count, prefix="p"):
    return [make_user(f"{prefix}{n}") for n in range(count)]


def _running(users, game="spite", options=None):
    """A started table with ``users`` seated in order (the first hosts)."""
    table = lobby.create_table(users[0], game, len(users), options or {})
    for user in users[1:]:
        lobby.join_table(table, user)
    lobby.start_table(table, users[0], rng=random.Random(7))
    table.refresh_from_db()
    return table


def _join(client, table_id, **data):
    return client.post(f"/api/tables/{table_id}/join/", data, format="json")


def _events(table):
    return store.read(table.stream)


# --- the REST API ---------------------------------------------------------------------------


def test_a_late_joiner_takes_a_new_seat_of_a_running_spite_match_through_the_api(make_user):
    users = _players(make_user, 3)
    dave = make_user("dave")
    table = _running(users)
    version_before = store.current_version(table.stream)
    listed = client_for(dave).get(f"/api/tables/{table.id}/").json()
    assert listed["late_join"] is True and listed["seat_count"] == 3

    response = _join(client_for(dave), table.id)
    assert response.status_code == 200, response.content
    joined = response.json()
    assert joined["your_seat"] == 3
    assert joined["seat_count"] == 4 and joined["status"] == "running"
    assert [(s["number"], s["player"]) for s in joined["seats"]][-1] == (3, "Dave")
    table.refresh_from_db()
    assert table.seat_count == 4 and table.seat_of(dave) == 3

    events = client_for(dave).get(f"/api/tables/{table.id}/events/").json()
    assert events[-1]["version"] == version_before + 1
    assert events[-1]["type"] == "joined" and events[-1]["event"] == {"type": "joined", "seat": 3}
    assert events[-1]["actor"] == "user"

    mine = view(client_for(dave), table.id)
    assert mine["seat"] == 3 and mine["version"] == version_before + 1
    assert len(mine["view"]["players"]) == 4
    me = mine["view"]["players"][3]
    assert me["hand"] == [] and me["hand_count"] == 0
    assert me["place"] == 3  # the loser of the round being played
    assert mine["view"]["finish_order"][-1] == 3
    assert turn_commands(mine["legal_commands"]) == []

    theirs = view(client_for(users[1]), table.id)
    assert [p["seat"] for p in theirs["view"]["players"]] == [0, 1, 2, 3]
    assert "hand" not in theirs["view"]["players"][3] and theirs["view"]["players"][3]["hand_count"] == 0
    assert theirs["view"]["players"][1]["hand_count"] == 11

    # The others play on at the new version (table mode offers plays by their kind: the opener declines).
    able = next(c for c in map(client_for, users) if view(c, table.id)["legal_commands"])
    mover = view(able, table.id)
    assert command(able, table.id, {"type": "decline"}, mover["version"]).status_code == 200


def test_a_late_join_asks_for_no_seat_or_the_next_new_one(make_user):
    users = _players(make_user, 3)
    dave, erin = make_user("dave"), make_user("erin")
    table = _running(users)
    response = _join(client_for(dave), table.id, seat=1)
    assert response.status_code == 400
    assert response.json()["detail"] == "A late joiner takes the next new seat, seat 3; leave the seat out."
    assert _events(table)[-1].type != "joined" and table.seats.count() == 3
    assert _join(client_for(dave), table.id, seat=3).json()["your_seat"] == 3
    assert _join(client_for(erin), table.id).json()["your_seat"] == 4


@pytest.mark.parametrize("game", [game for game in GAMES if get_engine(game).late_join_command is None])
def test_games_without_late_joiners_still_refuse_a_started_table(make_user, game):
    users = _players(make_user, 2)
    table = _running(users, game=game)
    assert table.accepts_late_joiners is False
    version = store.current_version(table.stream)
    response = _join(client_for(make_user("dave")), table.id)
    assert response.status_code == 409
    assert response.json()["detail"] == "This table has already started; you can watch it instead."
    assert store.current_version(table.stream) == version and table.seats.count() == 2
    assert client_for(users[0]).get(f"/api/tables/{table.id}/").json()["late_join"] is False


def test_a_seated_player_cannot_join_again(make_user):
    users = _players(make_user, 3)
    table = _running(users)
    version = store.current_version(table.stream)
    response = _join(client_for(users[1]), table.id)
    assert response.status_code == 409
    assert response.json()["detail"] == "You already have a seat at this table."
    assert store.current_version(table.stream) == version
    table.refresh_from_db()
    assert table.seat_count == 3


def test_the_engine_refuses_a_tenth_spite_player_with_its_sentence(make_user):
    users = _players(make_user, 8)
    table = _running(users)
    ninth, tenth = make_user("ninth"), make_user("tenth")
    assert _join(client_for(ninth), table.id).json()["your_seat"] == 8
    table.refresh_from_db()
    assert table.seat_count == 9 and not table.has_room_for_late_joiner

    game = game_state.load(table)
    with pytest.raises(IllegalCommand) as refusal:
        game.engine.decide(game.state, None, JOIN)
    response = _join(client_for(tenth), table.id)
    assert response.status_code == 409
    assert response.json()["detail"] == str(refusal.value)
    assert "9" in response.json()["detail"]
    assert store.current_version(table.stream) == game.version
    table.refresh_from_db()
    assert table.seat_count == 9 and table.seat_of(tenth) is None
    assert client_for(tenth).get(f"/api/tables/{table.id}/").json()["late_join"] is False


def test_a_finished_spite_table_takes_no_late_joiner(make_user):
    users = _players(make_user, 3)
    table = _running(users, options={"rounds": 3})
    host = client_for(users[0])
    host_view = view(host, table.id)
    assert command(host, table.id, {"type": "end_match"}, host_view["version"]).status_code == 200
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    response = _join(client_for(make_user("dave")), table.id)
    assert response.status_code == 409
    assert response.json()["detail"] == "This table has already started; you can watch it instead."
    assert store.current_version(table.stream) == host_view["version"] + 1


def test_a_running_table_whose_match_just_ended_passes_on_the_engines_refusal(make_user):
    """The table row still says running, the stream says over: the engine's sentence, as a Conflict."""
    users = _players(make_user, 3)
    table = _running(users)
    game = game_state.load(table)
    ended = game.engine.decide(game.state, None, {"type": "end_match"})
    store.append(table.stream, ended, game.version)
    with pytest.raises(Conflict) as refusal:
        lobby.join_table(table, make_user("dave"))
    assert refusal.value.message == "The match is over."
    assert table.seats.count() == 3


# --- the page -------------------------------------------------------------------------------


def test_the_table_page_offers_a_late_join_and_the_post_seats_the_joiner(client, make_user):
    users = _players(make_user, 3)
    dave = make_user("dave")
    table = _running(users)

    client.force_login(dave)
    lobby_page = client.get("/lobby/").content.decode()
    assert f"/tables/{table.id}/" in lobby_page and "late joiners welcome" in lobby_page
    page = client.get(f"/tables/{table.id}/").content.decode()
    assert "Join as a late joiner" in page
    assert "take a seat, as this round&#x27;s loser (-2), playing from the next round" in page
    assert f'action="/tables/{table.id}/join/"' in page

    response = client.post(f"/tables/{table.id}/join/", follow=True)
    assert response.status_code == 200
    page = response.content.decode()
    assert "You joined at seat 4 as this round&#x27;s loser (-2)" in page  # people count seats from 1
    assert "Join as a late joiner" not in page
    assert "You joined during this round, so you take its last place (-2)" in page
    assert 'data-seat="3"' in page
    table.refresh_from_db()
    assert table.seat_of(dave) == 3 and table.seat_count == 4
    assert _events(table)[-1].payload == {"type": "joined", "seat": 3}

    client.force_login(users[0])
    page = client.get(f"/tables/{table.id}/").content.decode()
    assert 'id="seat-3-name">Dave</h3>' in page
    assert "Join as a late joiner" not in page


def test_no_late_join_button_for_a_running_spank_table(client, make_user):
    users = _players(make_user, 2)
    table = _running(users, game="spank")
    client.force_login(make_user("dave"))
    assert "late joiners welcome" not in client.get("/lobby/").content.decode()
    assert "Join as a late joiner" not in client.get(f"/tables/{table.id}/").content.decode()
    response = client.post(f"/tables/{table.id}/join/", follow=True)
    assert "This table has already started; you can watch it instead." in response.content.decode()
    assert table.seats.count() == 2


# --- dealt in at the next round -------------------------------------------------------------


def _play_until(table, users, done, rng, limit=3000):
    """Submit legal commands (the seat to move, or in the opening any seat that may act) until ``done(view)``."""
    for _step in range(limit):
        game = game_state.load(table)
        public = game.engine.view(game.state, None)
        if done(public):
            return public
        seated = {seat: user for user, seat in ((u, table.seat_of(u)) for u in users) if seat is not None}
        able = {seat: turn_commands(game.engine.legal_commands(game.state, seat)) for seat in seated}
        able = {seat: legal for seat, legal in able.items() if legal}
        assert able, f"nobody can act: {public}"
        if public["to_move"] is not None:
            assert list(able) == [public["to_move"]]
        seat = rng.choice(sorted(able))
        plays = [c for c in able[seat] if c["type"] == "play"]
        choice = rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(able[seat])
        commands.submit(table, seated[seat], choice, game.version)
    raise AssertionError("the match did not get there")


def test_the_late_joiner_is_dealt_in_at_the_next_round(client, make_user):
    users = _players(make_user, 3)
    dave = make_user("dave")
    table = _running(users, options={"rounds": 2})
    rng = random.Random(2026)
    _play_until(table, users, lambda v: v["phase"] != "opening", rng)  # someone led
    assert lobby.join_table(table, dave) == 3
    table.refresh_from_db()

    during = game_state.load(table)
    assert during.engine.view(during.state, 3)["players"][3]["hand"] == []
    assert turn_commands(during.engine.legal_commands(during.state, 3)) == []

    everyone = users + [dave]
    second = _play_until(table, everyone, lambda v: v["round"] == 2 or v["over"], rng)
    assert second["round"] == 2 and not second["over"]
    first = second["last_round"]
    assert first["round"] == 1 and len(first["places"]) == 4
    assert first["places"][-1] == 3 and first["points"][3] == -2

    game = game_state.load(table)
    mine = game.engine.view(game.state, 3)["players"][3]
    assert mine["place"] is None and len(mine["hand"]) > 0
    client.force_login(dave)
    page = client.get(f"/tables/{table.id}/").content.decode()
    assert "You joined during this round" not in page
    assert 'class="card card-hand' in page

    final = _play_until(table, everyone, lambda v: v["over"], rng)
    assert sorted(final["finish_order"]) == [0, 1, 2, 3]
    assert {row["seat"] for row in final["standings"]} == {0, 1, 2, 3}


# --- two joiners at once --------------------------------------------------------------------

races = pytest.mark.skipif(
    "postgresql" not in settings.DATABASES["default"]["ENGINE"],
    reason="concurrent writers need a server database (make test runs on PostgreSQL)",
)


def _race(monkeypatch, table, joiners):
    """Every joiner loads the game before any of them appends.

    Returns ({joiner: seat or the Conflict's message}, the versions the game was loaded at).
    """
    barrier = threading.Barrier(len(joiners))
    loaded_once = threading.local()
    load = game_state.load
    loads = []

    def load_then_wait(t, expected_version=None):
        game = load(t, expected_version)
        loads.append(game.version)
        if not getattr(loaded_once, "done", False):
            loaded_once.done = True
            barrier.wait(timeout=20)
        return game

    monkeypatch.setattr(game_state, "load", load_then_wait)
    results = {}

    def join(user, key):
        try:
            results[key] = lobby.join_table(Table.objects.get(pk=table.pk), user)
        except Conflict as refusal:
            results[key] = refusal.message
        finally:
            connections.close_all()

    threads = [threading.Thread(target=join, args=(user, f"{user.username}{n}")) for n, user in enumerate(joiners)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    monkeypatch.setattr(game_state, "load", load)
    return results, sorted(loads)


@races
@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_late_joiners_get_different_seats(monkeypatch, make_user):
    table = _running(_players(make_user, 3))
    dave, erin = make_user("dave"), make_user("erin")
    version = store.current_version(table.stream)
    results, loads = _race(monkeypatch, table, [dave, erin])
    assert sorted(results.values()) == [3, 4], results
    assert loads == [version, version, version + 1]  # both decided seat 3; the loser tried again
    table.refresh_from_db()
    assert table.seat_count == 5
    assert {table.seat_of(dave), table.seat_of(erin)} == {3, 4}
    assert [e.payload for e in _events(table) if e.type == "joined"] == [
        {"type": "joined", "seat": 3},
        {"type": "joined", "seat": 4},
    ]
    game = game_state.load(table)
    assert game.state.players == 5


@races
@pytest.mark.django_db(transaction=True)
def test_a_lost_race_without_retries_left_is_a_readable_conflict(monkeypatch, make_user):
    monkeypatch.setattr(lobby, "LATE_JOIN_ATTEMPTS", 1)
    table = _running(_players(make_user, 3))
    dave, erin = make_user("dave"), make_user("erin")
    results, _loads = _race(monkeypatch, table, [dave, erin])
    assert sorted(results.values(), key=str) == [
        3,
        "The table was busy (someone else joined or played at that moment); try joining again.",
    ], results
    table.refresh_from_db()
    assert table.seat_count == 4 and table.seats.count() == 4
    assert [e.payload["seat"] for e in _events(table) if e.type == "joined"] == [3]


@races
@pytest.mark.django_db(transaction=True)
def test_one_user_joining_twice_at_once_gets_one_seat(monkeypatch, make_user):
    table = _running(_players(make_user, 3))
    dave = make_user("dave")
    results, _loads = _race(monkeypatch, table, [dave, dave])
    assert sorted(results.values(), key=str) == [3, "You already have a seat at this table."], results
    table.refresh_from_db()
    assert table.seat_count == 4 and table.seat_of(dave) == 3
    assert [e.payload["seat"] for e in _events(table) if e.type == "joined"] == [3]

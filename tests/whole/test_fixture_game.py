"""A game is one folder and one registry line: Climb, the tests' own game (tests/fixture_game/), installed
by the test run alone (tests/installed_games.py), plays through the whole platform with no platform edit:
the home page, its rules and the lobby's form; a table created, joined and started from the lobby; live
frames for two seats and a watcher; a whole game through the REST API, its deal verified and its replay
from every seat; its own timer running out; a bot's seat. The suites that run over every installed game
play it too: the contract checks, the board targets and memo, the leak scan (tests/test_leak_scan.py),
replay equals live, the fair-deal checks, the bots' tests."""

import io
import json
import os
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from api_helpers import client_for, command, create_table, view
from asgiref.sync import sync_to_async
from django.core.management import call_command
from django.test import Client
from socket_helpers import connect
from test_bot_tables import run_bot_jobs

from events import store
from games.engines import GAMES, get_engine, registry
from games.models import Deadline, Table
from games.play import firing, game_state
from games.tables import bot_seating, lobby

ROOT = Path(__file__).resolve().parents[2]
SERVICE_GAMES = ("spank", "spite_and_malice", "spite")


def test_climb_is_installed_for_the_tests_but_the_service_lists_only_its_own_games():
    assert GAMES == (*SERVICE_GAMES, "climb")
    assert registry.game("climb").engine is get_engine("climb")
    env = {key: value for key, value in os.environ.items() if key != "CARDROOM_EXTRA_GAMES"}
    listed = subprocess.run(
        [
            sys.executable,
            "-c",
            "import django; django.setup(); from games.engines import GAMES; print(' '.join(GAMES))",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert listed.returncode == 0, listed.stderr[-2000:]
    assert tuple(listed.stdout.split()) == SERVICE_GAMES


def test_no_platform_module_names_a_command_of_one_game():
    """The commands only one installed game has (such as Spite's misplay calls and Climb's hurry's end) are
    named in that game's folder alone: the platform asks the registry and the engine."""
    kinds = Counter(kind for game in registry.games() for kind in game.engine.commands)
    own = {kind for kind, games in kinds.items() if games == 1 and "_" in kind}
    assert {"call_misplay", "start_countdown", "hurry_expired"} <= own
    platform = [path for path in (ROOT / "games").rglob("*.py") if "engines" not in path.parts]
    platform += [*(ROOT / "templates").rglob("*.*"), *(ROOT / "static" / "js").rglob("*.js")]
    named = {
        (str(path.relative_to(ROOT)), kind)
        for path in platform
        for kind in own
        if re.search(rf"[\"']{kind}[\"']", path.read_text(errors="replace"))
    }
    assert named == set()


@pytest.mark.django_db
def test_the_home_page_the_rules_and_the_lobby_offer_climb_from_its_folder(client, alice):
    home = client.get("/").content.decode()
    assert "<h3>Climb</h3>" in home and "The tests' own small game" in home
    assert '<link rel="stylesheet" href="/static/climb/board.css">' in home
    assert client.get("/static/climb/board.css").status_code == 200
    rules = client.get("/rules/climb/").content.decode()
    assert "<h1>Rules of Climb</h1>" in rules and "The first to play their last card" in rules
    client.force_login(alice)
    lobby_page = client.get("/lobby/").content.decode()
    assert 'value="climb"' in lobby_page and 'name="option_hand_size" data-game="climb"' in lobby_page


@pytest.mark.django_db
def test_a_climb_table_is_created_joined_and_started_from_the_lobby(client, alice, bob):
    client.force_login(alice)
    response = client.post("/tables/new/", {"game": "climb", "seat_count": "2", "option_hand_size": "4"})
    assert response.status_code == 302, response.content
    table = Table.objects.get(pk=response["Location"].split("/")[2])
    assert (table.game, table.options, table.name) == ("climb", {"hand_size": 4}, "Alice's Climb table")
    client.force_login(bob)
    assert f"/tables/{table.id}/" in client.get("/lobby/").content.decode()
    client.post(f"/tables/{table.id}/join/")
    client.force_login(alice)
    client.post(f"/tables/{table.id}/start/")
    table.refresh_from_db()
    assert table.status == Table.Status.RUNNING
    page = client.get(f"/tables/{table.id}/").content.decode()
    hand = get_engine("climb").view(game_state.load(table).state, 0)["players"][0]["hand"]
    assert 'class="board climb-board' in page and 'data-target="pile"' in page
    assert sorted(re.findall(r'data-card="([^"]+)"', page)) == sorted(hand) and len(hand) == 4


# --- live frames ---------------------------------------------------------------------------------


def _started(users, options=None, game="climb"):
    table = lobby.create_table(users[0], game, len(users), options or {})
    for user in users[1:]:
        lobby.join_table(table, user)
    lobby.start_table(table, users[0], rng=random.Random(5))
    return table


def _hands(table):
    game = game_state.load(table)
    return [game.engine.view(game.state, seat)["players"][seat]["hand"] for seat in range(game.state.players)]


def _frame_version(html):
    return int(re.search(r'id="table-live"[^>]*data-version="(\d+)"', html).group(1))


def _frame_legal(html):
    return json.loads(re.search(r'<script id="legal-commands" type="application/json">(.*?)</script>', html, re.S)[1])


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_live_frames_show_each_seat_its_own_hand_and_the_watcher_none(alice, bob, carol):
    table = await sync_to_async(_started)([alice, bob])
    sockets = {
        name: await connect(user, table, read_table=False)
        for name, user in (("alice", alice), ("bob", bob), ("carol", carol))
    }
    frames = {name: await socket.receive_from(timeout=10) for name, socket in sockets.items()}
    hands = await sync_to_async(_hands)(table)
    for name, seat in (("alice", 0), ("bob", 1)):
        assert sorted(re.findall(r'data-card="([^"]+)"', frames[name])) == sorted(hands[seat])
        other = hands[1 - seat]
        assert not set(re.findall(r'data-card="([^"]+)"', frames[name])) & set(other)
    assert "data-card=" not in frames["carol"] and _frame_legal(frames["carol"]) == []
    assert [command["type"] for command in _frame_legal(frames["bob"])] == ["hurry"]  # out of turn

    play = next(command for command in _frame_legal(frames["alice"]) if command["type"] == "play")
    version = _frame_version(frames["alice"])
    await sockets["alice"].send_to(text_data=json.dumps({"command": play, "expected_version": version, "HEADERS": {}}))
    for name, socket in sockets.items():
        html = await socket.receive_from(timeout=10)
        while 'id="table-live"' not in html:
            html = await socket.receive_from(timeout=10)
        assert _frame_version(html) > version, name
        assert 'data-last-places="pile' in html, name  # the pile the card went on is marked
    for socket in sockets.values():
        await socket.disconnect()


# --- a whole game through the REST API, its deal and its replay ------------------------------------


@pytest.mark.django_db
def test_a_whole_climb_game_through_the_rest_api_verified_and_replayed_from_every_seat(alice, bob, carol):
    rng = random.Random(36)
    clients = {0: client_for(alice), 1: client_for(bob)}
    watcher = client_for(carol)
    table_id = create_table(clients[0], game="climb", options={"hand_size": 2})["id"]
    assert clients[1].post(f"/api/tables/{table_id}/join/", {}, format="json").status_code == 200
    assert clients[0].post(f"/api/tables/{table_id}/start/").status_code == 200
    for sent in range(1000):
        public = view(watcher, table_id)
        if public["view"]["over"]:
            break
        assert public["legal_commands"] == [] and all("hand" not in player for player in public["view"]["players"])
        seat = public["view"]["to_move"]
        mine = view(clients[seat], table_id)
        turn = [choice for choice in mine["legal_commands"] if choice["type"] != "hurry"]
        response = command(clients[seat], table_id, rng.choice(turn), mine["version"])
        assert response.status_code == 200, response.content
    assert public["view"]["over"] and public["view"]["winner"] in (0, 1) and sent > 20
    assert command(clients[0], table_id, {"type": "take"}, public["version"]).status_code == 400

    events = watcher.get(f"/api/tables/{table_id}/events/").json()
    engine = get_engine("climb")
    assert engine.view(engine.fold([event["event"] for event in events]), None) == public["view"]
    out = io.StringIO()
    call_command("verify_game", table_id, stdout=out)
    assert out.getvalue().strip().splitlines()[-1] == "1 deal verified."

    browser = Client()
    browser.force_login(carol)
    for seen_as in ("0", "1", "open"):
        for step in (1, len(events) // 2, len(events)):
            page = browser.get(f"/tables/{table_id}/replay/?step={step}&as={seen_as}")
            assert page.status_code == 200 and 'class="board climb-board' in page.content.decode()
        moves = watcher.get(f"/api/tables/{table_id}/replay/moves/?as={seen_as}")
        assert moves.status_code == 200 and [move["version"] for move in moves.json()] == list(
            range(1, len(events) + 1)
        )
        texts = [move["text"] for move in moves.json()]
        # A seat reads the card it draws, and another's as "a card"; the open replay shows every card.
        other = {"0": "Bob", "1": "Alice"}.get(seen_as)
        if other:
            assert not any(text.startswith(f"{other} draws a card:") for text in texts)
            assert any(text.startswith(f"{other} draws a card") for text in texts)
        else:
            assert any(text.startswith("Bob draws a card:") for text in texts)


# --- its own timer, and a bot -------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_hurry_sets_the_games_own_timer_which_the_page_ticks_and_which_fires_its_default_move(alice, bob):
    table = _started([alice, bob])
    game = game_state.load(table)
    response = command(client_for(bob), table.id, {"type": "hurry"}, game.version)
    assert response.status_code == 200, response.content
    deadline = Deadline.objects.get(table=table, key="hurry-1")
    assert (deadline.kind, deadline.seat, deadline.command) == (
        Deadline.Kind.ENGINE,
        0,
        {"type": "hurry_expired", "hurry": 1},
    )
    browser = Client()
    browser.force_login(alice)
    page = browser.get(f"/tables/{table.id}/").content.decode()
    assert re.search(r'class="clock climb-hurry-clock"[^>]*><span class="countdown" data-deadline-ms="\d+"', page)

    version = firing.fire(deadline.pk)
    moved = [event.payload for event in store.read(table.stream, after=game.version + 1)]
    assert moved[0] == {"type": "hurry_ran_out", "seat": 0}
    assert moved[1]["type"] in ("played", "took") and moved[1]["auto"] and moved[1]["seat"] == 0
    after = game_state.load(table)
    assert after.version == version and after.state.to_move == 1 and after.state.hurry is None
    assert firing.fire(deadline.pk) is None  # a deadline acts once


@pytest.mark.django_db
def test_a_fair_bot_plays_its_seat_and_hurries_through_the_command_path(alice):
    table = lobby.create_table(alice, "climb", 3, {}, bot_delay=0)
    for _ in range(2):
        bot_seating.add_bot(table, alice, "fair")
    table.seats.filter(number=0).update(bot="fair")  # the host's own seat is played by a bot as well
    lobby.start_table(table, alice, rng=random.Random(2))
    assert run_bot_jobs(table) > 30
    game = game_state.load(table)
    assert game.engine.is_over(game.state)
    events = store.read(table.stream, game="climb")
    bots = set(table.seats.exclude(number=0).values_list("user_id", flat=True))
    assert bots <= {event.actor_user_id for event in events if event.actor_kind == "user"}
    assert any(event.payload["type"] == "hurried" for event in events)  # the game's bot_calls


# --- the registry itself --------------------------------------------------------------------------


def test_a_package_listed_twice_without_a_game_or_missing_is_a_clear_error_at_start():
    with pytest.raises(ValueError, match="two installed games are called 'spank'"):
        registry.load(["games.engines.spank", "games.engines.spank"])
    with pytest.raises(TypeError, match="'games.engines.cards' has no `game`"):
        registry.load(["games.engines.cards"])
    with pytest.raises(ModuleNotFoundError):
        registry.load(["games.engines.no_such_game"])
    assert [game.name for game in registry.load(["tests.fixture_game", "games.engines.spank"])] == ["climb", "spank"]


@pytest.mark.django_db
def test_a_game_without_a_fair_bot_is_offered_the_random_bot_only(monkeypatch, alice):
    import counter_engine

    from games.bots import bot_for, levels
    from games.errors import BadRequest

    counter_engine.install(monkeypatch)
    assert levels("counter") == ("random",) and levels("climb") == ("fair", "random")
    with pytest.raises(ValueError, match="No fair bot plays 'counter'"):
        bot_for("counter", "fair")
    table = lobby.create_table(alice, "counter", 2)
    with pytest.raises(BadRequest, match="No fair bot plays this game"):
        bot_seating.add_bot(table, alice, "fair")
    assert bot_seating.add_bot(table, alice, "random") == 1

"""A finished game's record ("Download the game"): its fields, its events as the API serves a finished game's,
who may download it, and docs/verify_deal.py checking the downloaded file offline."""

import copy
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from api_helpers import client_for, command, create_table, view
from django.test import Client
from django.utils.html import escape
from django.utils.text import slugify
from replay_helpers import NAMES, player, stored_game
from staff_helpers import pass_second_factor

from events import store
from games.engines import GAMES, get_engine
from games.models import Table
from games.play.names import named
from games.replay import record as records

pytestmark = pytest.mark.django_db

SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "verify_deal.py"
SEED = 1  # a finished game of each game, dealing more than once in the three house games


def record_url(table):
    return f"/tables/{table.id}/record.json"


def download(table, user=None):
    client = Client()
    if user is not None and user.is_staff:
        pass_second_factor(client, user)
    elif user is not None:
        client.force_login(user)
    return client.get(record_url(table))


def served_events(table):
    response = client_for(player(1)).get(f"/api/tables/{table.id}/events/")
    assert response.status_code == 200
    return response.json()


def verify(tmp_path, content):
    path = tmp_path / "record.json"
    path.write_bytes(content if isinstance(content, bytes) else json.dumps(content).encode())
    return subprocess.run([sys.executable, str(SCRIPT), str(path)], capture_output=True, timeout=60, text=True)


def leaves(value):
    """Every scalar in a JSON value, keys included."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield key
            yield from leaves(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from leaves(inner)
    else:
        yield value


@pytest.mark.parametrize("game", GAMES)
def test_the_record_of_a_finished_game_holds_the_whole_game(game):
    table, log = stored_game(game, SEED)
    engine = get_engine(game)
    response = download(table)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["format"] == "cardroom-record" and body["version"] == 1
    assert body["table"] == {"id": str(table.id), "name": table.name}
    assert body["game"] == {"name": game, "title": engine.title}
    assert body["options"] == table.options
    assert body["players"] == [{"seat": seat, "name": NAMES[seat]} for seat in range(table.seat_count)]
    assert body["result"] == {"winners": list(engine.winners(engine.fold(log)))}
    names = NAMES[: table.seat_count]
    assert [event["version"] for event in body["events"]] == list(range(1, len(log) + 1))
    assert [event["event"] for event in body["events"]] == [named(event, names) for event in log]
    assert (body["started_at"], body["finished_at"]) == (body["events"][0]["time"], body["events"][-1]["time"])
    assert body["log_head"] == store.rows(table.stream)[-1].hash == body["events"][-1]["hash"]
    dealt = [event["version"] for event in body["events"] if "commitment" in event["event"]]
    assert dealt and [deal["version"] for deal in body["deals"]] == dealt
    for deal in body["deals"]:
        assert deal["result"] == "ok" and deal["commitment"]["salt"]
        assert deal["commitment"] == log[deal["version"] - 1]["commitment"]


@pytest.mark.parametrize("game", GAMES)
def test_the_download_is_an_attachment_named_for_the_game_the_table_and_the_day(game):
    table, _ = stored_game(game, SEED)
    response = download(table, player(0))
    finished = response.json()["finished_at"][:10]
    expected = f"cardroom-{game.replace('_', '-')}-{slugify(table.name)}-{finished}.json"
    assert response["Content-Disposition"] == f'attachment; filename="{expected}"'
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", finished)


def test_the_file_name_is_in_letters_a_file_system_takes():
    table, _ = stored_game("spite_and_malice", SEED)
    name = records.filename(table, "2026-11-29T05:41:20.123456Z")
    assert name == "cardroom-spite-and-malice-anas-spite-malice-table-2026-11-29.json"


def test_a_table_named_in_no_letters_a_file_takes_is_named_by_its_id():
    table, _ = stored_game("spank", SEED)
    Table.objects.filter(pk=table.pk).update(name="♠♥♦♣")
    table.refresh_from_db()
    assert f"-{table.short_id}-" in download(table)["Content-Disposition"]


@pytest.mark.parametrize("game", GAMES)
def test_the_record_holds_nothing_the_api_does_not_serve_of_a_finished_game(game):
    table, _ = stored_game(game, SEED)
    body = download(table).json()
    events = served_events(table)
    assert body["events"] == events
    detail = client_for(player(1)).get(f"/api/tables/{table.id}/").json()
    assert body["options"] == detail["options"] and body["table"]["name"] == detail["name"]
    served = set(leaves(events)) | set(leaves(detail))
    said_by_the_record = {*records.record(table).keys(), *body["game"].values(), records.FORMAT, records.VERSION}
    said_by_the_record |= {value for deal in body["deals"] for value in (deal["label"], deal["result"], deal["reason"])}
    said_by_the_record |= {"title", "seat", "winners", "label", "result", "reason", "commitment", "version"}
    assert set(leaves(body)) - served - said_by_the_record == set()


def test_the_api_serves_the_same_record(make_user):
    table, _ = stored_game("spite_and_malice", SEED)
    answer = client_for(make_user("walter")).get(f"/api/tables/{table.id}/record/")
    assert answer.status_code == 200
    assert answer.json() == download(table).json()


def test_secret_options_are_in_the_record_once_the_match_is_over(make_user):
    faces = ["2H", "9C", "QS"]
    host, guest, third = (client_for(make_user(name)) for name in ("host", "guest", "third"))
    created = create_table(host, "spite", 3, options={"rounds": 1, "fake_jokers": 3, "fake_joker_faces": faces})
    for client in (guest, third):
        assert client.post(f"/api/tables/{created['id']}/join/", {}, format="json").status_code == 200
    assert host.post(f"/api/tables/{created['id']}/start/").status_code == 200
    running = host.get(f"/api/tables/{created['id']}/record/")
    assert running.status_code == 403 and "9C" not in running.content.decode()
    ended = command(host, created["id"], {"type": "end_match"}, view(host, created["id"])["version"])
    assert ended.status_code == 200, ended.content
    record = client_for(make_user("walter")).get(f"/api/tables/{created['id']}/record/").json()
    assert record["options"]["fake_joker_faces"] == faces


# --- docs/verify_deal.py on the downloaded record ----------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_docs_script_verifies_the_downloaded_record(game, tmp_path):
    table, _ = stored_game(game, SEED)
    response = download(table)
    ran = verify(tmp_path, response.content)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    deals = len(response.json()["deals"])
    plural = "deal" if deals == 1 else "deals"
    assert ran.stdout.strip().splitlines()[-1] == f"All {deals} committed {plural} verified."


@pytest.mark.parametrize("game", GAMES)
def test_the_docs_script_fails_a_record_with_one_card_of_a_deal_changed(game, tmp_path):
    table, _ = stored_game(game, SEED)
    record = download(table).json()
    tampered = copy.deepcopy(record)
    version = record["deals"][-1]["version"]
    event = tampered["events"][version - 1]["event"]
    cards = event[event["commitment"]["keys"][-1]]
    other = next(index for index, card in enumerate(cards) if card != cards[0])
    cards[0], cards[other] = cards[other], cards[0]
    ran = verify(tmp_path, tampered)
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert f"event {version} (" in ran.stdout and ran.stdout.count(": failed - the order and salt do not match") == 1


def test_the_docs_script_fails_a_record_whose_deals_or_head_disagree_with_its_events(tmp_path):
    table, _ = stored_game("spank", SEED)
    record = download(table).json()
    for change in (
        lambda tampered: tampered["deals"][0]["commitment"].update(sha256="0" * 64),
        lambda tampered: tampered["deals"].pop(),
        lambda tampered: tampered.update(log_head="0" * 64),
    ):
        tampered = copy.deepcopy(record)
        change(tampered)
        ran = verify(tmp_path, tampered)
        assert ran.returncode == 1 and "FAILED: the record disagrees with itself (1 place)." in ran.stdout


@pytest.mark.parametrize("version", [2, 0, "1", None, True])
def test_the_docs_script_refuses_a_record_version_it_does_not_know(version, tmp_path):
    table, _ = stored_game("spank", SEED)
    record = {**download(table).json(), "version": version}
    ran = verify(tmp_path, record)
    assert ran.returncode == 2
    assert f"This record is version {json.dumps(version)}, and this script reads version 1 only" in ran.stderr


@pytest.mark.parametrize(
    "change",
    [
        lambda record: record.pop("events"),
        lambda record: record.update(deals={}),
        lambda record: record["events"][0].update(version="1"),
        lambda record: record["deals"][0].update(version=[1]),
    ],
)
def test_the_docs_script_refuses_a_record_out_of_its_shape(change, tmp_path):
    table, _ = stored_game("spank", SEED)
    record = download(table).json()
    change(record)
    ran = verify(tmp_path, record)
    assert ran.returncode == 2 and "record" in ran.stderr, ran.stderr


# --- who may download it ---------------------------------------------------------------------------


def test_a_running_game_has_no_record_for_its_players_nor_for_staff(make_user):
    table, _ = stored_game("spank", SEED, upto=30, status=Table.Status.RUNNING)
    refused = download(table, player(0))
    assert refused.status_code == 403 and "still being played" in refused.content.decode()
    staff = make_user("sam")
    staff.is_staff = True
    staff.save()
    for answer in (download(table, staff), client_for(staff).get(f"/api/tables/{table.id}/record/")):
        assert answer.status_code == 403
        assert "its record can be downloaded once it is over" in answer.content.decode()
    assert client_for(player(0)).get(f"/api/tables/{table.id}/record/").json()["detail"] == (
        "This game is still being played: it can be replayed once it is over (only staff may replay a game in play)."
    )


def test_an_unstarted_table_has_no_record():
    table = Table.objects.create(game="spank", seat_count=2, host=player(0))
    response = download(table, player(0))
    assert response.status_code == 403 and "nothing to replay yet" in response.content.decode()


def test_a_private_game_s_record_is_hidden_from_strangers_as_its_replay_is(make_user):
    table, _ = stored_game("spank", SEED, private=True)
    stranger = make_user("stranger")
    assert download(table, stranger).status_code == 404
    assert Client().get(f"/tables/{table.id}/replay/").status_code == download(table).status_code == 404
    assert client_for(stranger).get(f"/api/tables/{table.id}/record/").status_code == 404
    assert download(table, player(1)).status_code == 200


@pytest.mark.parametrize(
    "path", ["/tables/not-a-table/record.json", f"/tables/{'0' * 8}-0000-0000-0000-{'0' * 12}/record.json"]
)
def test_no_such_table_is_a_404(path):
    assert Client().get(path).status_code == 404


def test_the_record_is_only_read():
    table, _ = stored_game("spank", SEED)
    client = Client()
    client.force_login(player(0))
    assert client.post(record_url(table)).status_code == 405
    assert client.head(record_url(table)).status_code == 200


def test_a_damaged_log_is_a_409_with_a_sentence_never_a_500():
    table, log = stored_game("spite", SEED)
    bad = {"type": "played", "seat": 0, "id": 99, "cards": ["4C"], "next": 1}  # a card seat 0 does not hold
    store.append(table.stream, [bad], len(log), game="spite")
    sentence = f"This table's record is damaged at event {len(log) + 1}; staff have been told. Play is stopped."
    page = download(table)
    assert page.status_code == 409 and escape(sentence) in page.content.decode()
    answer = client_for(player(1)).get(f"/api/tables/{table.id}/record/")
    assert answer.status_code == 409 and answer.json()["detail"] == sentence

"""Bad input over REST is a 400 (or 404) with a readable sentence, never a 500, and changes nothing."""

import pytest
from api_helpers import client_for, create_table, view
from staff_helpers import staff_api

from config import bad_request
from games.errors import BadRequest
from games.live import json_input
from games.models import Table
from games.play import commands

pytestmark = pytest.mark.django_db


def post_json(client, url, text):
    return client.post(url, text, content_type="application/json")


@pytest.mark.parametrize("kind", [{"a": 1}, ["end_turn"], 7, None, True])
def test_a_command_whose_type_is_not_a_name_is_400(running, kind):
    table_id, clients = running
    shown = view(clients[0], table_id)
    response = clients[0].post(
        f"/api/tables/{table_id}/commands/",
        {"command": {"type": kind}, "expected_version": shown["version"]},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["detail"] == (
        'A command is an object whose "type" names the move, e.g. {"type": "end_turn"}.'
    )
    assert view(clients[0], table_id)["version"] == shown["version"]


@pytest.mark.parametrize("command", [{"type": {"a": 1}}, ["end_turn"], "end_turn", {}])
def test_submit_checks_the_commands_shape_before_routing_it(running, alice, command):
    """The shared command path (REST and websocket) refuses a shapeless command with a sentence."""
    table = Table.objects.get(pk=running[0])
    with pytest.raises(BadRequest, match='"type" names the move'):
        commands.submit(table, alice, command, 1)


@pytest.mark.parametrize(
    "body",
    [
        "[" * 40_000 + "]" * 40_000,
        '{"command": ' * 5_000 + "{}" + "}" * 5_000,
        '{"command": {"type": "play", "cards": ' + "[" * 40 + "]" * 40 + '}, "expected_version": 1}',
    ],
)
def test_deeply_nested_json_is_400(running, body):
    table_id, clients = running
    response = post_json(clients[0], f"/api/tables/{table_id}/commands/", body)
    assert response.status_code == 400
    assert response.json()["detail"] == "The JSON is nested too deeply (at most 32 levels of objects and lists)."


@pytest.mark.parametrize("number", ["Infinity", "-Infinity", "NaN", "1e400"])
def test_infinite_numbers_in_json_are_400(running, number):
    table_id, clients = running
    body = f'{{"command": {{"type": "end_turn"}}, "expected_version": {number}}}'
    response = post_json(clients[0], f"/api/tables/{table_id}/commands/", body)
    assert response.status_code == 400
    assert response.json()["detail"].startswith("That is not valid JSON: ")
    assert number.lstrip("-") in response.json()["detail"]


def test_nul_text_in_json_is_400(alice):
    body = '{"game": "spank", "seat_count": 2, "options": {"two_set": "a\\u0000b"}}'
    response = post_json(client_for(alice), "/api/tables/", body)
    assert response.status_code == 400
    assert "NUL" in response.json()["detail"]
    assert not Table.objects.exists()


def test_overlong_and_non_utf8_json_are_400(alice):
    client = client_for(alice)
    too_long = '{"game": "spank", "seat_count": 2, "options": {"x": "' + "a" * json_input.MAX_LENGTH + '"}}'
    response = post_json(client, "/api/tables/", too_long)
    assert response.status_code == 400 and "too long" in response.json()["detail"]
    response = client.post("/api/tables/", b'{"game": "\xff"}', content_type="application/json")
    assert response.status_code == 400 and "UTF-8" in response.json()["detail"]


def test_a_body_that_is_not_json_is_400_and_form_data_is_415(alice):
    client = client_for(alice)
    response = post_json(client, "/api/tables/", "{game: spank")
    assert response.status_code == 400 and response.json()["detail"].startswith("That is not valid JSON")
    response = client.post("/api/tables/", {"game": "spank", "seat_count": 2})  # a form, not JSON
    assert response.status_code == 415
    assert response.json()["detail"].startswith('Unsupported media type "multipart/form-data')


def test_a_nul_in_the_invite_is_400_and_never_reaches_the_database(alice, bob):
    a, b = client_for(alice), client_for(bob)
    private = create_table(a, private=True)
    for url in (f"/api/tables/{private['id']}/?invite=a%00b", f"/api/tables/{private['id']}/view/?invite=%00"):
        response = b.get(url)
        assert response.status_code == 400
        assert "invite token" in response.json()["detail"]
    response = b.post(f"/api/tables/{private['id']}/join/?invite=x%00", {}, format="json")
    assert response.status_code == 400 and "invite token" in response.json()["detail"]
    # A well-formed but wrong token still does not reveal the table.
    assert b.get(f"/api/tables/{private['id']}/?invite=wrong-token").status_code == 404


def test_a_nul_in_a_join_bodys_invite_is_400(alice, bob):
    private = create_table(client_for(alice), private=True)
    response = client_for(bob).post(f"/api/tables/{private['id']}/join/", {"invite": "a\x00b"}, format="json")
    assert response.status_code == 400 and response.json()["detail"]


def test_a_nul_in_a_table_id_is_404(alice):
    a = client_for(alice)
    for url in ("/api/tables/a%00b/", "/api/tables/%00/view/", "/api/tables/%00/events/"):
        response = a.get(url)
        assert response.status_code == 404
        assert response.json()["detail"] == "There is no such table, or it is private."


def test_a_nul_in_an_invite_link_is_a_404_page(alice):
    client = client_for(alice)
    client.force_login(alice)
    assert client.get("/invite/a%00b/").status_code == 404


@pytest.mark.parametrize("status", ["AAA", "OPEN", "a\x00b"])
def test_an_unknown_status_filter_is_400_naming_the_statuses(alice, status):
    create_table(client_for(alice))
    response = client_for(alice).get("/api/tables/", {"status": status})
    assert response.status_code == 400
    assert response.json()["detail"].endswith("choose one of: open, running, finished, closed.")


@pytest.mark.parametrize(
    "url",
    [
        "/api/tables/?status=",
        "/api/tables/?game=",
        "/api/tables/{id}/?invite=",
        "/api/tables/{id}/view/?invite=",
        "/api/tables/{id}/events/?invite=",
        "/api/tables/{id}/rulings/?invite=",
        "/api/tables/{id}/replay/?as=",
        "/api/tables/{id}/replay/?step=",
        "/api/tables/{id}/replay/moves/?as=",
        "/api/disputes/?status=",
    ],
)
def test_an_empty_filter_or_choice_is_400_with_a_sentence(running, carol, url):
    carol.is_staff = True  # staff with no seat at the table: the queue and a running game's replay are theirs
    carol.save()
    response = staff_api(carol).get(url.format(id=running[0]))  # a session: the queue is a staff endpoint
    assert response.status_code == 400
    name = url.rsplit("?", 1)[1].rstrip("=")
    assert response.json()["detail"] == f"?{name}= is empty: give it a value, or leave it out."


def test_tables_can_be_created_with_body_fields_only_of_their_json_types(alice):
    client = client_for(alice)
    for field, value in (("private", 0), ("private", "yes"), ("name", 7)):
        response = client.post("/api/tables/", {"game": "spank", "seat_count": 2, field: value}, format="json")
        assert response.status_code == 400 and field in response.json()["field_errors"]
    assert client.get("/api/tables/").json() == []


def test_the_status_filter_keeps_only_that_status(running, alice):
    open_table = create_table(client_for(alice))
    a = client_for(alice)
    assert [t["id"] for t in a.get("/api/tables/", {"status": "open"}).json()] == [open_table["id"]]
    assert [t["id"] for t in a.get("/api/tables/", {"status": "running"}).json()] == [running[0]]
    assert a.get("/api/tables/", {"status": "finished"}).json() == []
    assert len(a.get("/api/tables/").json()) == 2


def test_invalid_fields_are_400_with_a_sentence_and_the_fields_errors(running):
    table_id, clients = running
    response = clients[0].post(
        f"/api/tables/{table_id}/commands/", {"command": "end_turn", "expected_version": -1}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert "command: " in body["detail"] and "expected_version: " in body["detail"]
    assert set(body["field_errors"]) == {"command", "expected_version"}


def test_a_request_for_another_host_is_refused_with_a_sentence_json_for_the_api(client):
    """Django refuses a Host it does not answer to before any view: the API still answers as JSON."""
    api = client.get("/api/tables/", HTTP_HOST="elsewhere.example")
    assert api.status_code == 400 and api["Content-Type"] == "application/json"
    assert api.json() == {"detail": bad_request.SENTENCE}
    page = client.get("/lobby/", HTTP_HOST="elsewhere.example")
    assert page.status_code == 400 and page["Content-Type"].startswith("text/html")
    assert "That request cannot be read" in page.content.decode()

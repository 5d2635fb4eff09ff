"""The REST API: tables, seats, start, views, commands and events, with every status code."""

import uuid

import pytest
from api_helpers import client_for, command, create_table, view
from drf_spectacular.generators import SchemaGenerator

from games.api.serializers import TableSerializer
from games.engines import GAMES, get_engine
from games.models import Table
from games.tables import lobby

pytestmark = pytest.mark.django_db


def test_create_table_seats_the_host(alice):
    table = create_table(client_for(alice), options={"sequence": True})
    assert table["status"] == "open"
    assert table["seats"] == [{"number": 0, "player": "Alice", "bot": ""}]
    assert table["your_seat"] == 0
    assert table["options"] == {"sequence": True}
    assert "/invite/" in table["invite_url"]


@pytest.mark.parametrize(
    "body, sentence",
    [
        ({"game": "chess", "seat_count": 2}, "chess"),
        ({"game": "spank", "seat_count": 1}, ""),
        ({"game": "spank", "seat_count": 10}, ""),
        ({"game": "spank", "seat_count": 2, "options": {"colour": True}}, "colour"),
        ({"game": "spank", "seat_count": 2, "options": {"two_set": "quarter"}}, "quarter"),
        ({"game": "spank"}, "seat_count"),
    ],
)
def test_create_table_with_bad_setup_is_400_with_a_reason(alice, body, sentence):
    response = client_for(alice).post("/api/tables/", body, format="json")
    assert response.status_code == 400
    assert sentence in str(response.json())


def test_anonymous_writes_are_refused_with_the_token_challenge(client, alice, bob):
    table = lobby.create_table(alice, "spank", 2)
    attempts = [("/api/tables/", {"game": "spank", "seat_count": 2})] + [
        (f"/api/tables/{table.id}/{action}/", body)
        for action, body in (
            ("join", {}),
            ("leave", {}),
            ("start", {}),
            ("commands", {"command": {"type": "end_turn"}, "expected_version": 0}),
        )
    ]
    for path, body in attempts:
        response = client.post(path, body, content_type="application/json")
        assert response.status_code == 401, path
        assert response["WWW-Authenticate"] == 'Bearer realm="api"' and response.json()["detail"]
    assert Table.objects.count() == 1 and table.seats.count() == 1


def test_the_schema_asks_for_a_log_in_exactly_where_the_api_does(client, alice):
    """Each operation the schema lets anyone call (a security requirement that is empty) answers a
    visitor without an account; each other one answers such a visitor 401."""
    table = lobby.create_table(alice, "spank", 2)
    schema = SchemaGenerator().get_schema(public=True)
    ids = {"table_id": table.id, "seat": 1, "dispute_id": 1, "token_id": 1}
    for path, operations in schema["paths"].items():
        url = path.format(**ids)
        for method, operation in operations.items():
            response = getattr(client, method)(url, {}, content_type="application/json")
            anyone = {} in operation["security"]
            assert (response.status_code != 401) == anyone, (method, path, response.status_code)
            assert anyone == (
                method == "get"
                and path
                in (
                    "/api/tables/",
                    "/api/tables/{table_id}/",
                    "/api/tables/{table_id}/view/",
                    "/api/tables/{table_id}/events/",
                    "/api/tables/{table_id}/replay/",
                    "/api/tables/{table_id}/replay/moves/",
                    "/api/tables/{table_id}/record/",
                )
            ), (method, path)


def test_the_schema_gives_each_games_seat_counts():
    schema = SchemaGenerator().get_schema(public=True)["components"]["schemas"]
    shapes = schema["CreateTable"]["discriminator"]["mapping"]
    assert set(shapes) == set(GAMES)
    for game, shape in shapes.items():
        seat_count = schema[shape.rsplit("/", 1)[1]]["properties"]["seat_count"]
        engine = get_engine(game)
        assert (seat_count["minimum"], seat_count["maximum"]) == (engine.min_players, engine.max_players)
    assert (get_engine("spite").min_players, get_engine("spite_and_malice").max_players) == (3, 4)


def test_the_schema_says_a_new_table_needs_a_body():
    """games.api.views.BodyRequired overrides drf-spectacular's private ``_get_request_body`` (there is no
    public hook for a oneOf body): if a new version renames it, the override stops working and this fails."""
    operation = SchemaGenerator().get_schema(public=True)["paths"]["/api/tables/"]["post"]
    assert operation["requestBody"]["required"] is True


def test_lobby_list_shows_public_tables_and_hides_private_ones(alice, bob):
    a, b = client_for(alice), client_for(bob)
    public = create_table(a)
    private = create_table(a, private=True)
    seen_by_bob = {t["id"] for t in b.get("/api/tables/").json()}
    assert public["id"] in seen_by_bob and private["id"] not in seen_by_bob
    assert b.get(f"/api/tables/{private['id']}/").status_code == 404
    assert b.get(f"/api/tables/{private['id']}/?invite=wrong").status_code == 404
    token = private["invite_url"].rstrip("/").rsplit("/", 1)[1]
    assert b.get(f"/api/tables/{private['id']}/?invite={token}").status_code == 200
    joined = b.post(f"/api/tables/{private['id']}/join/", {"invite": token}, format="json")
    assert joined.status_code == 200 and joined.json()["your_seat"] == 1
    # Once seated, the table is Bob's to see without the token.
    assert b.get(f"/api/tables/{private['id']}/").status_code == 200


def _queries(client, path):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        assert client.get(path).status_code == 200
    return len(captured)


def test_a_tables_seats_cost_no_query_each(alice, bob, carol, make_user):
    """The table as the API shows it is read in the same number of queries however many seats it has,
    and the list in the same number however many tables it lists (no query per seat or per table)."""
    a = client_for(alice)
    small = create_table(a, seat_count=2)
    big = create_table(a, seat_count=4)
    for user in (bob, carol, make_user("dave")):
        client_for(user).post(f"/api/tables/{big['id']}/join/", {}, format="json")
    one_seat = _queries(a, f"/api/tables/{small['id']}/")
    four_seats = _queries(a, f"/api/tables/{big['id']}/")
    assert four_seats == one_seat
    two_tables = _queries(a, "/api/tables/")
    for _ in range(3):
        create_table(client_for(bob), seat_count=3)
    assert _queries(a, "/api/tables/") == two_tables


def test_a_table_is_shown_after_a_change_in_three_queries_its_seats_users_among_them(
    alice, bob, rf, django_assert_num_queries
):
    table = lobby.create_table(alice, "spank", 2)
    lobby.join_table(table, bob)
    request = rf.get("/")
    request.user = alice
    with django_assert_num_queries(3):  # the table with its host, its seats with their users, the awaited
        shown = TableSerializer.of(table, request)
    assert [(seat["number"], seat["player"]) for seat in shown["seats"]] == [(0, alice.shown_name), (1, bob.shown_name)]
    assert shown["your_seat"] == 0


def test_unknown_and_malformed_table_ids_are_404(alice):
    a = client_for(alice)
    for table_id in (uuid.uuid4(), "not-a-uuid"):
        assert a.get(f"/api/tables/{table_id}/view/").status_code == 404
        assert command(a, table_id, {"type": "end_turn"}, 0).status_code == 404


def test_join_rules(alice, bob, carol):
    a, b, c = client_for(alice), client_for(bob), client_for(carol)
    table = create_table(a)
    url = f"/api/tables/{table['id']}/join/"
    assert a.post(url, {}, format="json").status_code == 409  # already seated
    assert b.post(url, {"seat": 5}, format="json").status_code == 400
    assert b.post(url, {"seat": 0}, format="json").status_code == 409  # taken
    assert b.post(url, {"seat": 1}, format="json").status_code == 200
    response = c.post(url, {}, format="json")
    assert response.status_code == 409 and "taken" in response.json()["detail"]


def test_leave_before_the_start(alice, bob):
    a, b = client_for(alice), client_for(bob)
    table = create_table(a)
    b.post(f"/api/tables/{table['id']}/join/", {}, format="json")
    assert b.post(f"/api/tables/{table['id']}/leave/").status_code == 200
    assert a.post(f"/api/tables/{table['id']}/leave/").status_code == 409  # the host stays
    assert len(a.get(f"/api/tables/{table['id']}/").json()["seats"]) == 1


def test_start_rules(alice, bob):
    a, b = client_for(alice), client_for(bob)
    table = create_table(a)
    start = f"/api/tables/{table['id']}/start/"
    response = a.post(start)
    assert response.status_code == 409 and "seat" in response.json()["detail"]
    b.post(f"/api/tables/{table['id']}/join/", {}, format="json")
    assert b.post(start).status_code == 403  # only the host
    response = a.post(start)
    assert response.status_code == 200
    assert response.json()["version"] >= 1 and response.json()["view"]["game"] == "spank"
    assert a.post(start).status_code == 409
    assert a.get(f"/api/tables/{table['id']}/").json()["status"] == "running"
    # No joining a running table.
    assert b.post(f"/api/tables/{table['id']}/leave/").status_code == 409


def test_view_shows_own_hand_only(running):
    table_id, clients = running
    for seat, client in clients.items():
        shown = view(client, table_id)
        assert shown["seat"] == seat
        players = shown["view"]["players"]
        assert "hand" in players[seat] and "hand" not in players[1 - seat]
        assert len(players[seat]["hand"]) == players[seat]["hand_count"]


def test_spectators_see_the_public_view_and_cannot_act(running, carol):
    table_id, _ = running
    c = client_for(carol)
    shown = view(c, table_id)
    assert shown["seat"] is None and shown["legal_commands"] == []
    assert all("hand" not in p for p in shown["view"]["players"])
    response = command(c, table_id, {"type": "end_turn"}, shown["version"])
    assert response.status_code == 403


def test_a_legal_command_is_applied_and_returns_the_new_view(running):
    table_id, clients = running
    shown = view(clients[0], table_id)
    mover = shown["view"]["to_move"]
    mine = view(clients[mover], table_id)
    response = command(clients[mover], table_id, mine["legal_commands"][0], mine["version"])
    assert response.status_code == 200, response.content
    assert response.json()["version"] > mine["version"]


def test_an_illegal_command_is_400_with_the_engines_sentence_and_changes_nothing(running):
    table_id, clients = running
    shown = view(clients[0], table_id)
    idle = 1 - shown["view"]["to_move"]
    response = command(clients[idle], table_id, {"type": "end_turn"}, shown["version"])
    assert response.status_code == 400
    assert "turn" in response.json()["detail"].lower()
    mover = shown["view"]["to_move"]
    response = command(clients[mover], table_id, {"type": "juggle"}, shown["version"])
    assert response.status_code == 400 and response.json()["detail"]
    assert view(clients[0], table_id)["version"] == shown["version"]


@pytest.mark.parametrize(
    "body",
    [
        {"command": {"type": "end_turn"}},
        {"command": "end_turn", "expected_version": 2},
        {"expected_version": 2},
        {"command": {"type": "end_turn"}, "expected_version": "soon"},
    ],
)
def test_malformed_command_requests_are_400(running, body):
    table_id, clients = running
    response = clients[0].post(f"/api/tables/{table_id}/commands/", body, format="json")
    assert response.status_code == 400


def test_a_stale_expected_version_is_409_with_the_current_version(running):
    table_id, clients = running
    shown = view(clients[0], table_id)
    mover = shown["view"]["to_move"]
    legal = view(clients[mover], table_id)["legal_commands"]
    response = command(clients[mover], table_id, legal[0], shown["version"] - 1)
    assert response.status_code == 409
    assert response.json()["version"] == shown["version"]
    assert view(clients[0], table_id)["version"] == shown["version"]


def test_acting_for_a_seat_that_is_not_yours_is_403(running):
    table_id, clients = running
    shown = view(clients[0], table_id)
    response = command(clients[0], table_id, {"type": "end_turn"}, shown["version"], seat=1)
    assert response.status_code == 403 and "not yours" in response.json()["detail"]


def test_commands_before_the_start_are_409(alice):
    a = client_for(alice)
    table = create_table(a)
    assert command(a, table["id"], {"type": "end_turn"}, 0).status_code == 409


def test_events_hide_other_hands_and_the_stock_while_the_game_runs(running):
    table_id, clients = running
    for seat, client in clients.items():
        events = client.get(f"/api/tables/{table_id}/events/").json()
        assert [e["version"] for e in events] == list(range(1, len(events) + 1))
        dealt = events[0]["event"]
        mine = view(client, table_id)["view"]["players"][seat]["hand"]
        assert "stock" not in dealt
        assert dealt["hands"][1 - seat] is None
        assert sorted(dealt["hands"][seat]) == sorted(mine)


def test_spectators_events_show_no_hand(running, carol):
    table_id, _ = running
    dealt = client_for(carol).get(f"/api/tables/{table_id}/events/").json()[0]["event"]
    assert dealt["hands"] == [None, None] and "stock" not in dealt


def test_openapi_schema_and_docs_page(alice, client):
    client.force_login(alice)
    schema = client.get("/api/schema/")
    assert schema.status_code == 200 and b"/api/tables/{table_id}/commands/" in schema.content
    docs = client.get("/api/docs/")
    assert docs.status_code == 200 and b"swagger" in docs.content.lower()

"""The REST replay: the view at a step from a perspective, the described moves, who may have them, and
clear 4xx answers for a bad step or perspective."""

import pytest
from api_helpers import client_for
from replay_helpers import NAMES, player, stored_game

from games.engines import get_engine
from games.models import Table
from games.play.names import named

pytestmark = pytest.mark.django_db


def names_of(table):
    return NAMES[: table.seat_count]


def test_a_seat_s_view_at_a_step_is_the_engine_s_view_for_that_seat_then(make_user):
    table, log = stored_game("spank", 4)
    engine = get_engine("spank")
    client = client_for(make_user("walter"))
    for step in (1, 17, len(log)):
        body = client.get(f"/api/tables/{table.id}/replay/?step={step}&as=1").json()
        assert body["step"] == step and body["last_step"] == len(log) and body["as"] == "1"
        assert body["view"] == named(engine.view(engine.fold(log[:step]), 1), names_of(table))
        assert body["hands"] is None
        assert body["move"]["version"] == step
        assert body["move"]["text"] == named(engine.describe_event(log[step - 1], 1), names_of(table))


def test_the_open_view_holds_every_hand(make_user):
    table, log = stored_game("spite", 1)
    engine = get_engine("spite")
    step = len(log) // 2
    state = engine.fold(log[:step])
    body = client_for(make_user("walter")).get(f"/api/tables/{table.id}/replay/?step={step}&as=open").json()
    assert body["as"] == "open"
    for seat, shown in enumerate(body["view"]["players"]):
        own = engine.view(state, seat)["players"][seat]
        assert shown["hand"] == own["hand"] and shown["fake_jokers"] == own["fake_jokers"]
        assert body["hands"][seat]["parts"]["hand"] == own["hand"]


def test_step_zero_is_before_the_first_event_and_the_defaults_are_step_zero_open(make_user):
    table, _ = stored_game("spite_and_malice", 1)
    body = client_for(make_user("walter")).get(f"/api/tables/{table.id}/replay/").json()
    assert (body["step"], body["as"], body["view"], body["move"]) == (0, "open", None, None)


def test_the_moves_are_every_event_in_words_from_the_perspective(make_user):
    table, log = stored_game("spank", 2)
    engine = get_engine("spank")
    client = client_for(make_user("walter"))
    seat_moves = client.get(f"/api/tables/{table.id}/replay/moves/?as=0").json()
    open_moves = client.get(f"/api/tables/{table.id}/replay/moves/?as=open").json()
    assert [move["version"] for move in seat_moves] == list(range(1, len(log) + 1))
    assert [move["text"] for move in seat_moves] == [
        named(engine.describe_event(event, 0), names_of(table)) for event in log
    ]
    assert [move["text"] for move in open_moves] == [
        named(engine.describe_event(event, open=True), names_of(table)) for event in log
    ]
    assert seat_moves != open_moves  # others' draws are counted for seat 0, shown when open


@pytest.mark.parametrize("path", ["replay/?step=3&as=0", "replay/moves/?as=open"])
def test_a_running_game_is_replayed_by_staff_only(path, make_user):
    table, _ = stored_game("spank", 1, upto=30, status=Table.Status.RUNNING)
    refused = client_for(player(0)).get(f"/api/tables/{table.id}/{path}")
    assert refused.status_code == 403
    assert "still being played" in refused.json()["detail"]
    staff = make_user("sam")
    staff.is_staff = True
    staff.save()
    assert client_for(staff).get(f"/api/tables/{table.id}/{path}").status_code == 200


def test_an_unstarted_table_has_no_replay(make_user):
    table = Table.objects.create(game="spank", seat_count=2, host=player(0))
    response = client_for(player(0)).get(f"/api/tables/{table.id}/replay/")
    assert response.status_code == 403 and "nothing to replay" in response.json()["detail"]


@pytest.mark.parametrize(
    "query, words",
    [
        ("step=-1", '"step" must be a whole number from 0 to'),
        ("step=100000", '"step" must be'),
        ("step=two", '"step" must be'),
        ("step=%EF%BC%91", '"step" must be'),
        ("step=" + "9" * 5000, '"step" must be'),
        ("as=" + "1" * 5000, '"as" must be'),
        ("as=9", '"as" must be "open"'),
        ("as=ben", '"as" must be'),
        ("as=%00", '"as" must be'),
    ],
)
def test_a_bad_step_or_perspective_is_a_400_that_says_why(query, words, make_user):
    table, _ = stored_game("spank", 1)
    response = client_for(make_user("walter")).get(f"/api/tables/{table.id}/replay/?{query}")
    assert response.status_code == 400
    assert response.json()["detail"].startswith(words)


def test_a_bad_perspective_for_the_moves_is_a_400(make_user):
    table, _ = stored_game("spank", 1)
    response = client_for(make_user("walter")).get(f"/api/tables/{table.id}/replay/moves/?as=12")
    assert response.status_code == 400 and '"as" must be' in response.json()["detail"]


def test_a_private_game_is_not_found_for_strangers(make_user):
    table, _ = stored_game("spank", 1, private=True)
    assert client_for(make_user("walter")).get(f"/api/tables/{table.id}/replay/").status_code == 404
    assert client_for(player(1)).get(f"/api/tables/{table.id}/replay/").status_code == 200
    invited = client_for(make_user("ivan")).get(f"/api/tables/{table.id}/replay/?invite={table.invite_token}")
    assert invited.status_code == 200

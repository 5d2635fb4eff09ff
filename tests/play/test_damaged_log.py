"""A table whose event log does not fold is shown as damaged wherever it is read, and frozen; never a 500.

The damage is made as it could reach a real log: an event appended to the stream that the engine cannot
apply (seat 0 plays a card it does not hold), which Spite's fold meets as a ValueError.
"""

import json
import logging

import pytest
from api_helpers import client_for
from asgiref.sync import sync_to_async
from django.test import Client
from django.utils.html import escape
from reviews_helpers import spite_table
from socket_helpers import application
from staff_helpers import pass_second_factor

from events import store
from games.errors import TableError
from games.frames import rendering
from games.models import Deadline, Table
from games.play import commands, firing, game_state

SENTENCE = "This table's record is damaged at event {}; staff have been told. Play is stopped."


def damage(table):
    """Append an event the engine cannot apply; its version."""
    version = store.current_version(table.stream)
    store.append(
        table.stream, [{"type": "played", "seat": 0, "id": 99, "cards": ["4C"], "next": 1}], version, game="spite"
    )
    return version + 1


@pytest.fixture
def damaged(players):
    """(table, the version of the event that does not fold)."""
    table = spite_table(players)
    return table, damage(table)


def browser(user):
    client = Client()
    if user.is_staff:
        return pass_second_factor(client, user)
    client.force_login(user)
    return client


def errors_logged(caplog):
    return [record for record in caplog.records if record.levelno == logging.ERROR]


@pytest.mark.django_db
def test_the_table_page_says_so_and_the_damage_is_recorded_and_logged_once(damaged, alice, bob, caplog):
    table, version = damaged
    for user in (alice, bob):
        response = browser(user).get(f"/tables/{table.id}/")
        assert response.status_code == 409
        assert escape(SENTENCE.format(version)) in response.content.decode()
    table.refresh_from_db()
    assert table.damaged_at == version and "ValueError" in table.damage
    [logged] = errors_logged(caplog)
    assert logged.name == "games.play.damaged"
    assert str(table.id) in logged.getMessage() and f"event {version}" in logged.getMessage()


@pytest.mark.django_db
def test_the_api_answers_the_sentence_as_its_refusal(damaged, alice, carol):
    table, version = damaged
    for path in ("view", "events"):
        response = client_for(carol).get(f"/api/tables/{table.id}/{path}/")
        assert response.status_code == 409
        assert response.json() == {"detail": SENTENCE.format(version)}


@pytest.mark.django_db
def test_commands_are_refused_and_nothing_is_appended(damaged, alice):
    table, version = damaged
    response = client_for(alice).post(
        f"/api/tables/{table.id}/commands/",
        {"command": {"type": "play", "cards": ["3S"]}, "expected_version": version},
        format="json",
    )
    assert response.status_code == 409 and response.json()["detail"] == SENTENCE.format(version)
    with pytest.raises(TableError, match="record is damaged at event"):
        commands.submit_system(table, {"type": "timeout"})
    assert store.current_version(table.stream) == version


@pytest.mark.django_db
def test_a_timer_at_the_table_does_nothing_and_is_not_tried_again(damaged):
    table, version = damaged
    deadline = Deadline.objects.create(
        table=table,
        key="countdown-1",
        kind=Deadline.Kind.ENGINE,
        seat=1,
        command={"type": "countdown_expired"},
        version=version - 1,
        due_at="2026-01-01T00:00:00Z",
    )
    assert firing.fire(deadline.pk) is None
    deadline.refresh_from_db()
    assert deadline.fired_at is not None
    assert store.current_version(table.stream) == version


@pytest.mark.django_db
def test_the_lobby_and_the_players_pages_list_it_as_damaged(damaged, alice, carol):
    table, _version = damaged
    game_state.forget_all()
    lobby = browser(carol).get("/lobby/")  # a stranger: the table is among the games in play
    assert lobby.status_code == 200
    assert "its record is damaged: play is stopped" in lobby.content.decode()
    assert "its record is damaged: play is stopped" in rendering.render_lobby_tables(alice)  # a player's own tables


@pytest.mark.django_db
def test_a_finished_damaged_game_leaves_its_players_profiles_whole(damaged, alice, bob):
    table, _version = damaged
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    assert browser(bob).get("/accounts/profile/").status_code == 200
    assert browser(alice).get("/accounts/players/bob/").status_code == 200


@pytest.mark.django_db
def test_the_replay_says_so_at_and_after_the_damage_and_marks_the_steps_before(damaged, make_user):
    table, version = damaged
    staff = make_user("referee")
    staff.is_staff = True
    staff.save()
    page = browser(staff).get(f"/tables/{table.id}/replay/?step={version}&as=open")
    assert page.status_code == 409 and escape(SENTENCE.format(version)) in page.content.decode()
    api = client_for(staff).get(f"/api/tables/{table.id}/replay/?step={version}&as=open")
    assert api.status_code == 409 and api.json() == {"detail": SENTENCE.format(version)}
    before = browser(staff).get(f"/tables/{table.id}/replay/?step={version - 1}&as=open")
    assert before.status_code == 200
    assert f"This table's record is damaged at event {version}" in before.content.decode()


@pytest.mark.django_db
def test_the_review_queue_tells_staff_which_tables_are_damaged(damaged, alice, make_user):
    table, version = damaged
    staff = make_user("referee")
    staff.is_staff = True
    staff.save()
    browser(alice).get(f"/tables/{table.id}/")  # a read finds it
    queue = pass_second_factor(Client(), staff).get("/reviews/").content.decode()
    assert escape(table.name) in queue and f"damaged at event {version}" in queue and "ValueError" in queue


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_socket_says_so_refuses_commands_and_stays_open(players, caplog):
    from channels.testing import WebsocketCommunicator

    alice = players[0]
    table = await sync_to_async(spite_table)(players)
    version = await sync_to_async(damage)(table)
    socket = WebsocketCommunicator(application, f"/ws/tables/{table.id}/")
    socket.scope["user"], socket.scope["session"] = alice, {}
    connected, _ = await socket.connect()
    assert connected
    assert escape(SENTENCE.format(version)) in await socket.receive_from(timeout=10)
    await socket.send_to(
        text_data=json.dumps({"command": {"type": "play", "cards": ["3S"]}, "expected_version": version, "HEADERS": {}})
    )
    assert escape(SENTENCE.format(version)) in await socket.receive_from(timeout=10)
    await socket.send_to(text_data=json.dumps({"chat": "Is the table stuck?", "HEADERS": {}}))
    assert "Is the table stuck?" in await socket.receive_from(timeout=10)  # the socket still works
    await socket.disconnect()
    assert await sync_to_async(store.current_version)(table.stream) == version
    assert len(errors_logged(caplog)) == 1

"""Staff powers at a table need the second factor too (games.play.staff_powers.require_outsider, told by
accounts.staff.mark_second_factor): the replay of a game in play with every hand open and the staff commands,
from a page, the API or a table's socket, are refused to staff whose session entered no code, and always to
an API token."""

import json

import pytest
from api_helpers import command
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client
from rest_framework.test import APIClient
from staff_helpers import give_totp, pass_second_factor

from accounts import tokens
from events import store
from games.live.routing import application
from games.play import game_state
from reviews.models import StaffAction

NEEDS_CODE = "staff need two-factor authentication"
OVERTURN = {"type": "overturn", "ruling": 1, "reason": "The call was wrong."}


@pytest.fixture
def referee(make_user):
    user = make_user("referee")
    user.is_staff = True
    user.save()
    return user


def replay_url(table):
    return f"/tables/{table.id}/replay/?step=5&as=open"


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_the_open_replay_of_a_game_in_play_needs_a_code_in_this_session(ruled, referee):
    table, _ = ruled
    without_totp = logged_in(referee).get(replay_url(table))
    assert without_totp.status_code == 403 and NEEDS_CODE in without_totp.content.decode()
    give_totp(referee)
    without_code = logged_in(referee).get(replay_url(table))
    assert without_code.status_code == 403 and NEEDS_CODE in without_code.content.decode()
    assert pass_second_factor(Client(), referee).get(replay_url(table)).status_code == 200
    assert StaffAction.objects.count() == 1  # the one look let through, in the staff log


@pytest.mark.django_db
def test_an_api_token_never_carries_staff_powers(ruled, referee):
    table, _ = ruled
    version = store.current_version(table.stream)
    give_totp(referee)
    _, key = tokens.create(referee, "script")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    look = client.get(f"/api/tables/{table.id}/replay/?step=5&as=open")
    assert look.status_code == 403 and NEEDS_CODE in look.json()["detail"]
    refused = command(client, table.id, OVERTURN, version)
    assert refused.status_code == 403 and NEEDS_CODE in refused.json()["detail"]
    assert store.current_version(table.stream) == version and not StaffAction.objects.exists()


@pytest.mark.django_db
def test_a_session_that_entered_no_code_gives_no_staff_command(ruled, referee):
    table, _ = ruled
    version = store.current_version(table.stream)
    give_totp(referee)
    client = logged_in(referee)
    refused = client.post(
        f"/api/tables/{table.id}/commands/",
        {"command": OVERTURN, "expected_version": version},
        content_type="application/json",
    )
    assert refused.status_code == 403 and NEEDS_CODE in refused.json()["detail"]
    assert store.current_version(table.stream) == version


async def socket_of(client, table):
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    communicator = WebsocketCommunicator(application, f"/ws/tables/{table.id}/", headers=[(b"cookie", cookie.encode())])
    connected, _ = await communicator.connect()
    assert connected
    await communicator.receive_from(timeout=10)  # the table as it is
    return communicator


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_tables_socket_takes_no_staff_command_from_a_session_without_a_code(ruled, referee):
    table, _ = ruled
    version = await sync_to_async(store.current_version)(table.stream)
    await sync_to_async(give_totp)(referee)
    socket = await socket_of(await sync_to_async(logged_in)(referee), table)
    await socket.send_to(text_data=json.dumps({"command": OVERTURN, "expected_version": version}))
    answer = await socket.receive_from(timeout=10)
    assert NEEDS_CODE in answer
    await socket.disconnect()
    assert (await sync_to_async(game_state.load)(table)).version == version

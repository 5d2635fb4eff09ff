"""Players at the table are told live: a filed dispute and a decision redraw their table (websocket)."""

import pytest
from asgiref.sync import sync_to_async
from reviews_helpers import misplay_ruling
from socket_helpers import connect

from reviews import deciding, filing

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def _staff(make_user):
    user = make_user("referee")
    user.is_staff = True
    user.save()
    return user


async def test_the_table_sees_a_dispute_filed_and_its_decision_live(alice, bob, carol, make_user):
    table, version = await sync_to_async(misplay_ruling)([alice, bob, carol])
    staff = await sync_to_async(_staff)(make_user)
    sockets = [await connect(user, table, read_table=False) for user in (alice, bob)]
    for socket in sockets:
        first = await socket.receive_from(timeout=10)
        assert 'id="table-disputes"' in first and "awaiting staff review" not in first
    dispute = await sync_to_async(filing.file_dispute)(table, bob, version, "A legal pair.")
    for socket in sockets:
        html = await socket.receive_from(timeout=10)
        assert "disputed" in html and "by Bob, awaiting staff review" in html
    await sync_to_async(deciding.decide)(dispute.pk, staff, "overturn", "The pair was legal.")
    seen = ["", ""]
    for n, socket in enumerate(sockets):
        while "Staff overturned the ruling: The pair was legal." not in seen[n]:
            seen[n] = await socket.receive_from(timeout=10)  # the overturn's move, then the disputes read anew
        assert "spite-badge-overturned" in seen[n]  # the game's own ruling shows it too
    for socket in sockets:
        await socket.disconnect()


async def test_a_new_ruling_appears_with_its_dispute_link_live(alice, bob, carol):
    from reviews_helpers import play, spite_table

    from games.play import commands, game_state

    table = await sync_to_async(spite_table)([alice, bob, carol])
    await sync_to_async(play)(table, alice, ["3S"])
    await sync_to_async(play)(table, bob, ["JS", "JH"])
    socket = await connect(bob, table, read_table=False)
    assert 'id="table-disputes"' not in await socket.receive_from(timeout=10)  # no ruling yet

    def call():
        game = game_state.load(table)
        commands.submit(table, carol, {"type": "call_misplay", "play": game.state.window.play}, game.version)

    await sync_to_async(call)()  # made in this process: the live table's fast path
    html = ""
    while 'class="badge spite-badge-ruling"' not in html:
        html = await socket.receive_from(timeout=10)
    assert 'id="table-disputes"' in html and "/rulings/" in html and "dispute-link" in html
    await socket.disconnect()

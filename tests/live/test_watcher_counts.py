"""How many watch a table: each socket of someone without a seat counts (a person once, however many pages;
an anonymous page each), from connecting to closing; the page (asking again every half minute) and the
lobby's games in play show it. Kept in the database, so every web process counts the same."""

import asyncio
import re
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone
from socket_helpers import connect, started_spank_table

from accounts import presence
from accounts.models import Watching
from games.live import watchers
from games.tables import in_play, lobby

pytestmark = pytest.mark.django_db(transaction=True)


async def watching_rows(expected):
    """The users of the watching rows once they are ``expected`` (a socket writes its row just after its first
    frame), or as they are after a few seconds."""
    for _ in range(50):
        rows = await sync_to_async(lambda: sorted(Watching.objects.values_list("user__username", flat=True), key=str))()
        if rows == expected:
            break
        await asyncio.sleep(0.1)
    return rows


@pytest.mark.asyncio
async def test_a_socket_without_a_seat_watches_until_it_closes(alice, bob, carol):
    table = await sync_to_async(started_spank_table)(alice, bob)
    sockets = [await connect(alice, table)]
    try:
        assert await watching_rows([]) == []  # a seated player's page is no watcher
        for user in (carol, carol, AnonymousUser()):
            sockets.append(await connect(user, table))
        assert await watching_rows([None, "carol", "carol"]) == [None, "carol", "carol"]
        count = await sync_to_async(watchers.count)(table.id, [alice.pk, bob.pk])
        assert count == 2  # Carol once, however many pages, and the anonymous page
        for socket in (sockets.pop(), sockets.pop()):
            await socket.disconnect()
        assert await watching_rows(["carol"]) == ["carol"]
    finally:
        for socket in sockets:
            await socket.disconnect()
    assert await watching_rows([]) == []


def test_the_page_and_the_lobby_show_the_count_of_people_without_a_seat(client, alice, bob, carol, make_user):
    table = started_spank_table(alice, bob)
    for channel, user in (("a", carol), ("b", carol), ("c", None), ("d", alice)):
        presence.started_watching(channel, table.id, user or AnonymousUser())
    client.force_login(make_user("dora"))
    page = client.get(f"/tables/{table.id}/").content.decode()
    assert re.search(r'<p id="watchers"[^>]*>\s*2 watching</p>', page)
    assert [game.watchers for game in in_play.games_in_play()] == [2]
    assert "2 watching" in client.get("/lobby/").content.decode()
    again = client.get(f"/tables/{table.id}/watchers/").content.decode()  # the page asks again every 30 s
    assert re.search(r'<p id="watchers"[^>]*>\s*2 watching</p>', again)
    presence.stopped_watching("c")
    assert re.search(
        r'<p id="watchers"[^>]*>\s*1 watching</p>', client.get(f"/tables/{table.id}/watchers/").content.decode()
    )


def test_the_count_of_a_private_table_is_only_for_those_who_may_see_it(client, alice, bob, carol):
    table = lobby.create_table(alice, "spank", 2, {}, private=True)
    client.force_login(carol)
    assert client.get(f"/tables/{table.id}/watchers/").status_code == 404


def test_a_watching_row_nobody_renews_stops_counting_and_is_forgotten(alice, bob, carol):
    table = started_spank_table(alice, bob)
    presence.started_watching("kept", table.id, carol)
    presence.started_watching("lost", table.id, AnonymousUser())  # its process died with the socket
    later = timezone.now() + presence.WATCHING_FRESH + timedelta(seconds=1)
    assert presence.watcher_counts({table.id: set()}, now=later) == {table.id: 0}
    presence.still_watching(["kept"], now=later)  # the heartbeats' sweep renews the open ones
    assert presence.watcher_counts({table.id: set()}, now=later) == {table.id: 1}
    assert list(Watching.objects.values_list("channel", flat=True)) == ["kept"]

"""The live table's move log (the latest lines as the viewer may read them, newest first, in every frame)
and the last move's mark on the board (the places the engine says the latest event changed)."""

import html
import random
import re

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from contract.profiles import profile_of
from django.contrib.auth.models import AnonymousUser
from django.test import Client

from events import store
from games.engines import GAMES
from games.engines.base import SEAT_TO_ACT
from games.frames import move_log, parts
from games.live import table_cache as live
from games.live.routing import websocket_urlpatterns
from games.live.table_cache import LOG_EVENTS
from games.play import commands, game_state
from games.tables import lobby

application = URLRouter(websocket_urlpatterns)


def _started(game, users, options=None):
    table = lobby.create_table(users[0], game, len(users), options or {})
    for user in users[1:]:
        lobby.join_table(table, user)
    lobby.start_table(table, users[0], rng=random.Random(11))
    return table


def _move(table, rng, want_places=False):
    """One random legal move of a seat that may act (one whose events change a board place, if asked)."""
    users = table.seated_users()
    game = game_state.load(table)
    moves = [
        (seat, command)
        for seat in users
        for command in game.engine.legal_commands(game.state, seat)
        if game.engine.sender_of(command) == SEAT_TO_ACT
    ]
    if want_places:
        moves = [
            (seat, command)
            for seat, command in moves
            if any(
                game.engine.places(event)
                for event in game.engine.decide(game.state, seat, command, rng=random.Random(0))
            )
        ]
    seat, command = rng.choice(moves)
    commands.submit(table, users[seat], command, game.version)


def _log(page):
    """The move log's lines, as drawn (newest first)."""
    section = page.split('id="move-log"', 1)[1].split("</section>", 1)[0]
    return [html.unescape(line) for line in re.findall(r"<li[^>]*data-version=\"\d+\">(.*?)</li>", section, re.S)]


def _marked(page):
    """The last move's places the table lists for its script to mark."""
    places = re.search(r'<div id="table-live"[^>]* data-last-places="([^"]*)"', page)
    return places[1].split() if places else []


def _expected(table, seat):
    return [line["text"] for line in reversed(move_log.lines(table, seat=seat))][:LOG_EVENTS]


@pytest.mark.django_db
def test_each_viewer_reads_its_own_log_newest_first_and_a_watcher_the_public_one(alice, bob, carol):
    table = _started("spite_and_malice", [alice, bob], {"win_pile": 5})
    rng = random.Random(2)
    for _ in range(4):
        _move(table, rng)
    pages = {}
    for name, user in (("alice", alice), ("carol", carol), ("visitor", None)):
        browser = Client()
        if user:
            browser.force_login(user)
        pages[name] = browser.get(f"/tables/{table.id}/").content.decode()
    assert _log(pages["alice"]) == _expected(table, 0)
    assert _log(pages["carol"]) == _log(pages["visitor"]) == _expected(table, None)
    assert _log(pages["alice"]) != _log(pages["visitor"])  # the deal tells alice her hand, nobody else


@pytest.mark.django_db
def test_the_log_keeps_the_latest_lines_only(alice, bob):
    table = _started("spank", [alice, bob])
    rng = random.Random(5)
    while game_state.load(table).version <= LOG_EVENTS + 5:
        _move(table, rng)
    browser = Client()
    browser.force_login(alice)
    lines = _log(browser.get(f"/tables/{table.id}/").content.decode())
    assert len(lines) == LOG_EVENTS and lines == _expected(table, 0)


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_the_last_move_is_marked_on_the_board(game, make_user):
    players, options = profile_of(game).short
    users = [make_user(f"p{n}") for n in range(players)]
    table = _started(game, users, options)
    rng = random.Random(8)
    for _ in range(3):
        _move(table, rng, want_places=True)
    game_now = game_state.load(table)
    events = [event.payload for event in store.read(table.stream, game=table.game)]
    latest = next(game_now.engine.places(event) for event in reversed(events) if game_now.engine.places(event))
    for user in (users[0], None):
        browser = Client()
        if user:
            browser.force_login(user)
        page = browser.get(f"/tables/{table.id}/").content.decode()
        assert sorted(_marked(page)) == sorted(set(latest))
        for place in latest:  # each marked place is on the board
            assert f'data-place="{place}"' in page.split('id="move-log"', 1)[0]


@pytest.mark.django_db
def test_a_table_before_any_move_marks_nothing(alice, bob):
    table = _started("spank", [alice, bob])
    page = Client().get(f"/tables/{table.id}/").content.decode()
    assert _marked(page) == [] and len(_log(page)) >= 1  # the deal is a line


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_log_and_the_mark_come_with_every_live_frame(alice, bob):
    table = await sync_to_async(_started)("spite_and_malice", [alice, bob], {"win_pile": 5})
    socket = WebsocketCommunicator(application, f"/ws/tables/{table.id}/")
    socket.scope["user"], socket.scope["session"] = AnonymousUser(), {}
    assert (await socket.connect())[0]
    first = await socket.receive_from(timeout=10)
    await sync_to_async(_move)(table, random.Random(1), True)
    frame = await socket.receive_from(timeout=10)
    assert _log(frame) == await sync_to_async(_expected)(table, None)
    assert len(_log(frame)) > len(_log(first)) and _marked(frame)
    await socket.disconnect()


@pytest.mark.django_db
def test_a_newer_snapshot_reads_only_the_events_it_does_not_hold(alice, bob, django_assert_num_queries):
    table = _started("spank", [alice, bob])
    rng = random.Random(3)
    while game_state.load(table).version < LOG_EVENTS + 3:
        _move(table, rng)
    old_version = game_state.load(table).version
    known = live.recent_events(table, old_version)
    assert [event.version for event in known] == list(range(old_version - LOG_EVENTS + 1, old_version + 1))
    while game_state.load(table).version < old_version + 4:
        _move(table, rng)
    version = game_state.load(table).version
    with django_assert_num_queries(0):  # the moves were made in this process: its state cache holds them
        held = live.recent_events(table, version, known)
    game_state.forget_all()
    with django_assert_num_queries(1):
        recent = live.recent_events(table, version, known)
    assert recent == held == live.recent_events(table, version)  # the same as read afresh
    with django_assert_num_queries(0):
        assert live.recent_events(table, old_version, known) == known


def test_log_and_news_lines_are_escaped_and_kept_apart_by_kind_of_string():
    from django.utils.safestring import mark_safe

    from games.frames.log_lines import log_items, news_items

    lines = [{"version": 3, "text": "Bob <b>spanked</b> & won"}, {"version": 2, "text": "Alice played J♠"}]
    assert log_items(lines) == (
        '<li class="is-latest" data-version="3">Bob &lt;b&gt;spanked&lt;/b&gt; &amp; won</li>'
        '<li data-version="2">Alice played J♠</li>'
    )
    assert log_items(lines) == log_items([dict(line) for line in lines])  # drawn again, from what is kept
    # A safe string is shown as it is, and the same text as a plain string is still escaped.
    assert (
        log_items([{"version": 4, "text": mark_safe("<em>x</em>")}])
        == '<li class="is-latest" data-version="4"><em>x</em></li>'
    )
    assert (
        log_items([{"version": 4, "text": "<em>x</em>"}])
        == '<li class="is-latest" data-version="4">&lt;em&gt;x&lt;/em&gt;</li>'
    )
    assert (
        news_items(lines[1:])
        == '<!--@n2--><p data-announce="event-2" data-announce-version="2">Alice played jack of spades</p>'
    )
    assert log_items([]) == '<li class="empty">No moves yet.</li>'


@pytest.mark.django_db
def test_each_viewers_log_drawn_from_its_previous_one_is_the_log_drawn_afresh(alice, bob, carol, monkeypatch):
    """A live viewer's log is drawn from its previous frame's (log_lines.live_log_items): after every move
    of a whole game, for each seat and a watcher, and for a viewer who skips many versions or goes back to
    an older one, it is what drawing all its lines afresh gives, and only the new events are described."""
    from games.frames import log_lines, rendering

    described = []  # how many events each drawing of a log asked to be described
    live_log_items = log_lines.live_log_items
    monkeypatch.setattr(
        log_lines,
        "live_log_items",
        lambda viewer, events, describe: live_log_items(
            viewer, events, lambda asked: described.append(len(asked)) or describe(asked)
        ),
    )

    def drawn_afresh(table, seat, version, over):
        lines = move_log.lines(table, seat=seat, open=over, after=max(0, version - LOG_EVENTS), upto=version)
        return log_lines.log_items([line for line in reversed(lines) if line["text"]])

    table = _started("spank", [alice, bob])
    rng = random.Random(4)
    snaps = []
    while True:
        snap = live.snapshot(table)
        snaps.append(snap)
        over = snap.game.engine.is_over(snap.game.state)
        viewers = [(alice, 0), (bob, 1)] + ([(carol, None)] if snap.version % 37 == 0 or over else [])
        for user, seat in viewers:
            described.clear()
            drawn = parts.strip(rendering.table_context(snap, user)["move_log"])  # without its parts' markers
            assert drawn == drawn_afresh(table, seat, snap.version, over)
            if seat is not None and len(snaps) > 1 and not over:
                new = snap.version - snaps[-2].version
                assert described == [new]
        if over:
            break
        _move(table, rng)
    assert snap.version > 2 * LOG_EVENTS
    old = snaps[len(snaps) // 2]  # a frame of an older version after newer ones: drawn afresh, the same
    assert parts.strip(rendering.table_context(old, alice)["move_log"]) == drawn_afresh(table, 0, old.version, False)


def test_the_least_recently_drawn_viewers_log_is_the_one_forgotten(monkeypatch):
    from types import SimpleNamespace

    from cachetools import LRUCache

    from games.frames import log_lines

    monkeypatch.setattr(log_lines, "_live_logs", LRUCache(maxsize=2))
    events = [SimpleNamespace(version=1)]
    described = []

    def draw(viewer):
        def describe(asked):
            described.extend(viewer for _ in asked)
            return [{"version": event.version, "text": f"{viewer} saw it"} for event in asked]

        return log_lines.live_log_items(viewer, events, describe)

    for viewer in ("a", "b", "a", "c"):  # "b" is the least recently drawn when "c" comes
        draw(viewer)
    assert described == ["a", "b", "c"] and set(log_lines._live_logs) == {"a", "c"}
    assert draw("b") == '<!--@l1--><li class="is-latest" data-version="1">b saw it</li>' and described[-1] == "b"

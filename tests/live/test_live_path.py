"""The live path's caches and concurrency: what each connection is sent is exactly its own view at the
table's latest version, a move is stored before anyone hears of it, the database pool is bounded, and
many clients racing on one table land exactly one command per version."""

import asyncio
import json
import random
import re
import threading

import pytest
from asgiref.sync import sync_to_async
from autobahn.exception import Disconnected
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from contract.profiles import profile_of
from django.db import OperationalError, connection, connections, transaction

from events import store
from games.engines import GAMES, get_engine
from games.frames import rendering
from games.live import consumers
from games.live import table_cache as live
from games.live.routing import websocket_urlpatterns
from games.play import game_state
from games.tables import lobby

pytestmark = [pytest.mark.django_db(transaction=True)]

application = URLRouter(websocket_urlpatterns)
VERSION = re.compile(r'id="table-live"[^>]*data-version="(\d+)"')
LEGAL = re.compile(r'<script id="legal-commands" type="application/json">(.*?)</script>', re.S)
CLOCK = re.compile(r'data-now-ms="\d+"')


def _started(game, users, options=None):
    table = lobby.create_table(users[0], game, len(users), options or {})
    for user in users[1:]:
        lobby.join_table(table, user)
    lobby.start_table(table, users[0], rng=random.Random(11))
    return table


async def _connect(user, table):
    socket = WebsocketCommunicator(application, f"/ws/tables/{table.id}/")
    socket.scope["user"], socket.scope["session"] = user, {}
    assert (await socket.connect())[0]
    return socket


async def _frame_at_least(socket, version):
    while True:
        html = await socket.receive_from(timeout=10)
        if 'id="table-live"' in html and int(VERSION.search(html)[1]) >= version:
            return html


def _drawn_afresh(table, user, settings):
    """The live table for ``user`` drawn from the database, with no cache: a fresh snapshot, memo off."""
    game_state.forget_all()
    settings.TEMPLATE_MEMO = False
    try:
        return rendering.render_live_table(live.snapshot(table), user)
    finally:
        settings.TEMPLATE_MEMO = True


def _same_page(sent, fresh):
    """Equal but for the server's clock, which each send fills in."""
    return CLOCK.sub("", sent) == CLOCK.sub("", live.for_connection(live.cut(fresh), ""))


@pytest.mark.asyncio
async def test_every_seat_and_a_watcher_are_sent_exactly_their_own_view_after_every_move(make_user, settings):
    players = [await sync_to_async(make_user)(name) for name in ("ana", "ben", "cy")]
    watcher = await sync_to_async(make_user)("wes")
    table = await sync_to_async(_started)("spank", players)
    people = [*players, watcher]
    sockets = [await _connect(user, table) for user in people]
    frames = [await socket.receive_from(timeout=10) for socket in sockets]
    rng = random.Random(5)
    for _move in range(60):
        movers = [n for n, html in enumerate(frames[:3]) if json.loads(LEGAL.search(html)[1])]
        if not movers:
            break  # the game is over
        mover = movers[0]
        version = int(VERSION.search(frames[mover])[1])
        command = rng.choice(json.loads(LEGAL.search(frames[mover])[1]))
        await sockets[mover].send_to(text_data=json.dumps({"command": command, "expected_version": version}))
        frames = [await _frame_at_least(socket, version + 1) for socket in sockets]
        latest = await sync_to_async(store.current_version)(table.stream)
        for user, html in zip(people, frames):
            assert int(VERSION.search(html)[1]) == latest, user
            fresh = await sync_to_async(_drawn_afresh)(table, user, settings)
            assert _same_page(html, fresh), f"{user} was sent something other than its view at {latest}"
    for socket in sockets:
        await socket.disconnect()


@pytest.mark.asyncio
async def test_a_move_is_stored_before_any_client_hears_of_it(make_user, monkeypatch):
    ana, ben = await sync_to_async(make_user)("ana"), await sync_to_async(make_user)("ben")
    table = await sync_to_async(_started)("spank", [ana, ben])
    layer = get_channel_layer()
    real_group_send = layer.group_send
    heard = []

    async def group_send(group, message):
        if message.get("type") == "table.changed":
            stored = await sync_to_async(store.current_version, thread_sensitive=False)(table.stream)
            heard.append((message["version"], stored))
        await real_group_send(group, message)

    monkeypatch.setattr(layer, "group_send", group_send)
    # The mover is shown its move without waiting for the broadcast: each frame is checked as it is sent.
    real_send = consumers.TableConsumer.send
    sent = []

    async def send(consumer, text_data=None, **kwargs):
        if text_data and 'id="table-live"' in text_data:
            stored = await sync_to_async(store.current_version, thread_sensitive=False)(table.stream)
            sent.append((int(VERSION.search(text_data)[1]), stored))
        await real_send(consumer, text_data=text_data, **kwargs)

    monkeypatch.setattr(consumers.TableConsumer, "send", send)
    sockets = [await _connect(user, table) for user in (ana, ben)]
    frames = [await socket.receive_from(timeout=10) for socket in sockets]
    for _move in range(10):
        mover = next(n for n, html in enumerate(frames) if json.loads(LEGAL.search(html)[1]))
        version = int(VERSION.search(frames[mover])[1])
        command = json.loads(LEGAL.search(frames[mover])[1])[0]
        await sockets[mover].send_to(text_data=json.dumps({"command": command, "expected_version": version}))
        frames = [await _frame_at_least(socket, version + 1) for socket in sockets]
    assert len(heard) >= 10
    # Read from another connection while the broadcast was being sent: the move was already there.
    assert all(stored >= version for version, stored in heard), heard
    assert len(sent) >= 20 and all(stored >= version for version, stored in sent), sent
    for socket in sockets:
        await socket.disconnect()


@pytest.mark.asyncio
async def test_fifty_clients_racing_on_one_table_land_exactly_one_command_per_version(make_user):
    ana, ben = await sync_to_async(make_user)("ana"), await sync_to_async(make_user)("ben")
    table = await sync_to_async(_started)("spank", [ana, ben])
    game = await sync_to_async(game_state.load)(table)
    mover = (ana, ben)[game.state.to_move]
    legal = game.engine.legal_commands(game.state, game.state.to_move)
    sockets = [await _connect(mover, table) for _ in range(50)]
    for socket in sockets:
        await socket.receive_from(timeout=10)
    for n, socket in enumerate(sockets):  # every one of them acts on the same version, at once
        await socket.send_to(text_data=json.dumps({"command": legal[n % len(legal)], "expected_version": game.version}))
    answers = await asyncio.gather(*(socket.receive_from(timeout=20) for socket in sockets))
    refused = [answer for answer in answers if "has moved on" in answer]
    landed = [answer for answer in answers if 'id="table-live"' in answer]
    assert len(refused) == 49 and len(landed) == 1
    # The one that landed is the table's latest version: no second command slipped in after it.
    latest = await sync_to_async(store.current_version)(table.stream)
    assert int(VERSION.search(landed[0])[1]) == latest > game.version
    events = await sync_to_async(store.read)(table.stream, after=game.version)
    assert {event.actor_user_id for event in events} == {mover.pk}
    for socket in sockets:
        await socket.disconnect()


def test_the_database_pool_is_bounded(settings):
    """However many threads want a connection at once, the process holds at most the pool's size."""
    if connection.vendor != "postgresql":
        pytest.skip("the pool is PostgreSQL's")
    size = settings.DATABASES["default"]["OPTIONS"]["pool"]["max_size"]
    threads = size + 4
    barrier, lock, release = threading.Barrier(threads, timeout=30), threading.Lock(), threading.Event()
    now, most, backends, errors = [0], [0], set(), []

    def hold():
        try:
            barrier.wait()
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute("SELECT pg_backend_pid()")
                with lock:
                    backends.add(cursor.fetchone()[0])
                    now[0] += 1
                    most[0] = max(most[0], now[0])
                release.wait(timeout=3)
                with lock:
                    now[0] -= 1
        except OperationalError as error:  # waited longer than the pool's timeout
            errors.append(str(error))
        finally:
            connections.close_all()

    workers = [threading.Thread(target=hold) for _ in range(threads)]
    for worker in workers:
        worker.start()
    threading.Timer(1.5, release.set).start()
    for worker in workers:
        worker.join(timeout=60)
    assert most[0] <= size < threads  # the others waited for a connection to come back
    assert len(backends) <= size  # and got one of the same few, not a new one
    assert not errors


@pytest.mark.asyncio
async def test_a_frame_for_a_browser_that_has_just_left_is_dropped_without_an_error():
    """Daphne raises when a frame is sent on a socket the browser closed a moment before (a table's
    broadcast crossing its leaving); the consumer drops it and ends when the disconnect arrives."""
    consumer = consumers.TableConsumer()

    async def closed(message):
        raise Disconnected("Attempt to send on a closed protocol")

    consumer.base_send = closed
    await consumer.send(text_data='<div id="table-live"></div>')


@pytest.mark.asyncio
async def test_the_process_that_made_a_move_shows_it_without_waiting_for_a_task_or_a_thread(make_user):
    """Its state cache holds the game and the move log's events: the next snapshot is made at once (a
    coroutine that finishes without suspending), and it is the snapshot the database gives."""
    ana, ben = await sync_to_async(make_user)("ana"), await sync_to_async(make_user)("ben")
    table = await sync_to_async(_started)("spank", [ana, ben])
    live.attach(table.id)
    try:
        snap = await live.current(table.id)
        for _move in range(5):
            mover = next(
                user for user in (ana, ben) if snap.game.engine.legal_commands(snap.game.state, snap.seat_of(user))
            )
            command = snap.game.engine.legal_commands(snap.game.state, snap.seat_of(mover))[0]
            messages = await sync_to_async(consumers._submit, thread_sensitive=False)(
                snap, mover, command, snap.version
            )
            version = max(message["version"] for _, message in messages if message["type"] == "table.changed")
            showing = live.current(table.id, version, cause="a move")
            with pytest.raises(StopIteration) as made:
                showing.send(None)  # finishes at once: nothing awaited
            snap = made.value.value
            fresh = await sync_to_async(live.snapshot, thread_sensitive=False)(table)
            assert (snap.version, snap.cause) == (version, "a move")
            assert snap.game.state == fresh.game.state
            assert [event.version for event in snap.recent] == [event.version for event in fresh.recent]
    finally:
        live.detach(table.id)


@pytest.mark.asyncio
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
async def test_a_page_joining_partial_frames_shows_the_whole_frame_drawn_afresh(game, seed, make_user, settings):
    """Two seats (Spite's three) and a watcher, random moves: after each, the page that joined the parts it was sent
    (games.frames.parts.Reader, as tests/conftest.py reads every table socket) equals the table drawn
    afresh for it, and what came over the socket after the first frame was a fraction of the whole."""
    options = profile_of(game).short[1]
    seats = max(2, get_engine(game).min_players)  # two where the game allows it (Spite takes three)
    players = [await sync_to_async(make_user)(f"p{n}") for n in range(seats)]
    watcher = await sync_to_async(make_user)("wes")
    table = await sync_to_async(_started)(game, players, options)
    people = [*players, watcher]
    sockets = [await _connect(user, table) for user in people]
    frames = [await socket.receive_from(timeout=10) for socket in sockets]
    rng = random.Random(f"{game}-{seed}")
    for _move in range(40):
        movers = [n for n, html in enumerate(frames[:seats]) if json.loads(LEGAL.search(html)[1])]
        if not movers:
            break  # the game is over
        mover = rng.choice(movers)
        version = int(VERSION.search(frames[mover])[1])
        command = rng.choice(json.loads(LEGAL.search(frames[mover])[1]))
        await sockets[mover].send_to(text_data=json.dumps({"command": command, "expected_version": version}))
        answer = await sockets[mover].receive_from(timeout=10)
        if 'id="table-live"' not in answer:  # refused: the table did not move
            continue
        latest = await sync_to_async(store.current_version)(table.stream)
        frames = [
            answer if n == mover and VERSION.search(answer)[1] == str(latest) else await _frame_at_least(s, latest)
            for n, s in enumerate(sockets)
        ]
        for user, html in zip(people, frames):
            fresh = await sync_to_async(_drawn_afresh)(table, user, settings)
            assert _same_page(html, fresh), f"{user} joined something other than its view at {latest}"
    for socket in sockets:
        raw = socket.raw_frames[1:]
        assert raw and sum(map(len, raw)) < sum(map(len, socket.joined_frames[1:])) / 2
        await socket.disconnect()

"""The floor lane of `make bench-live` (benchmarks/livebench/floor): its socket keeps the turns and refuses in
sentences, and a short run beside Cardroom prints the floor's figures and floor_ratio, its moves stored in
PostgreSQL by the event store. No timing is asserted, only that the figures are there and agree."""

import itertools
import json
import os
import re
import subprocess
import sys
import uuid
from pathlib import Path

import environ
import psycopg
import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from benchmarks.livebench.floor import frame, tables
from benchmarks.livebench.floor.consumer import NO_SUCH_TABLE
from benchmarks.livebench.floor.routing import websocket_urlpatterns
from events import store
from events.chain import GENESIS

REPO = Path(__file__).resolve().parents[2]
FRAME_BYTES = 4000
PLAY = tables.PLAY


def test_a_floor_frame_is_read_back_as_the_lanes_read_it_and_is_as_large_as_asked():
    text = frame.table(7, 1, True, False, FRAME_BYTES)
    read = frame.parse(text)
    assert (read.kind, read.version, read.seat, read.legal, read.over) == ("table", 7, 1, [PLAY], False)
    assert abs(len(text.encode()) - FRAME_BYTES) <= 8
    assert frame.parse(frame.table(9, 0, False, True, FRAME_BYTES)).over
    refused = frame.parse(frame.refusal("It is not your turn."))
    assert refused.kind == "refusal" and refused.message == "It is not your turn."
    with pytest.raises(frame.BadFrame):
        frame.parse('<div id="table-live" data-version="3">')


@pytest.fixture
def floor_settings(settings):
    """What benchmarks/livebench/floor/settings.py adds to Cardroom's, with games three moves long."""
    settings.FLOOR_FRAME_BYTES, settings.FLOOR_MOVES_PER_GAME = FRAME_BYTES, 3


async def _connect(user, table_id):
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/tables/{table_id}/")
    communicator.scope.update(user=user, session={})
    return communicator, await communicator.connect()


async def _read(communicator):
    return frame.parse(await communicator.receive_from(timeout=10))


async def _send(communicator, version, command=PLAY):
    await communicator.send_to(text_data=json.dumps({"command": command, "expected_version": version}))


async def _dealt(host, guest):
    table_id = uuid.uuid4()
    await sync_to_async(tables.join)(table_id, guest)
    assert await sync_to_async(tables.deal)(table_id, host) == tables.DEALT
    return table_id


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_floor_socket_takes_turns_refuses_in_sentences_and_ends_the_game(alice, bob, floor_settings):
    table_id = await _dealt(alice, bob)
    (host, _), (guest, _) = await _connect(alice, table_id), await _connect(bob, table_id)
    assert [(f.version, f.seat, f.legal) for f in (await _read(host), await _read(guest))] == [
        (1, 0, [PLAY]),
        (1, 1, []),
    ]

    await _send(guest, 1)
    assert (await _read(guest)).message == "It is not your turn."
    await guest.send_to(text_data="{not json")
    assert (await _read(guest)).message.startswith("That is not valid JSON")
    await _send(host, "one")
    assert '"expected_version"' in (await _read(host)).message

    await _send(host, 1)
    assert [(f.version, f.legal) for f in (await _read(host), await _read(guest))] == [(2, []), (2, [PLAY])]
    await _send(guest, 2)
    assert [(f.version, f.legal) for f in (await _read(guest), await _read(host))] == [(3, []), (3, [PLAY])]
    await _send(guest, 2)  # its turn at the version it saw, but the table has moved on since
    assert "has moved on" in (await _read(guest)).message
    await _send(host, 3, {"type": "pass"})
    assert (await _read(host)).message == 'The only move here is {"type": "play"}.'
    await _send(host, 3)
    assert [(f.version, f.over, f.legal) for f in (await _read(host), await _read(guest))] == [
        (4, True, []),
        (4, True, []),
    ]
    await _send(guest, 4)
    assert (await _read(guest)).message == "This game is over."
    assert await host.receive_nothing() and await guest.receive_nothing()

    stored = await sync_to_async(store.read)(tables.stream(table_id))
    assert [(e.version, e.type, e.actor_user_id) for e in stored] == [
        (1, "dealt", alice.pk),
        (2, "moved", alice.pk),
        (3, "moved", bob.pk),
        (4, "moved", alice.pk),
    ]
    await host.disconnect()
    await guest.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_floor_socket_is_refused_before_the_deal_and_to_a_stranger(alice, bob, carol, floor_settings):
    table_id = uuid.uuid4()
    assert (await _connect(alice, table_id))[1] == (False, NO_SUCH_TABLE)
    await sync_to_async(tables.join)(table_id, bob)
    await sync_to_async(tables.deal)(table_id, alice)
    assert (await _connect(carol, table_id))[1] == (False, NO_SUCH_TABLE)
    communicator, connected = await _connect(bob, table_id)
    assert connected == (True, None) and (await _read(communicator)).seat == 1
    await communicator.disconnect()


def _bench_urls():
    """A database and a Redis db for the benchmark (it drops the one and flushes the other): the BENCH_* of
    the environment, else beside this run's own (the Redis db 8 above the run's, of 16: make test's are 0 and 1)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    database = os.environ.get("BENCH_DATABASE_URL") or re.sub(
        r"/([^/]+)$", rf"/\1_floor_lane{'_' + worker if worker else ''}", os.environ["DATABASE_URL"]
    )
    redis_url = os.environ["REDIS_URL"]
    db = re.search(r"/(\d+)$", redis_url)
    base = redis_url[: db.start()] if db else redis_url.rstrip("/")
    return database, os.environ.get("BENCH_REDIS_URL") or f"{base}/{((int(db.group(1)) if db else 0) + 8) % 16}"


def test_a_short_floor_lane_beside_cardroom_prints_its_figures_and_stores_its_moves():
    database, redis = _bench_urls()
    try:
        run = subprocess.run(
            [sys.executable, "benchmarks/bench_live.py", "--database-url", database, "--redis-url", redis]
            + ["--tables", "3", "--seconds", "2", "--warmup", "1", "--ramp", "0"],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=180,
        )
        assert run.returncode == 0, run.stderr[-2000:]
        line = json.loads(run.stdout.strip().splitlines()[-1])
        floor = line["floor"]
        assert "failed" not in line and "failed" not in floor, line
        with _connected(database, environ.Env.db_url_config(database)["NAME"]) as bench:
            rows = bench.execute(
                "SELECT stream, version, type, actor_user_id, previous, hash FROM events_event "
                "WHERE stream LIKE 'floor-%%' ORDER BY stream, version"
            ).fetchall()
    finally:
        _drop(database)

    assert (line["target"], floor["target"]) == ("cardroom", "floor")
    assert line["floor_ratio"] > 0 and line["floor_ratio_daphne"] > 0
    for run_of in (line, floor):
        assert run_of["moves"] > 0 and run_of["errors"] == {} and run_of["correctness"]["ok"], run_of
        assert run_of["moves_per_server_cpu_s"]["daphne"] > 0
        assert run_of["moves_per_server_cpu_s"]["daphne_postgres_redis"] > 0
        assert run_of["bytes_per_move"] > 0 and run_of["bytes_per_frame"] > 0 and run_of["frames_per_move"] > 0
        assert [log["tracebacks"] for log in run_of["server_log"]] == [0], run_of["server_log"]
    ours, theirs = line["moves_per_server_cpu_s"], floor["moves_per_server_cpu_s"]
    assert theirs["daphne_postgres_redis"] == pytest.approx(line["floor_ratio"] * ours["daphne_postgres_redis"], 0.01)
    # Shaped after Cardroom's run: its frames as large.
    assert floor["shaped_by"]["FLOOR_FRAME_BYTES"] == str(line["bytes_per_frame"])
    assert floor["bytes_per_frame"] == pytest.approx(line["bytes_per_frame"], rel=0.1)

    # Every move the floor's seats saw answered is an event in PostgreSQL, by its mover, linked into its
    # stream's hash chain by the event store: the same append as Cardroom's.
    checked = floor["correctness"]
    moved = [row for row in rows if row[2] == "moved"]
    assert len(moved) == checked["moves_in_log"] + checked["events_unseen_in_flight"] >= floor["moves_total"] > 0
    assert len(rows) == checked["events_in_log"] and all(row[3] is not None for row in rows)
    for _, events in itertools.groupby(rows, key=lambda row: row[0]):
        events = list(events)
        assert [row[1] for row in events] == list(range(1, len(events) + 1)) and events[0][2] == "dealt"
        assert [row[4] for row in events] == [GENESIS] + [row[5] for row in events[:-1]]


def _connected(url, dbname):
    config = environ.Env.db_url_config(url)
    return psycopg.connect(
        host=config["HOST"], port=config["PORT"] or 5432, user=config["USER"], dbname=dbname, autocommit=True
    )


def _drop(url):
    """The benchmark's database and its role (bench_live makes a role named after the database)."""
    name = environ.Env.db_url_config(url)["NAME"]
    with _connected(url, "postgres") as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'DROP ROLE IF EXISTS "{name}"')

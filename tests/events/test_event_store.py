"""The event store: ordered, gap-free streams; one winner per version; append-only."""

import threading

import pytest
from django.db import DatabaseError, connection, connections, transaction

from events import store, upcasting
from events.models import AppendOnlyError, Event
from events.store import SYSTEM, Actor, ConcurrencyConflict

pytestmark = pytest.mark.django_db


def test_append_numbers_events_from_one_and_read_returns_them_in_order():
    assert store.append("s1", [{"type": "a", "n": 1}, {"type": "b", "n": 2}], 0) == 2
    assert store.append("s1", [{"type": "c", "n": 3}], 2) == 3
    events = store.read("s1")
    assert [(e.version, e.type, e.payload["n"]) for e in events] == [(1, "a", 1), (2, "b", 2), (3, "c", 3)]


def test_read_upto_and_after_slice_the_stream():
    store.append("s1", [{"type": "x", "n": n} for n in range(5)], 0)
    assert [e.version for e in store.read("s1", upto=2)] == [1, 2]
    assert [e.version for e in store.read("s1", after=3)] == [4, 5]
    assert store.read("nothing-here") == []


def test_read_last_gives_the_latest_events_in_order_in_one_query(django_assert_num_queries):
    store.append("s1", [{"type": "x", "n": n} for n in range(5)], 0)
    with django_assert_num_queries(1):
        assert [e.version for e in store.read("s1", last=2)] == [4, 5]
    assert [e.version for e in store.read("s1", last=9)] == [1, 2, 3, 4, 5]
    assert [e.version for e in store.read("s1", upto=3, last=2)] == [2, 3]
    assert [e.version for e in store.read("s1", after=4, last=3)] == [5]
    assert store.read("s1", last=0) == [] and store.read("nothing-here", last=3) == []


def test_streams_are_independent():
    store.append("s1", [{"type": "x"}], 0)
    assert store.append("s2", [{"type": "y"}], 0) == 1
    assert store.current_version("s1") == 1


@pytest.mark.parametrize("expected", [0, 2, 5])
def test_append_at_a_wrong_expected_version_conflicts_and_writes_nothing(expected):
    store.append("s1", [{"type": "x"}], 0)
    with pytest.raises(ConcurrencyConflict) as raised:
        store.append("s1", [{"type": "y"}, {"type": "z"}], expected)
    assert raised.value.actual == 1
    assert [e.type for e in store.read("s1")] == ["x"]


def test_actor_is_recorded(alice):
    store.append("s1", [{"type": "x"}], 0, Actor.user(alice))
    store.append("s1", [{"type": "y"}], 1, SYSTEM)
    store.append("s1", [{"type": "z"}], 2, Actor.staff(alice))
    assert [(e.actor_kind, e.actor_user_id) for e in store.read("s1")] == [
        ("user", alice.pk),
        ("system", None),
        ("staff", alice.pk),
    ]


def test_the_model_refuses_update_and_delete():
    store.append("s1", [{"type": "x"}], 0)
    event = Event.objects.get()
    event.type = "forged"
    with pytest.raises(AppendOnlyError):
        event.save()
    with pytest.raises(AppendOnlyError):
        event.delete()
    with pytest.raises(AppendOnlyError):
        Event.objects.filter(stream="s1").update(type="forged")
    with pytest.raises(AppendOnlyError):
        Event.objects.filter(stream="s1").delete()
    assert Event.objects.get().type == "x"


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the trigger exists on PostgreSQL")
@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE events_event SET type = 'forged'",
        "UPDATE events_event SET payload = '{}'::jsonb WHERE version = 1",
        "DELETE FROM events_event",
        "DELETE FROM events_event WHERE version = 1",
    ],
)
def test_the_database_refuses_update_and_delete(sql):
    store.append("s1", [{"type": "x"}], 0)
    with pytest.raises(DatabaseError, match="append-only"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql)
    assert [(e.version, e.type) for e in store.read("s1")] == [(1, "x")]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the trigger exists on PostgreSQL")
@pytest.mark.django_db(transaction=True)  # committed rows: TRUNCATE refuses a transaction with pending FK checks
@pytest.mark.parametrize("sql", ["TRUNCATE events_event", "TRUNCATE accounts_user CASCADE"])
def test_the_database_refuses_truncate_even_to_the_owner(sql):
    # The test run connects as a superuser; only its flush between tests may empty the table (conftest.py).
    store.append("s1", [{"type": "x"}], 0)
    with pytest.raises(DatabaseError, match="append-only: TRUNCATE is not allowed"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql)
    assert [(e.version, e.type) for e in store.read("s1")] == [(1, "x")]


def test_make_test_runs_on_postgresql():
    # The suite's promise: make test exercises the real database, not SQLite.
    import os

    if os.environ.get("DATABASE_URL", "").startswith("postgres"):
        assert connection.vendor == "postgresql"


@pytest.mark.skipif(connection.vendor != "postgresql", reason="prepared statements are PostgreSQL's")
def test_the_append_is_prepared_once_per_connection_and_reused():
    for version in range(3):
        store.append("prepared", [{"type": "x", "n": version}], version)
    store.append("prepared", [{"type": "y"}, {"type": "z"}], 3)  # two rows: a statement of its own
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT statement FROM pg_prepared_statements WHERE statement LIKE %s", ['INSERT INTO "events_event"%']
        )
        statements = [row[0] for row in cursor.fetchall()]
    assert len(statements) == 2, statements
    assert [e.type for e in store.read("prepared")] == ["x", "x", "x", "y", "z"]


def test_a_conflict_inside_a_transaction_leaves_the_transaction_usable():
    with transaction.atomic():
        store.append("inside", [{"type": "a"}], 0)
        with pytest.raises(ConcurrencyConflict):
            store.append("inside", [{"type": "late"}], 0)
        assert store.append("inside", [{"type": "b"}], 1) == 2
    assert [e.type for e in store.read("inside")] == ["a", "b"]


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_writers_at_the_same_version_exactly_one_wins():
    store.append("race", [{"type": "start"}], 0)
    barrier = threading.Barrier(2)
    results = []

    def writer(name):
        try:
            barrier.wait()
            with transaction.atomic():
                # Both read version 1 before either inserts, then race to insert version 2.
                assert store.current_version("race") == 1
                barrier.wait()
                results.append(("won", name, store.append("race", [{"type": name}], 1)))
        except ConcurrencyConflict as conflict:
            results.append(("lost", name, conflict.actual))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=writer, args=(name,)) for name in ("w1", "w2")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    outcomes = sorted(result[0] for result in results)
    assert outcomes == ["lost", "won"], results
    events = store.read("race")
    winner = next(result[1] for result in results if result[0] == "won")
    assert [e.type for e in events] == ["start", winner]


@pytest.mark.django_db(transaction=True)
def test_many_concurrent_writers_never_lose_or_interleave_events():
    """Each writer retries on conflict; every batch lands whole, in some order, with no gaps."""
    writers, batches = 4, 5

    def writer(name):
        try:
            for batch in range(batches):
                while True:
                    version = store.current_version("busy")
                    try:
                        store.append("busy", [{"type": name, "batch": batch, "part": p} for p in range(3)], version)
                        break
                    except ConcurrencyConflict:
                        continue
        finally:
            connections.close_all()

    threads = [threading.Thread(target=writer, args=(f"w{i}",)) for i in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    events = store.read("busy")
    assert [e.version for e in events] == list(range(1, writers * batches * 3 + 1))
    for start in range(0, len(events), 3):
        batch = events[start : start + 3]
        assert len({(e.type, e.payload["batch"]) for e in batch}) == 1
        assert [e.payload["part"] for e in batch] == [0, 1, 2]


def test_upcasters_read_old_shapes_as_new_without_rewriting(monkeypatch):
    store.append("s1", [{"type": "renamed", "old_name": 5}], 0, game="spank")

    def rename(payload):
        payload = dict(payload)
        payload["new_name"] = payload.pop("old_name")
        return payload

    monkeypatch.setitem(upcasting._UPCASTERS, "spank", {("renamed", 1): rename})
    assert store.read("s1")[0].payload == {"type": "renamed", "new_name": 5}
    assert Event.objects.get().payload == {"type": "renamed", "old_name": 5}
    # Events written from now on carry the new schema number and are not upcast again.
    store.append("s1", [{"type": "renamed", "new_name": 6}], 1, game="spank")
    assert Event.objects.get(version=2).schema == 2
    assert store.read("s1")[1].payload == {"type": "renamed", "new_name": 6}


def test_an_event_stored_before_rows_recorded_their_game_is_upcast_by_the_stream_s_game(monkeypatch):
    store.append("s1", [{"type": "renamed", "old_name": 5}], 0)  # no game recorded
    assert Event.objects.get().game == ""
    monkeypatch.setitem(upcasting._UPCASTERS, "spite", {("renamed", 1): lambda p: {**p, "up": True}})
    assert store.read("s1")[0].payload == {"type": "renamed", "old_name": 5}  # whose, it cannot tell
    assert store.read("s1", game="spite")[0].payload == {"type": "renamed", "old_name": 5, "up": True}

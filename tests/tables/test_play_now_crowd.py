"""Play now under a crowd: 200 players press it at once, spread over two web processes (two OS processes
of a hundred threads each, on this run's PostgreSQL database), and every one of them is seated exactly once,
at a full table of the size they asked for."""

import time
from collections import Counter

import pytest
from django.db import connection
from test_timers_worker import database_url

from accounts.models import User
from benchmarks.play_now_crowd import run_crowd
from events import store
from games.models import QueuedPlayer, Seat, Table

# Wishes whose tables add up exactly: every player can be seated, by people alone.
WISHES = [("spank", 2)] * 40 + [("spank", None)] * 40 + [("spite_and_malice", 4)] * 60 + [("spite", 3)] * 60
TABLES = 40 + 15 + 20

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("two processes share the queue through the test run's PostgreSQL database")


def test_two_hundred_joiners_over_two_processes_are_each_seated_once(tmp_path):
    users = User.objects.bulk_create(
        User(username=f"crowd{n}", display_name=f"Crowd {n}", password="!") for n in range(len(WISHES))
    )
    wish_of = {user.pk: wish for user, wish in zip(users, WISHES, strict=True)}
    started = time.monotonic()
    joiners = [[user.pk, *wish] for user, wish in zip(users, WISHES, strict=True)]
    reports = run_crowd(joiners, tmp_path, database_url())
    assert time.monotonic() - started < 50
    assert [report["errors"] for report in reports] == [[], []]
    assert sum(report["joined"] for report in reports) == len(WISHES)

    rows = {row.user_id: row for row in QueuedPlayer.objects.all()}
    assert set(rows) == set(wish_of) and all(row.table_id for row in rows.values())
    seats = Seat.objects.filter(user__in=users)
    assert Counter(seat.user_id for seat in seats) == Counter(set(wish_of))  # each exactly once
    assert all(rows[seat.user_id].table_id == seat.table_id for seat in seats)

    tables = Table.objects.prefetch_related("seats")
    assert len(tables) == TABLES
    for table in tables:
        seated = list(table.seats.all())
        assert table.status == Table.Status.RUNNING and store.current_version(table.stream) >= 1
        assert len(seated) == table.seat_count and not any(seat.bot for seat in seated)
        assert {wish_of[seat.user_id][0] for seat in seated} == {table.game}
        assert all(wish_of[seat.user_id][1] in (None, table.seat_count) for seat in seated)
        assert table.host_id == next(seat.user_id for seat in seated if seat.number == 0)


def test_a_player_leaving_as_their_table_is_dealt_is_either_seated_or_gone(make_user):
    from race_helpers import race

    from games.errors import Conflict
    from games.tables import play_now

    ana, bob = make_user("ana"), make_user("bob")
    for _ in range(15):  # either may come first; both do, over the rounds
        QueuedPlayer.objects.all().delete()
        play_now.join(ana, "spank", 2)
        left, joined = race(lambda: play_now.leave(ana), lambda: play_now.join(bob, "spank", 2))
        assert not isinstance(joined, Exception), joined
        if isinstance(left, Conflict):  # the deal came first: Ana holds her seat, and was told where
            assert joined.table is not None and joined.table.seats.filter(user=ana).exists()
            assert f"/tables/{joined.table_id}/" in left.message
        else:  # the leave came first: Bob waits alone
            assert left is None and joined.table is None and not QueuedPlayer.objects.filter(user=ana).exists()

"""Timers (games.play.timers): deadlines set after appends, fired once when due (games.play.firing.fire_due), by
beat's tick or by the run queued after commit for the deadline's time.

These run on any database with the queued run replaced by a recorder; tests/play/test_timers_worker.py
fires them through a real worker and beat on Redis.
"""

import threading
import time
from datetime import timedelta

import counter_engine
import pytest
from counter_engine import CounterEngine
from django.db import connection
from django.utils import timezone

from events import store
from games import tasks
from games.engines import GAMES
from games.errors import BadRequest, Forbidden
from games.models import Deadline
from games.play import broadcast, commands, firing, game_state, timers
from games.tables import lobby

pytestmark = pytest.mark.django_db


@pytest.fixture
def counter(monkeypatch):
    counter_engine.install(monkeypatch)


@pytest.fixture
def queued(monkeypatch):
    """The runs of the firing job queued, as (due_by, eta), instead of sent to a broker."""
    jobs = []

    def send_task(name, kwargs, eta):
        assert name == tasks.fire_due_deadlines.name  # scheduling names the job it cannot import
        jobs.append((kwargs["due_by"], eta))

    monkeypatch.setattr(timers.current_app, "send_task", send_task)
    return jobs


@pytest.fixture
def start(counter, alice, bob):
    """start(turn_clock=None): a started two-seat counter table (alice at seat 0, bob at seat 1)."""

    def start_table(turn_clock=None):
        table = lobby.create_table(alice, "counter", 2, turn_clock=turn_clock)
        lobby.join_table(table, bob)
        lobby.start_table(table, alice)
        return table

    return start_table


def act(table, user, command):
    return commands.submit(table, user, command, store.current_version(table.stream))


def total(table):
    return game_state.load(table).state["total"]


def deadline_for(table, command, due_in=-1, kind=Deadline.Kind.ENGINE, key="test-1", seat=None):
    return Deadline.objects.create(
        table=table,
        key=key,
        kind=kind,
        seat=seat,
        command=command,
        version=store.current_version(table.stream),
        due_at=timezone.now() + timedelta(seconds=due_in),
    )


# --- setting deadlines ------------------------------------------------------------


def test_a_countdown_sets_a_deadline_and_a_run_at_its_time_queued_only_once_committed(
    start, alice, bob, queued, django_capture_on_commit_callbacks
):
    table = start()
    before = timezone.now()
    with django_capture_on_commit_callbacks() as callbacks:
        act(table, bob, {"type": "start_countdown", "seconds": 6})
    deadline = Deadline.objects.get(table=table)
    assert (deadline.key, deadline.kind, deadline.seat) == ("countdown-1", "engine", 0)
    assert deadline.command == {"type": "countdown_expired", "countdown": 1}
    assert deadline.version == 2 and deadline.fired_at is None
    assert before + timedelta(seconds=6) <= deadline.due_at <= timezone.now() + timedelta(seconds=6)
    assert queued == []  # nothing is sent while the transaction is open
    for callback in callbacks:
        callback()
    assert queued == [(deadline.due_at.isoformat(), deadline.due_at)]


def test_a_timer_running_over_several_appends_is_set_once(start, bob):
    table = start()
    act(table, bob, {"type": "start_countdown"})
    game = game_state.load(table)
    again = timers.deadlines(table, game.engine, game.state, game.state, game.version + 1)
    assert [deadline.key for deadline in again] == ["countdown-1"]  # still running...
    assert timers.record(table, again) == []  # ...and recorded once
    assert Deadline.objects.filter(table=table).count() == 1


def test_no_turn_deadlines_without_a_turn_clock(start, alice):
    table = start()
    act(table, alice, {"type": "add"})
    assert not Deadline.objects.filter(table=table).exists()


def test_a_turn_clock_sets_a_deadline_each_time_the_seat_to_act_changes(start, alice, bob):
    table = start(turn_clock=15)
    first = Deadline.objects.get(table=table)  # the deal starts seat 0's turn
    assert (first.key, first.kind, first.seat) == ("turn-1", "turn", 0)
    assert first.command == {"type": "turn_timeout", "seat": 0}
    assert timedelta(seconds=14) < first.due_at - first.created_at <= timedelta(seconds=15)
    act(table, bob, {"type": "start_countdown"})  # seat 0 still to act: no new turn
    assert set(Deadline.objects.values_list("key", flat=True)) == {"turn-1", "countdown-1"}
    act(table, alice, {"type": "add"})
    second = Deadline.objects.get(key="turn-3")
    assert (second.seat, second.command) == (1, {"type": "turn_timeout", "seat": 1})


def test_no_deadlines_once_the_game_is_over(start, alice):
    table = start(turn_clock=15)
    commands.submit_system(table, {"type": "finish"})
    assert list(Deadline.objects.values_list("key", flat=True)) == ["turn-1"]
    assert timers.active_deadlines(table) == []


# --- firing -----------------------------------------------------------------------


def test_an_expired_countdown_is_submitted_as_the_system(start, bob):
    table = start()
    act(table, bob, {"type": "start_countdown"})
    deadline = Deadline.objects.get(table=table)
    assert firing.fire(deadline.pk) == 3
    last = store.read(table.stream)[-1]
    assert last.payload == {"type": "added", "by": 100} and last.actor_kind == "system"
    deadline.refresh_from_db()
    assert deadline.fired_at is not None


def test_a_countdown_the_seat_ended_by_playing_does_nothing(start, alice, bob):
    table = start()
    act(table, bob, {"type": "start_countdown"})
    act(table, alice, {"type": "add"})
    assert firing.fire(Deadline.objects.get(table=table).pk) is None
    assert store.current_version(table.stream) == 3 and total(table) == 1
    assert Deadline.objects.get(table=table).fired_at is not None


def test_firing_twice_applies_once(start):
    """The command itself (bump: +10) is not idempotent; only the deadline's claim stops a second run."""
    table = start()
    deadline = deadline_for(table, {"type": "bump"})
    assert firing.fire(deadline.pk) == 2
    assert firing.fire(deadline.pk) is None
    assert tasks.fire_due_deadlines(deadline.due_at.isoformat()) == 0  # its run again (redelivered): nothing due
    assert total(table) == 10 and store.current_version(table.stream) == 2


def test_a_deadline_that_is_gone_does_nothing(start):
    assert firing.fire(123456) is None


def test_a_failed_fire_stays_unfired_for_the_next_try(start, monkeypatch):
    table = start()
    deadline = deadline_for(table, {"type": "bump"})
    submit_system = commands.submit_system

    def broken(*args, **kwargs):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(commands, "submit_system", broken)
    with pytest.raises(RuntimeError):
        firing.fire(deadline.pk)
    deadline.refresh_from_db()
    assert deadline.fired_at is None
    monkeypatch.setattr(commands, "submit_system", submit_system)
    assert firing.fire(deadline.pk) == 2


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_fires_apply_once(start, monkeypatch):
    """Two workers run the same job at once: the first holds the row until its append commits."""
    if connection.vendor != "postgresql":
        pytest.skip("concurrent writers need PostgreSQL (make test)")
    table = start()
    deadline = deadline_for(table, {"type": "bump"})
    submit_system = commands.submit_system

    def slow_submit(*args, **kwargs):
        time.sleep(0.5)  # hold the claimed row while the other worker tries for it
        return submit_system(*args, **kwargs)

    monkeypatch.setattr(commands, "submit_system", slow_submit)
    barrier = threading.Barrier(2)
    results = []

    def worker():
        try:
            barrier.wait()
            results.append(firing.fire(deadline.pk))
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert sorted(results, key=str) == [2, None]
    game_state.forget_all()
    assert total(table) == 10 and store.current_version(table.stream) == 2


def test_a_turn_timeout_fires_only_for_the_turn_still_running(start, alice):
    table = start(turn_clock=15)
    first = Deadline.objects.get(key="turn-1")
    act(table, alice, {"type": "add"})
    assert firing.fire(first.pk) is None  # seat 0's turn is over: a newer turn began
    assert store.current_version(table.stream) == 2
    second = Deadline.objects.get(key="turn-2")
    assert firing.fire(second.pk) == 4
    events = [event.payload for event in store.read(table.stream, after=2)]
    assert events == [{"type": "timed_out", "seat": 1}, {"type": "added", "by": 1, "auto": True}]
    assert Deadline.objects.get(key="turn-4").seat == 0  # the timeout began seat 0's turn


def test_a_turn_timeout_for_a_seat_no_longer_to_act_does_nothing(start):
    table = start()
    deadline = deadline_for(table, {"type": "turn_timeout", "seat": 1}, kind=Deadline.Kind.TURN, key="turn-1", seat=1)
    assert firing.fire(deadline.pk) is None
    assert store.current_version(table.stream) == 1


def test_a_run_fires_due_deadlines_only(start):
    table = start()
    due = deadline_for(table, {"type": "bump"}, due_in=-2, key="due")
    later = deadline_for(table, {"type": "bump"}, due_in=60, key="later")
    assert firing.fire_due() == 1
    assert firing.fire_due() == 0
    due.refresh_from_db(), later.refresh_from_db()
    assert due.fired_at is not None and later.fired_at is None
    assert total(table) == 10


def test_a_run_carries_on_past_a_deadline_that_fails(start, monkeypatch):
    table = start()
    first = deadline_for(table, {"type": "bump"}, due_in=-3, key="first")
    deadline_for(table, {"type": "bump"}, due_in=-2, key="second")
    fire = firing.fire

    def fail_first(pk):
        if pk == first.pk:
            raise RuntimeError("boom")
        return fire(pk)

    monkeypatch.setattr(firing, "fire", fail_first)
    assert firing.fire_due() == 2
    assert total(table) == 10
    assert list(Deadline.objects.filter(fired_at__isnull=True).values_list("key", flat=True)) == ["first"]


def test_a_run_queued_for_a_deadlines_time_fires_it_even_if_woken_a_moment_early(start):
    table = start()
    deadline = deadline_for(table, {"type": "bump"}, due_in=0.5)
    assert firing.fire_due() == 0  # not due yet by the clock...
    assert tasks.fire_due_deadlines(deadline.due_at.isoformat()) == 1  # ...but its own run was meant for it
    assert total(table) == 10


def test_a_deadline_whose_queued_run_is_lost_fires_on_beats_tick(start, bob, queued, settings):
    """The move's run for the countdown's time never reaches a worker (a broker restarted): the row is
    the timer, and the job beat runs every tick, with no arguments, fires it once it is due."""
    table = start()
    act(table, bob, {"type": "start_countdown", "seconds": 6})
    queued.clear()  # lost
    deadline = Deadline.objects.get(table=table)
    assert tasks.fire_due_deadlines.apply().get() == 0  # a tick before its time
    Deadline.objects.filter(pk=deadline.pk).update(due_at=timezone.now() - timedelta(seconds=1))  # its time passed
    assert tasks.fire_due_deadlines.apply().get() == 1  # the next tick
    deadline.refresh_from_db()
    assert deadline.fired_at is not None
    assert store.read(table.stream)[-1].payload == {"type": "added", "by": 100}
    entry = settings.CELERY_BEAT_SCHEDULE["fire-due-deadlines"]
    assert entry["task"] == tasks.fire_due_deadlines.name and entry["schedule"] == settings.DEADLINE_TICK_SECONDS == 1


@pytest.mark.django_db(transaction=True)
def test_a_run_skips_a_deadline_another_worker_is_firing_and_fires_the_next(start, monkeypatch):
    """Beat's tick and a queued run overlap on two workers: neither waits for the other's row."""
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL (make test)")
    held_table, other_table = start(), start()
    held = deadline_for(held_table, {"type": "bump"}, due_in=-2, key="held")
    other = deadline_for(other_table, {"type": "bump"}, due_in=-1, key="other")
    submit_system = commands.submit_system
    holding, release = threading.Event(), threading.Event()

    def slow_on_held(table, command, **kwargs):
        if table.pk == held_table.pk:
            holding.set()
            release.wait(10)  # the first worker holds its claimed row
        return submit_system(table, command, **kwargs)

    monkeypatch.setattr(commands, "submit_system", slow_on_held)

    def first_worker():
        try:
            firing.fire(held.pk)
        finally:
            connection.close()

    thread = threading.Thread(target=first_worker)
    thread.start()
    try:
        assert holding.wait(5)
        assert firing.fire_due() == 2  # tried both...
        assert thread.is_alive()  # ...without waiting for the first worker's row
        other.refresh_from_db(), held.refresh_from_db()
        assert other.fired_at is not None and held.fired_at is None  # the held claim is not committed yet
    finally:
        release.set()
        thread.join(10)
    held.refresh_from_db()
    assert held.fired_at is not None
    game_state.forget_all()
    assert total(held_table) == total(other_table) == 10


# --- what pages show --------------------------------------------------------------


def test_active_deadlines_are_the_running_countdown_and_the_current_turn(start, alice, bob):
    table = start(turn_clock=30)
    act(table, bob, {"type": "start_countdown", "seconds": 7})
    shown = timers.active_deadlines(table)
    assert [(d["key"], d["kind"], d["seat"]) for d in shown] == [("countdown-1", "countdown", 0), ("turn-1", "turn", 0)]
    for deadline in shown:
        assert deadline["due_at"].tzinfo is not None
        assert deadline["due_ms"] == int(deadline["due_at"].timestamp() * 1000)
    act(table, alice, {"type": "add"})  # the seat played: its countdown and its turn are over
    assert [(d["key"], d["seat"]) for d in timers.active_deadlines(table)] == [("turn-3", 1)]


def test_no_active_deadlines_at_an_idle_table(start):
    assert timers.active_deadlines(start()) == []


# --- the table option ---------------------------------------------------------------


def test_the_turn_clock_takes_only_the_offered_seconds(counter, alice):
    with pytest.raises(BadRequest, match="15, 30, 60 or 120 seconds"):
        lobby.create_table(alice, "counter", 2, turn_clock=45)
    with pytest.raises(BadRequest):
        lobby.create_table(alice, "counter", 2, turn_clock=True)
    assert lobby.create_table(alice, "counter", 2, turn_clock=60).turn_clock == 60
    assert lobby.create_table(alice, "counter", 2).turn_clock is None


def test_the_rest_api_creates_a_table_with_a_turn_clock(alice, client):
    client.force_login(alice)
    body = {"game": "spank", "seat_count": 2, "turn_clock": 30}
    response = client.post("/api/tables/", body, content_type="application/json")
    assert response.status_code == 201 and response.json()["turn_clock"] == 30
    refused = client.post("/api/tables/", {**body, "turn_clock": 7}, content_type="application/json")
    assert refused.status_code == 400
    assert "15, 30, 60 or 120 seconds" in refused.json()["detail"]
    plain = client.post("/api/tables/", {"game": "spank", "seat_count": 2}, content_type="application/json")
    assert plain.json()["turn_clock"] is None


def test_the_lobby_form_offers_a_turn_clock(alice, client):
    client.force_login(alice)
    page = client.get("/lobby/").content.decode()
    assert 'name="turn_clock"' in page and '<option value="60">' in page
    client.post("/tables/new/", {"game": "spank", "seat_count": "2", "turn_clock": "60"})
    assert alice.hosted_tables.get().turn_clock == 60
    response = client.post("/tables/new/", {"game": "spank", "seat_count": "2", "turn_clock": "5"}, follow=True)
    assert "15, 30, 60 or 120 seconds" in response.content.decode()
    assert alice.hosted_tables.count() == 1


# --- host commands on the turn clock ------------------------------------------------


def test_only_the_host_may_abandon(start, bob):
    table = start()
    with pytest.raises(Forbidden, match="host"):
        act(table, bob, {"type": "abandon"})


def test_the_host_is_offered_the_engines_host_commands_of_the_moment(start, alice, bob, monkeypatch):
    table = start()
    entry = {"command": {"type": "abandon"}, "label": "Abandon the game", "confirm": "Sure?"}
    monkeypatch.setattr(CounterEngine, "host_commands_now", lambda self, state: [entry])
    game = game_state.load(table)
    assert commands.host_actions(table, alice, game) == [entry]
    assert commands.host_actions(table, bob, game) == []


# --- the real games on the turn clock -------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_real_game_times_a_turn_out_with_its_default_action(game, alice, bob, carol):
    table = lobby.create_table(alice, game, 3, turn_clock=15)
    lobby.join_table(table, bob)
    lobby.join_table(table, carol)
    version = lobby.start_table(table, alice)
    if game == "spite":  # the opening has no seat to act: open with the first lead offered
        version = _open_spite(table, [alice, bob, carol])
    engine = game_state.load(table).engine
    seat = timers.to_move(engine, game_state.load(table).state)
    deadline = Deadline.objects.get(table=table, key=f"turn-{version}")
    assert (deadline.seat, deadline.command) == (seat, {"type": "turn_timeout", "seat": seat})

    after = firing.fire(deadline.pk)
    events = [event.payload for event in store.read(table.stream, after=version)]
    assert events[0] == {"type": "timed_out", "seat": seat}
    assert len(events) > 1 and all(event.get("auto") for event in events[1:])
    next_turn = Deadline.objects.get(table=table, key=f"turn-{after}")
    assert next_turn.seat == timers.to_move(engine, game_state.load(table).state) != seat


def test_a_fire_rolled_back_after_its_append_leaves_no_trace(start, monkeypatch):
    """Neither the event nor the claim survives, and the state cache does not remember the lost append."""
    table = start()
    deadline = deadline_for(table, {"type": "bump"})
    table_changed = broadcast.table_changed

    def fail_after(*args, **kwargs):  # the last step of the command path, before the commit
        table_changed(*args, **kwargs)
        raise RuntimeError("the connection dropped before the commit")

    monkeypatch.setattr(broadcast, "table_changed", fail_after)
    with pytest.raises(RuntimeError):
        firing.fire(deadline.pk)
    monkeypatch.setattr(broadcast, "table_changed", table_changed)
    assert store.current_version(table.stream) == 1 and total(table) == 0
    assert firing.fire(deadline.pk) == 2 and total(table) == 10


def _open_spite(table, users):
    game = game_state.load(table)
    seat, lead = next(
        (seat, command)
        for seat in range(3)
        for command in game.engine.legal_commands(game.state, seat)
        if command["type"] == "play"
    )
    return commands.submit(table, users[seat], lead, game.version)


def test_a_change_and_the_deadlines_it_sets_are_written_together_or_not_at_all(start, bob, monkeypatch):
    """The command path appends events and records their deadlines in one transaction."""
    table = start()
    version = store.current_version(table.stream)
    record = timers.record

    def record_then_fail(*args):
        record(*args)
        raise RuntimeError("the database went away while recording the deadline")

    monkeypatch.setattr(timers, "record", record_then_fail)
    with pytest.raises(RuntimeError):
        act(table, bob, {"type": "start_countdown"})
    assert store.current_version(table.stream) == version
    assert not Deadline.objects.filter(table=table).exists()
    monkeypatch.setattr(timers, "record", record)
    act(table, bob, {"type": "start_countdown"})  # nothing of the failed try is left, not even in the cache
    assert Deadline.objects.filter(table=table).count() == 1


# --- forgetting the deadlines of ended tables ---------------------------------------


def test_the_deadlines_of_ended_tables_are_forgotten_and_a_running_ones_kept(start, alice, bob, queued, settings):
    finished, running = start(turn_clock=15), start(turn_clock=15)
    act(running, alice, {"type": "add"})
    commands.submit_system(finished, {"type": "finish"})
    finished.refresh_from_db()
    assert finished.status == "finished"
    closed = lobby.create_table(alice, "counter", 2)
    deadline_for(closed, {"type": "bump"}, key="left-over")
    closed.status = "closed"
    closed.save()
    job_of_finished = Deadline.objects.get(table=finished).pk
    kept = set(Deadline.objects.filter(table=running).values_list("key", flat=True))
    assert kept == {"turn-1", "turn-2"}

    assert tasks.forget_ended_deadlines.apply().get() == 2  # the Celery job, run in place

    assert set(Deadline.objects.values_list("key", flat=True)) == kept
    assert firing.fire(job_of_finished) is None  # its job, still queued, finds nothing to do
    assert timers.forget_ended() == 0
    entry = settings.CELERY_BEAT_SCHEDULE["forget-ended-deadlines"]
    assert entry["task"] == tasks.forget_ended_deadlines.name


def test_forgetting_goes_a_batch_of_tables_at_a_time_until_none_is_left(start):
    from django.test.utils import CaptureQueriesContext

    tables = [start(turn_clock=15) for _ in range(3)]
    for table in tables:
        commands.submit_system(table, {"type": "finish"})
    with CaptureQueriesContext(connection) as queries:
        assert timers.forget_ended(batch=2) == 3
    assert [query["sql"].split()[0] for query in queries].count("DELETE") == 2
    assert not Deadline.objects.exists()

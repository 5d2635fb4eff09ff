"""A turn-based table's clock (games.play.time_bank, games.play.timers): each move has the time per move,
a slower one draws from the player's bank, and a seat whose time and bank are spent forfeits. Time is
travelled (time_machine), never slept."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone
from turn_based_helpers import end_turn, to_move, users

from events import store
from games.engines import IllegalCommand, get_engine
from games.errors import BadRequest
from games.models import Deadline, Seat
from games.play import firing, game_state, timers
from games.tables import lobby

pytestmark = pytest.mark.django_db

HOUR = 3600
DAY = 86400


@pytest.fixture
def table(alice, bob):
    """A started turn-based Spite & Malice table of two: a day a move and a one-day bank."""
    table = lobby.create_table(alice, "spite_and_malice", 2, move_time=DAY, time_bank=DAY)
    lobby.join_table(table, bob)
    lobby.start_table(table, alice)
    return table


def turn_deadline(table):
    return Deadline.objects.filter(table=table, kind=Deadline.Kind.TURN).order_by("-version").first()


def test_a_turn_has_the_time_per_move_and_the_bank(table):
    deadline = turn_deadline(table)
    assert deadline.seat == to_move(table)
    assert deadline.command == {"type": "out_of_time", "seat": deadline.seat}
    assert timedelta(days=2) - timedelta(seconds=5) < deadline.due_at - deadline.created_at <= timedelta(days=2)


def test_a_slow_move_draws_on_the_bank_and_the_next_turn_has_what_is_left(table):
    first = to_move(table)
    with time_machine.travel(timezone.now()) as clock:
        clock.shift(timedelta(days=1, hours=6))
        end_turn(table, users(table)[first])
        assert Seat.objects.get(table=table, number=first).bank_used == pytest.approx(6 * HOUR, abs=5)
        second = to_move(table)
        clock.shift(timedelta(days=1, hours=1))
        end_turn(table, users(table)[second])  # the other player's bank is their own
        assert Seat.objects.get(table=table, number=second).bank_used == pytest.approx(HOUR, abs=5)
        deadline = turn_deadline(table)
        assert deadline.seat == first
        assert deadline.due_at - deadline.created_at == pytest.approx(
            timedelta(days=1, hours=18), abs=timedelta(seconds=5)
        )


def test_a_quick_move_draws_nothing(table):
    first = to_move(table)
    with time_machine.travel(timezone.now() + timedelta(hours=23)):
        end_turn(table, users(table)[first])
    assert Seat.objects.get(table=table, number=first).bank_used == 0


def test_a_seat_out_of_time_and_bank_forfeits_and_the_other_wins(table):
    waiting = to_move(table)
    with time_machine.travel(timezone.now() + timedelta(days=2, minutes=1)):
        firing.fire_due()
    game = game_state.load(table)
    assert game.engine.is_over(game.state)
    assert store.read(table.stream)[-1].payload == {
        "type": "resigned",
        "seat": waiting,
        "winner": 1 - waiting,
        "out_of_time": True,
    }
    table.refresh_from_db()
    assert table.status == table.Status.FINISHED
    assert game.engine.standings(game.state) == [[1 - waiting], [waiting]]


def test_before_its_time_the_deadline_does_not_fire(table):
    with time_machine.travel(timezone.now() + timedelta(days=1, hours=23)):
        firing.fire_due()
    assert not game_state.load(table).engine.is_over(game_state.load(table).state)


def test_at_three_seats_the_forfeit_hands_the_seat_to_a_bot(alice, bob, carol):
    table = lobby.create_table(alice, "spank", 3, move_time=HOUR, time_bank=0)
    lobby.join_table(table, bob)
    lobby.join_table(table, carol)
    lobby.start_table(table, alice)
    waiting = to_move(table)
    with time_machine.travel(timezone.now() + timedelta(hours=1, seconds=30)):
        firing.fire_due()
    game = game_state.load(table)
    assert not game.engine.is_over(game.state)
    assert waiting in game.engine.seats_with_bot(game.state)
    assert "runs out of time and forfeits; a bot plays the seat to the end" in game.engine.describe(
        store.read(table.stream)[-1].payload
    )


def test_a_stale_out_of_time_is_refused():
    engine = get_engine("spank")
    state = engine.fold(engine.start(2, {}))
    with pytest.raises(IllegalCommand, match="not the seat to act"):
        engine.decide(state, None, {"type": "out_of_time", "seat": 1 - state.to_move})


@pytest.mark.parametrize(
    ("fields", "refusal"),
    [
        ({"move_time": 60}, "time per move is one of"),
        ({"move_time": DAY, "time_bank": 5}, "time bank is one of"),
        ({"time_bank": DAY}, "A time bank is for a turn-based table"),
        ({"move_time": DAY, "turn_clock": 30}, "not a turn clock"),
        ({"move_time": True}, "time per move is one of"),
    ],
)
def test_bad_turn_based_settings_are_refused_with_a_sentence(alice, fields, refusal):
    with pytest.raises(BadRequest, match=refusal):
        lobby.create_table(alice, "spank", 2, **fields)


def test_a_deadline_hours_away_is_left_to_beats_tick_not_queued_with_a_distant_eta(
    alice, bob, monkeypatch, django_capture_on_commit_callbacks
):
    queued = []
    monkeypatch.setattr(timers.current_app, "send_task", lambda name, kwargs, eta: queued.append(eta))
    table = lobby.create_table(alice, "spank", 2, move_time=HOUR, time_bank=0)
    lobby.join_table(table, bob)
    with django_capture_on_commit_callbacks(execute=True):
        lobby.start_table(table, alice)
    assert turn_deadline(table) is not None and queued == []  # an hour away: beat's tick fires it
    live = lobby.create_table(alice, "spank", 2, turn_clock=30)
    lobby.join_table(live, bob)
    with django_capture_on_commit_callbacks(execute=True):
        lobby.start_table(live, alice)
    assert queued == [turn_deadline(live).due_at]

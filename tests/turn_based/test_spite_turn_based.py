"""A turn-based Spite table through the platform (docs/rulings.md, Spite VI): the lobby sets the engine's
move_time option to the table's time per move, the command path refuses a countdown with the engine's
sentence, and the opening's ask timer is recorded as the engine's deadline and fires through
games.play.firing.fire_due once the time per move has passed. Time is travelled, never slept."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from events import store
from games.engines.spite.calls import NO_COUNTDOWN_TURN_BASED
from games.models import Deadline
from games.play import commands, firing, game_state, timers
from games.play.commands import Refused
from games.tables import lobby

pytestmark = pytest.mark.django_db

DAY = 86400


@pytest.fixture
def table(alice, bob, carol):
    """A started turn-based Spite table of three: a day a move, no bank. Round 1 opens with an ask."""
    table = lobby.create_table(alice, "spite", 3, move_time=DAY, time_bank=0)
    lobby.join_table(table, bob)
    lobby.join_table(table, carol)
    lobby.start_table(table, alice)
    return table


def test_the_table_sets_the_engines_move_time_option(table):
    table.refresh_from_db()
    assert table.options["move_time"] == DAY
    assert game_state.load(table).state.options.move_time == DAY


def test_a_countdown_is_refused_through_the_command_path(table, alice):
    version = store.current_version(table.stream)
    with pytest.raises(Refused, match="There is no countdown at a turn-based table") as refusal:
        commands.submit(table, alice, {"type": "start_countdown"}, version)
    assert str(refusal.value) == NO_COUNTDOWN_TURN_BASED
    assert store.current_version(table.stream) == version


def test_the_opening_asks_timer_fires_after_the_time_per_move_and_the_ask_moves_up(table):
    game = game_state.load(table)
    assert game.state.phase == "opening"
    first_ask, awaited = game.state.ask, game.engine.awaited_seats(game.state)
    deadline = Deadline.objects.get(table=table, key="ask-1")
    assert deadline.kind == Deadline.Kind.ENGINE and deadline.seat is None  # not the holders: they are secret
    assert deadline.command == {"type": "ask_expired", "ask": 1}
    assert deadline.due_at - deadline.created_at == pytest.approx(timedelta(days=1), abs=timedelta(seconds=5))
    assert not Deadline.objects.filter(table=table, kind=Deadline.Kind.TURN).exists()  # nobody is to move
    with time_machine.travel(timezone.now() + timedelta(hours=23)):
        firing.fire_due()
    assert game_state.load(table).state.ask == first_ask  # not before its time
    with time_machine.travel(timezone.now() + timedelta(days=1, minutes=1)):
        firing.fire_due()
        shown = [d for d in timers.active_deadlines(table) if d["kind"] == "ask"]
    logged = [entry.payload for entry in store.read(table.stream)]
    expired = next(event for event in logged if event["type"] == "ask_expired")
    assert expired["ask"] == 1 and expired["rank"] == first_ask and set(expired["seats"]) == set(awaited)
    assert logged[logged.index(expired) + 1]["type"] == "asked"
    after = game_state.load(table).state
    assert after.phase == "opening" and after.asks == 2
    assert Deadline.objects.get(table=table, key="ask-2").command == {"type": "ask_expired", "ask": 2}
    assert [(d["key"], d["seat"]) for d in shown] == [("ask-2", None)]


def test_the_opening_shows_when_the_ask_moves_up_and_no_countdown_button(table, client, alice):
    client.force_login(alice)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert 'class="meta spite-ask-clock"' in page and "unless someone leads" in page
    ask_clock = page[page.index('class="meta spite-ask-clock"') :].split("</p>", 1)[0]
    assert 'data-clock="words"' in ask_clock  # a day away: in words, ticked by the page
    assert 'data-command="start_countdown"' not in page

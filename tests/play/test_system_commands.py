"""Commands from the system (timer jobs) go down the same path as players' commands."""

import counter_engine
import pytest

from events import store
from games.play import game_state
from games.play.commands import submit_system
from games.tables import lobby

pytestmark = pytest.mark.django_db


@pytest.fixture
def counter_table(monkeypatch, alice, bob):
    counter_engine.install(monkeypatch)
    table = lobby.create_table(alice, "counter", 2)
    lobby.join_table(table, bob)
    lobby.start_table(table, alice)
    return table


def test_a_system_command_is_appended_as_the_system(counter_table):
    version = submit_system(counter_table, {"type": "bump"})
    assert version == 2
    last = store.read(counter_table.stream)[-1]
    assert last.payload == {"type": "added", "by": 10} and last.actor_kind == "system"
    assert last.actor_user_id is None
    assert game_state.load(counter_table).state["total"] == 10


def test_a_refused_system_command_does_nothing(counter_table):
    assert submit_system(counter_table, {"type": "add"}) is None
    assert store.current_version(counter_table.stream) == 1


def test_a_system_command_pinned_to_an_old_version_does_nothing(counter_table):
    """A timer that fires after the table moved on must not act on the new position."""
    assert submit_system(counter_table, {"type": "bump"}, expected_version=0) is None
    assert store.current_version(counter_table.stream) == 1
    assert submit_system(counter_table, {"type": "bump"}, expected_version=1) == 2
    assert submit_system(counter_table, {"type": "bump"}, expected_version=1) is None  # fired twice
    assert game_state.load(counter_table).state["total"] == 10

"""Every registered engine has a profile for these checks, is reached through get_engine, and names no
command outside its table."""

import pytest

from contract.profiles import PROFILES
from games.engines import GAMES, get_engine
from games.engines.base import HOST, SYSTEM


def test_every_registered_engine_has_a_contract_profile():
    assert set(PROFILES) == set(GAMES)


@pytest.mark.parametrize("name", [None, "chess", "", 3, ["spite"]])
def test_an_unknown_game_is_a_value_error(name):
    with pytest.raises(ValueError):
        get_engine(name)


@pytest.mark.parametrize("game", GAMES)
def test_the_commands_an_engine_names_elsewhere_are_in_its_table_from_their_sender(game):
    """What the host is offered is the host's to give; a late joiner is seated by the system."""
    engine = get_engine(game)
    assert all(engine.sender_of(entry["command"]) == HOST for entry in engine.host_commands)
    assert engine.late_join_command is None or engine.sender_of(engine.late_join_command) == SYSTEM

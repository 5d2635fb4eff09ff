"""Every registered engine has a profile for these checks, and is reached through get_engine."""
import pytest

from contract.profiles import PROFILES
from games.engines import GAMES, get_engine


def test_every_registered_engine_has_a_contract_profile():
    assert set(PROFILES) == set(GAMES)


@pytest.mark.parametrize("name", [None, "chess", "", 3, ["spite"]])
def test_an_unknown_game_is_a_value_error(name):
    with pytest.raises(ValueError):
        get_engine(name)

"""The lobby's and the profile's hooks: ``progress`` is a short phrase that tells nothing hidden (changing
the hands changes nothing in it), and ``winners`` names seats of the table, none while the game runs."""
import re

import pytest

from contract.play import positions
from contract.test_contract_views import with_other_hands
from games.engines import GAMES, get_engine

pytestmark = pytest.mark.parametrize("game", GAMES)
CARD = re.compile(r"\b(?:10|11|12|13|[2-9AJQK])[SHDC]\b|\bJK\b")


def test_progress_is_a_short_public_phrase(game):
    engine = get_engine(game)
    for state in positions(game):
        phrase = engine.progress(state)
        assert isinstance(phrase, str) and 0 < len(phrase) <= 80 and not CARD.search(phrase)
        assert engine.progress(with_other_hands(state, None)) == phrase


def test_winners_are_seats_of_a_finished_game_only(game):
    engine = get_engine(game)
    ended = 0
    for state in positions(game):
        winners = engine.winners(state)
        assert all(seat in range(engine.seat_count(state)) for seat in winners)
        if not engine.is_over(state):
            assert winners == []
        else:
            ended += 1
            winner = engine.view(state, None)["winner"]
            assert winners == ([winner] if winner is not None else [])
    assert ended

"""The lobby's, the profile's and the live table's hooks: ``progress`` is a short phrase that tells nothing
hidden (changing the hands changes nothing in it), ``winners`` names seats of the table, none while the game
runs, and ``places`` names board places, never cards."""

import re

import pytest

from contract.play import positions, profiled_game
from contract.profiles import profile_of
from contract.test_contract_views import with_other_hands
from games.engines import GAMES, get_engine

pytestmark = pytest.mark.parametrize("game", GAMES)
PLACE_NAME = re.compile(r"[a-z]+(?:-[0-9]+)*")  # as games/frames/rendering.py accepts them
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


def test_places_are_board_place_names_for_every_event(game):
    """``places`` names what an event changed on the board, as a template's data-place does (the page
    marks them), never a card; moves that change the board name some place."""
    engine, profile = get_engine(game), profile_of(game)
    named_any = False
    for _, _, _, new_events, _ in profiled_game(engine, profile, 7)[2]:
        for event in new_events:
            places = engine.places(event)
            assert all(PLACE_NAME.fullmatch(place) and not CARD.search(place) for place in places), places
            named_any = named_any or bool(places)
    assert named_any

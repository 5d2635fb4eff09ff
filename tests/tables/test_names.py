"""Players' names where an engine's sentences and the boards name seats (games.play.names)."""

import pytest

from games.play.names import EMPTY_SEAT, named, seat_name

NAMES = ["Ann", None, "Cy"]  # as seat_names gives them: None for a seat nobody sits in


@pytest.mark.parametrize(
    "seat, name", [(0, "Ann"), (2, "Cy"), (1, EMPTY_SEAT), (3, EMPTY_SEAT), (None, EMPTY_SEAT), (-1, EMPTY_SEAT)]
)
def test_a_seat_is_named_by_its_player_or_as_empty(seat, name):
    assert seat_name(NAMES, seat) == name


def test_no_names_at_all_leave_every_seat_empty():
    assert seat_name(None, 0) == seat_name([], 0) == EMPTY_SEAT


def test_sentences_name_seats_as_the_boards_do():
    event = {"text": "{seat:0} passes to {seat:1}", "more": ["{seat:2} waits", "{seat:5} left"], "seat": 1}
    assert named(event, NAMES) == {
        "text": "Ann passes to Empty seat",
        "more": ["Cy waits", "Empty seat left"],
        "seat": 1,
    }

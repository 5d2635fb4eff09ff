"""Engine.standings: each game's finishing order, best first, tied seats grouped, resigned seats last.

Spite ranks by the match's standings (score, then the better place in the last round); Spank! puts the
winner first and the others by score; Spite & Malice keeps the default (the winner, then the rest tied).
States are dealt for real, then given the scores and places the case needs."""

import random
from dataclasses import replace

from games.engines.spank.engine import engine as spank
from games.engines.spite.engine import engine as spite
from games.engines.spite.state import OVER
from games.engines.spite_and_malice.engine import engine as spite_and_malice
from games.engines.spite_and_malice.state import STALEMATE, WIN


def dealt(engine, players):
    return engine.fold(engine.start(players, {}, rng=random.Random(7)))


def resigned(state, *seats):
    return replace(state, clock=replace(state.clock, resigned=frozenset(seats)))


def test_spite_ranks_by_score_then_by_the_better_place_in_the_last_round():
    state = replace(
        dealt(spite, 5),
        scores=(1, 3, -2, 1, 0),
        finish_history=((1, 2, 3, 0, 4), (1, 3, 4, 0, 2)),
        phase=OVER,
        winner=1,
    )
    # Seats 0 and 3 both have 1: seat 3 was second in the last round, seat 0 fourth.
    assert spite.standings(state) == [[1], [3], [0], [4], [2]]


def test_spite_puts_a_late_joiner_without_a_place_after_the_seats_with_one():
    state = replace(dealt(spite, 4), scores=(0, 2, 0, 0), finish_history=((1, 0, 2),), phase=OVER, winner=1)
    assert spite.standings(state) == [[1], [0], [2], [3]]


def test_a_spite_match_ended_before_any_round_finished_leaves_every_seat_level():
    state = replace(dealt(spite, 3), phase=OVER)
    assert spite.standings(state) == [[0, 1, 2]]


def test_spite_puts_resigned_seats_last_whatever_their_score():
    state = replace(dealt(spite, 4), scores=(4, 1, 0, -2), finish_history=((0, 1, 2, 3),), phase=OVER, winner=0)
    assert spite.standings(resigned(state, 0, 2)) == [[1], [3], [0, 2]]


def test_spank_puts_the_winner_first_then_the_others_by_score_with_equal_scores_tied():
    state = replace(dealt(spank, 5), scores=(1020, 300, 640, 300, 80), winner=0)
    assert spank.standings(state) == [[0], [2], [1, 3], [4]]


def test_spank_puts_a_resigned_seat_last_even_above_others_by_score():
    state = replace(dealt(spank, 3), scores=(1000, 900, 100), winner=0)
    assert spank.standings(resigned(state, 1)) == [[0], [2], [1]]


def test_spite_and_malice_keeps_the_default_the_winner_then_the_rest_tied():
    state = replace(dealt(spite_and_malice, 3), result=WIN, winner=2)
    assert spite_and_malice.view(state, None)["winner"] == 2
    assert spite_and_malice.standings(state) == [[2], [0, 1]]


def test_a_draw_is_one_group_of_every_seat():
    state = replace(dealt(spite_and_malice, 2), result=STALEMATE)
    assert spite_and_malice.winners(state) == []
    assert spite_and_malice.standings(state) == [[0, 1]]

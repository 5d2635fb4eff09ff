"""The rating math: ratings.skill hands the finishing order to openskill's Plackett-Luce as the library
means it (checked against the library's own ``rate`` on known cases), and the shown scale is what its
docstring says."""

import pytest
from openskill.models import PlackettLuce

from ratings import display, skill


def library(ratings, ranks):
    """The library's own answer: one team per player in the order given."""
    model = PlackettLuce()
    teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings]
    return [(team[0].mu, team[0].sigma) for team in model.rate(teams, ranks=ranks)]


def test_two_new_players_the_winner_gains_what_the_loser_loses():
    after = skill.rate({"ann": (25.0, 25 / 3), "bea": (25.0, 25 / 3)}, skill.ranks([["ann"], ["bea"]]))
    assert after["ann"] == pytest.approx((27.635389, 8.065901), abs=1e-6)  # the library's figures
    assert after["bea"] == pytest.approx((22.364611, 8.065901), abs=1e-6)
    assert after == {
        player: pytest.approx(rating)
        for player, rating in zip(["ann", "bea"], library([(25, 25 / 3)] * 2, [1, 2]), strict=True)
    }


def test_four_players_with_a_tie_for_second_match_the_library():
    before = {"a": (30.0, 5.0), "b": (25.0, 8.0), "c": (22.0, 3.0), "d": (26.0, 7.0)}
    standings = [["d"], ["b", "a"], ["c"]]
    after = skill.rate(before, skill.ranks(standings))
    expected = library([before[p] for p in "abcd"], [2, 2, 3, 1])
    assert [after[p] for p in "abcd"] == [pytest.approx(rating) for rating in expected]
    assert after["d"][0] > before["d"][0] and after["c"][0] < before["c"][0]


def test_tied_players_with_equal_ratings_stay_equal():
    new = (skill.MU, skill.SIGMA)
    after = skill.rate({seat: new for seat in range(4)}, skill.ranks([[2], [0, 3], [1]]))
    assert after[0] == after[3]
    assert after[2][0] > after[0][0] > after[1][0]


def test_ranks_number_the_groups_best_first():
    assert skill.ranks([[4], [1, 2], [0, 3]]) == {4: 1, 1: 2, 2: 2, 0: 3, 3: 3}


def test_the_scale_starts_at_1500_and_400_points_is_about_ten_to_one_between_settled_players():
    assert display.points(skill.MU) == 1500
    strong, weak = (skill.MU + 400 / display.POINTS_PER_MU, 1.0), (skill.MU, 1.0)
    model = PlackettLuce()
    odds = model.predict_win([[model.rating(*strong)], [model.rating(*weak)]])
    assert odds[0] == pytest.approx(10 / 11, abs=0.01)


def test_a_rating_is_provisional_until_its_player_has_played_enough_rated_games():
    assert display.shown_at(skill.MU + 0.24, display.PROVISIONAL_GAMES - 1).text == "1,512?"
    settled = display.shown_at(skill.MU + 0.24, display.PROVISIONAL_GAMES)
    assert settled.text == "1,512" and not settled.provisional
    assert display.NEW.text == "1,500?"

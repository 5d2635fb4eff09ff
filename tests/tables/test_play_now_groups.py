"""Play now's rule of who sits together (games.tables.play_now_groups): first come, first seated, people
before bots, "any" with exact wishes as its docstring says."""

import random

from games.tables.play_now_groups import Group, Wish, tables

SPANK = range(2, 10)  # Spank!'s seat counts
SPITE = range(3, 10)


def line(*wishes):
    """Wishes named a, b, c... in joining order: a number, None for any, or (wish, bots_due)."""
    made = []
    for key, wish in zip("abcdefghijklmnopqrstuvwxyz", wishes, strict=False):
        count, due = wish if isinstance(wish, tuple) else (wish, False)
        made.append(Wish(key, count, bots_due=due))
    return made


def test_players_wanting_the_same_count_sit_together_in_joining_order():
    assert tables(line(3, 3, 2, 3, 3), SPANK) == [Group(("a", "b", "d"), 3)]


def test_nobody_is_seated_while_no_wish_can_be_met():
    assert tables(line(4, 3, 3, 4), SPANK) == []
    assert tables(line(None), SPANK) == []


def test_a_younger_table_forms_while_an_older_wish_still_waits():
    assert tables(line(4, 2, 2), SPANK) == [Group(("b", "c"), 2)]


def test_any_fills_the_smallest_table_that_can_form_first():
    assert tables(line(None, None, None), SPANK) == [Group(("a", "b"), 2)]
    assert tables(line(None, None, None), SPITE) == [Group(("a", "b", "c"), 3)]


def test_any_joins_an_exact_wish_in_its_turn_and_the_oldest_decides():
    # a (any) decides: a table of 3 completes at c, before any table of 2 could (b wants 3 too).
    assert tables(line(None, 3, 3, 2), SPANK) == [Group(("a", "b", "c"), 3)]
    # a wants 4: b (any) and c, d who want 4 join it; e (any) and f (2) then pair.
    assert tables(line(4, None, 4, 4, None, 2), SPANK) == [Group(("a", "b", "c", "d"), 4), Group(("e", "f"), 2)]


def test_a_tie_between_counts_goes_to_the_larger_table():
    # Both a table of 2 (a, c) and of 3 (a, b, c) are complete when c joins.
    assert tables(line(None, 3, None), SPANK) == [Group(("a", "b", "c"), 3)]


def test_bots_fill_only_for_players_whose_wait_ran_out_and_after_the_people():
    assert tables(line((3, False), (3, False)), SPANK) == []
    assert tables(line((3, True), (3, False)), SPANK) == [Group(("a",), 3, bots=2)]
    assert tables(line((3, True), 2, (3, True)), SPANK) == [Group(("a", "c"), 3, bots=1)]
    assert tables(line((None, True), (5, True)), SPITE) == [Group(("a",), 3, bots=2), Group(("b",), 5, bots=4)]
    # People who can sit together do, before anyone's bots.
    assert tables(line((2, True), 2), SPANK) == [Group(("a", "b"), 2)]


def test_every_player_is_in_one_table_at_most_and_each_table_meets_its_wishes():
    rng = random.Random(38)
    for _ in range(300):
        waiting = line(*[(rng.choice([None, 2, 3, 4]), rng.random() < 0.2) for _ in range(rng.randint(0, 26))])
        wishes = {wish.key: wish for wish in waiting}
        groups = tables(waiting, SPANK)
        seated = [key for group in groups for key in group.players]
        assert len(seated) == len(set(seated))
        for group in groups:
            assert len(group.players) + group.bots == group.seat_count
            assert all(wishes[key].accepts(group.seat_count) for key in group.players)
            assert group.bots == 0 or all(wishes[key].bots_due for key in group.players)
            assert list(group.players) == sorted(group.players)  # joining order, the oldest hosts

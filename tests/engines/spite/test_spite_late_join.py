"""Late joiners (rules/spite.md: Scoring: "When a late joiner comes to the table, they become the
loser and gets -2, and the rankings of other players are shifted up by 1 place."; /tmp/spec/spite2.md:
the system command {"type": "join"} gives [{"type": "joined", "seat": n}], refused when the match is
over or has 9 seats). The new seat is placed last in the round being played, has no hand and no turn
in it, and is dealt in from the next round."""

import random

import pytest
from spite_helpers import expected_swap, kinds, of_type, play

from games.engines import IllegalCommand

JOIN = {"type": "join"}


def join(act, state):
    """The system's join command, decided and applied: (events, state)."""
    return act(state, None, JOIN)


def test_the_engine_names_join_as_its_late_join_command(engine):
    """/tmp/spec/spite2.md: "engine.late_join_command == {"type":"join"} for Spite"."""
    assert engine.late_join_command == JOIN


def test_a_join_gives_a_joined_event_naming_the_new_seat(position, act):
    state = position(["5S 4D", "6S 4C", "3S 8S"])
    events, after = join(act, state)
    assert events == [{"type": "joined", "seat": 3}]
    assert after.players == 4


def test_the_joiner_is_placed_last_in_the_round_and_has_no_hand_and_no_turn(engine, position, act, refused):
    state = position(["5S 4D", "6S 4C", "3S 8S"], to_move=2, plays=[(0, "5S"), (1, "6S")])
    _, state = join(act, state)
    assert state.places == (None, None, None, 3) and state.hands[3] == ()
    assert state.to_move == 2
    assert engine.legal_commands(state, 3) == [{"type": "start_countdown"}]  # seated: it may hurry seat 2
    refused(state, 3, play("5S"))
    view = engine.view(state, 3)
    assert view["players"][3]["hand"] == [] and view["players"][3]["place"] == 3
    events, _ = act(state, 2, play("8S"))
    assert events[0]["next"] == 0  # the turn goes past the joiner


def round_with_a_joiner(position, act):
    """Three seats play a round to its end (seats 0 and 1 go out) after a fourth has joined:
    (the last command's events, the state after it)."""
    state = position(["5S", "6S", "4S 9D"], to_move=0)
    _, state = join(act, state)
    _, state = act(state, 0, play("5S"))
    return act(state, 1, play("6S"), seed=7)


def test_the_joiner_takes_minus_2_and_the_former_last_seat_moves_up(position, act):
    """With 3 players the last seat would get -2 and the middle 0; with the joiner the table scores as
    4 seats: +2, +1, -1 for the former last seat, -2 for the joiner."""
    events, _ = round_with_a_joiner(position, act)
    ended = of_type(events, "round_ended")[0]
    assert ended["places"] == [0, 1, 2, 3]
    assert ended["points"] == [2, 1, -1, -2]
    assert ended["scores"] == [2, 1, -1, -2]


def test_the_joiner_is_dealt_11_cards_next_round_and_swaps_as_a_minus_2_seat(position, act):
    events, state = round_with_a_joiner(position, act)
    assert kinds(events)[-3:] == ["round_ended", "dealt", "swapped"]
    dealt, swapped = of_type(events, "dealt")[0], of_type(events, "swapped")[0]
    assert len(dealt["hands"]) == 4 and all(len(hand) == 11 for hand in dealt["hands"])
    gave, took, _, _ = expected_swap(dealt["hands"], [2, 1, -1, -2], [0, 1, 2, 3], dealt["deck"])
    assert swapped["gave"] == gave and len(swapped["gave"][3]) == 2
    assert [sorted(cards) for cards in swapped["took"]] == took
    assert all(len(hand) == 11 for hand in state.hands)
    assert state.places == (None,) * 4
    assert state.to_move == 3  # the lowest score leads round 2


def test_join_is_refused_at_9_seats(engine, act):
    state = engine.fold(engine.start(8, rng=random.Random(0)))
    _, state = join(act, state)
    assert state.players == 9
    with pytest.raises(IllegalCommand, match="9"):
        engine.decide(state, None, JOIN, rng=random.Random(0))


def test_join_is_refused_after_the_match_is_over(engine, position, act):
    state = position(["5S 4D", "6S 4C", "3S 8S"])
    _, state = act(state, None, {"type": "end_match"})
    assert state.over
    with pytest.raises(IllegalCommand, match="over"):
        engine.decide(state, None, JOIN, rng=random.Random(0))


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_seat_sending_join_is_refused(engine, position, seat):
    state = position(["5S 4D", "6S 4C", "3S 8S"], to_move=0)
    with pytest.raises(IllegalCommand):
        engine.decide(state, seat, JOIN, rng=random.Random(0))


def test_of_two_joiners_in_one_round_the_later_one_is_last(position, act):
    state = position(["5S", "6S", "4S 9D"], to_move=0)
    _, state = join(act, state)
    events, state = join(act, state)
    assert events == [{"type": "joined", "seat": 4}]
    assert state.places == (None, None, None, 3, 4)
    _, state = act(state, 0, play("5S"))
    events, _ = act(state, 1, play("6S"))
    ended = of_type(events, "round_ended")[0]
    assert ended["places"] == [0, 1, 2, 3, 4]
    assert ended["points"] == [2, 1, 0, -1, -2]


def test_last_round_s_half_is_judged_at_last_round_s_table_size(position, act):
    """ "Reset their score to 0 if they did not finish in the same half as the last round." Last round
    had 4 seats, so place 2 (of 0-3) was the bottom half. A joiner makes this round 5 seats; seat 2,
    again in the bottom half (place 3 of 5), keeps its score: -3 decays to -2, then -1 for second
    last: -3. Judging place 2 with 5 seats makes it the middle seat ("in the other half"): reset."""
    state = position(["5S", "6S", "4S 4D", "8D"], to_move=0, scores=(2, 1, -3, -2), finish_history=((0, 1, 2, 3),))
    _, state = join(act, state)
    _, state = act(state, 0, play("5S"))  # out first
    _, state = act(state, 1, play("6S"))  # out second
    _, state = act(state, 2, {"type": "pass"})
    events, _ = act(state, 3, play("8D"))  # out third: seat 2 is left, fourth of five
    ended = of_type(events, "round_ended")[0]
    assert ended["places"] == [0, 1, 3, 2, 4]
    assert ended["scores"] == [3, 1, -3, 0, -2]


def test_a_joiner_in_a_later_round_stands_by_score_then_below_the_seats_that_played_the_last_round(
    engine, position, act
):
    """The standings rank by score, ties by the better place in the latest round (docs/rulings.md);
    a seat that joined after that round had no place in it, so it comes after those that did, as the
    rules make a joiner the loser. Seen in a random game: the view and the host's end raised there."""
    state = position(
        ["5S 4D", "6S 4C", "3S 8S"], round=2, scores=[1, 0, -1], finish_history=((0, 1, 2),), options={"rounds": 3}
    )
    _, state = join(act, state)
    assert state.scores[3] == 0
    assert [row["seat"] for row in engine.view(state, 3)["standings"]] == [0, 1, 3, 2]
    ended, _ = act(state, None, {"type": "end_match"})
    assert ended[-1]["standings"] == [0, 1, 3, 2] and ended[-1]["winner"] == 0

"""The end of a round and the match (rules/spite.md: The First Player, Scoring, Card Swapping;
RULINGS.md: Spite, scores, swapping, the match; docs/rulings.md Spite 10, 11, 15): points by
place, decay and the half reset, who leads later rounds, the card swap, a match of rounds with
its standings and winner, and every command refused once the match is over."""

import random

import pytest
from spite_helpers import (
    DECLINE,
    FULL_DECK,
    PASS,
    StackedRandom,
    every_card,
    expected_swap,
    kinds,
    next_score,
    of_type,
    play,
    points_for,
    random_match,
)

from games.engines import IllegalCommand


def end_round(position, act, places, *, scores=None, finish_history=(), round=1, rng=None, options=None):
    """A position where seat places[-2] goes out with its last card, leaving places[-1] last; the
    seats before them have finished in the order given. Returns (events, state after)."""
    players = len(places)
    hands = [""] * players
    hands[places[-2]] = "5S"
    hands[places[-1]] = "7S 7H"
    state = position(
        hands,
        to_move=places[-2],
        places=list(places[:-2]) + [None, None],
        scores=scores,
        finish_history=finish_history,
        round=round,
        options=options,
    )
    return act(state, places[-2], play("5S"), rng=rng)


def ended(events):
    return of_type(events, "round_ended")[0]


# --- points ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, expected",
    [
        (3, [2, 0, -2]),
        (4, [2, 1, -1, -2]),
        (5, [2, 1, 0, -1, -2]),
        (6, [2, 1, 0, 0, -1, -2]),
        (9, [2, 1, 0, 0, 0, 0, 0, -1, -2]),
    ],
)
def test_points_by_place_first_2_second_1_second_last_minus_1_last_minus_2(position, act, players, expected):
    places = list(range(players))[::-1]  # seat players-1 first, seat 0 last
    events, after = end_round(position, act, places)
    round_ended = ended(events)
    assert round_ended["places"] == places
    assert [round_ended["points"][seat] for seat in places] == expected
    assert [round_ended["scores"][seat] for seat in places] == expected  # round 1: from 0, no reset
    assert list(after.scores) == round_ended["scores"]


def test_three_players_the_middle_seat_gets_plus_1_minus_1_is_0(position, act):
    events, _ = end_round(position, act, [2, 0, 1])
    assert ended(events)["points"] == [0, -2, 2]


def test_round_1_scores_are_the_points_with_no_reset(position, act):
    events, _ = end_round(position, act, [1, 0, 3, 2])
    assert ended(events)["scores"] == [1, 2, -2, -1]


def test_scores_decay_by_1_towards_0_before_the_points(position, act):
    # round 2, everyone in the same half as in round 1
    events, _ = end_round(position, act, [0, 1, 2, 3], scores=[4, 3, -3, -4], finish_history=[[1, 0, 3, 2]], round=2)
    assert ended(events)["scores"] == [3 + 2, 2 + 1, -2 - 1, -3 - 2]


def test_a_score_of_0_does_not_decay(position, act):
    events, _ = end_round(position, act, [0, 1, 2, 3], scores=[0, 0, 0, 0], finish_history=[[1, 0, 3, 2]], round=2)
    assert ended(events)["scores"] == [2, 1, -1, -2]


def test_a_seat_that_changed_halves_is_reset_to_0_before_the_points(position, act):
    events, _ = end_round(position, act, [2, 3, 0, 1], scores=[4, 3, -3, -4], finish_history=[[0, 1, 2, 3]], round=2)
    assert ended(events)["scores"] == [0 - 1, 0 - 2, 0 + 2, 0 + 1]


def test_the_middle_seat_of_an_odd_table_is_always_reset(position, act):
    # five seats: seat 2 was in the middle last round, seat 4 is in the middle now
    events, _ = end_round(
        position, act, [2, 0, 4, 1, 3], scores=[5, -5, 5, -5, 5], finish_history=[[0, 4, 2, 1, 3]], round=2
    )
    scores = ended(events)["scores"]
    assert scores[2] == 0 + 2  # was middle: reset, now first
    assert scores[4] == 0 + 0  # was top, now middle: reset
    assert scores[0] == 4 + 1  # top and top: decays
    assert scores[3] == -4 - 2  # bottom and bottom: decays


def test_the_middle_seat_of_three_players_is_always_reset(position, act):
    events, _ = end_round(position, act, [0, 1, 2], scores=[3, 3, -3], finish_history=[[0, 1, 2]], round=2)
    assert ended(events)["scores"] == [2 + 2, 0 + 0, -2 - 2]


@pytest.mark.parametrize("seed", range(25))
def test_scores_follow_decay_reset_and_points_for_random_tables(position, act, seed):
    rng = random.Random(seed)
    players = rng.randint(3, 9)
    previous = rng.sample(range(players), players)
    places = rng.sample(range(players), players)
    scores = [rng.randint(-6, 6) for _ in range(players)]
    events, after = end_round(position, act, places, scores=scores, finish_history=[previous], round=2)
    expected = [next_score(scores[seat], places.index(seat), previous.index(seat), players) for seat in range(players)]
    assert ended(events)["scores"] == expected
    assert ended(events)["points"] == [points_for(places.index(seat), players) for seat in range(players)]


# --- who leads a later round ----------------------------------------------------------------------


def test_from_round_2_the_lowest_score_leads_and_there_is_no_opening(position, act, engine):
    events, after = end_round(position, act, [0, 1, 2, 3])
    dealt = of_type(events, "dealt")[0]
    assert dealt["round"] == 2 and dealt["ask"] is None and dealt["leader"] == 3
    assert after.round == 2 and after.phase == "playing" and after.to_move == 3
    assert after.trick.leader == 3 and after.trick.plays == ()
    assert engine.view(after, 3)["to_move"] == 3
    assert all(engine.legal_commands(after, seat) == [] for seat in (0, 1, 2))


def test_the_leader_of_a_new_round_may_not_pass(position, act, refused):
    _, after = end_round(position, act, [0, 1, 2, 3])
    refused(after, 3, PASS)
    refused(after, 3, DECLINE)


def test_a_new_round_starts_higher_even_if_the_last_ended_lower(position, act, engine):
    state = position(["5S", "", "7S 7H"], to_move=0, places=[1, None, None], direction="lower")
    _, after = act(state, 0, play("5S"))
    assert after.round == 2 and after.direction == "higher"


def test_the_lowest_score_leads_even_when_it_is_not_negative_ruling_11(position, act):
    events, after = end_round(position, act, [0, 1, 2, 3], scores=[9, 9, 9, 9], finish_history=[[0, 1, 2, 3]], round=2)
    assert ended(events)["scores"] == [10, 9, 7, 6]
    assert after.to_move == 3


def test_tied_lowest_scores_the_seat_that_lost_most_recently_leads(position, act):
    # seat 2 lost round 1; seat 3 loses round 2; both end on -3
    events, after = end_round(
        position, act, [0, 1, 2, 3], scores=[0, 0, -3, -2], finish_history=[[0, 1, 3, 2]], round=2
    )
    assert ended(events)["scores"] == [2, 1, -3, -3]
    assert after.to_move == 3


def test_tied_lowest_scores_an_older_loss_beats_none(position, act):
    # six seats; seats 1 and 2 tie on -5 and did not lose this round; seat 2 lost round 1
    history = [[0, 4, 5, 1, 3, 2], [0, 4, 5, 2, 1, 3]]
    events, after = end_round(
        position, act, [0, 4, 5, 2, 1, 3], scores=[0, -5, -6, 0, 0, 0], finish_history=history, round=3
    )
    scores = ended(events)["scores"]
    assert scores[1] == scores[2] == -5 and min(scores) == -5
    assert after.to_move == 2


def test_tied_lowest_scores_with_no_losses_the_lowest_seat_leads(position, act):
    history = [[0, 4, 5, 1, 2, 3], [0, 4, 5, 2, 1, 3]]
    events, after = end_round(
        position, act, [0, 4, 5, 2, 1, 3], scores=[0, -5, -6, 0, 0, 0], finish_history=history, round=3
    )
    scores = ended(events)["scores"]
    assert scores[1] == scores[2] == -5 and min(scores) == -5
    assert after.to_move == 1


# --- the card swap --------------------------------------------------------------------------------

SWAP_HANDS = [
    "3C 3S 3H 9S 9H 9D 10S 10H 10D JS JH",  # seat 0, score +2: gives 3S 3H (equal ranks S, H, D, C)
    "4D 4S 8S 8H 8D 10C JD JC QS QH QD",  # seat 1, score +1: gives 4S
    "5S 5H 5D 6S 6H 6D AS AH 2D 2C 11S",  # seat 2, score -1: gives 2D
    "JK 2S 5C 6C 7S 7H 7D 8C KS KH KD",  # seat 3, score -2: gives JK (the highest card) and 2S
]


def test_the_swap_positive_give_lowest_and_take_highest_negative_the_reverse(position, act):
    rng = StackedRandom(" ".join(SWAP_HANDS) + " QC KC AC 6C")
    events, after = end_round(position, act, [0, 1, 2, 3], rng=rng)
    assert kinds(events)[-2:] == ["dealt", "swapped"]
    dealt, swapped = events[-2], events[-1]
    assert dealt["hands"] == [hand.split() for hand in SWAP_HANDS]
    assert swapped["gave"] == [["3S", "3H"], ["4S"], ["2D"], ["JK", "2S"]]
    assert [sorted(cards) for cards in swapped["took"]] == [sorted(["JK", "2S"]), ["2D"], ["4S"], sorted(["3S", "3H"])]
    assert swapped["from_deck"] == [] and swapped["discarded"] == []
    assert sorted(after.hands[0]) == sorted("3C 9S 9H 9D 10S 10H 10D JS JH JK 2S".split())
    assert sorted(after.hands[3]) == sorted("3S 3H 5C 6C 7S 7H 7D 8C KS KH KD".split())
    assert all(len(hand) == 11 for hand in after.hands)


IMBALANCED_HANDS = [
    "3S 3H 4S 4H 5S 5H 9S 9H 10S 10H JS",  # seat 0, score +6
    "6S 9D 10D JD QS QH QD KS KH KD AS",  # seat 1, score +1
    "2S 4D 5D 6D 7S 7H 7D 8S 8H 8D 9C",  # seat 2, score -1
    "2H 2D AH 3D 4C 5C 6H 7C 8C 10C JC",  # seat 3, score -3
]


def test_the_swap_tops_up_the_short_pile_from_the_deck_and_discards_the_leftovers(position, act):
    rng = StackedRandom(" ".join(IMBALANCED_HANDS) + " QC KC AC 6C")
    events, after = end_round(
        position, act, [0, 1, 2, 3], scores=[5, 1, -1, -2], finish_history=[[0, 1, 2, 3]], round=2, rng=rng
    )
    assert ended(events)["scores"] == [6, 1, -1, -3]
    swapped = events[-1]
    assert swapped["gave"] == [["3S", "3H", "4S", "4H", "5S", "5H"], ["6S"], ["2S"], ["2H", "2D", "AH"]]
    assert swapped["from_deck"] == ["KC", "AC", "6C"]  # the high pile was 3 short: the deck's top cards
    took = [sorted(cards) for cards in swapped["took"]]
    assert took == [sorted("2S 2H 2D AH AC KC".split()), ["6C"], ["4H"], sorted("3S 3H 4S".split())]
    assert sorted(swapped["discarded"]) == sorted("5S 5H 6S".split())
    assert after.deck == tuple(of_type(events, "dealt")[0]["deck"][3:])
    assert sorted(after.discard) == sorted("5S 5H 6S".split())
    assert [len(hand) for hand in after.hands] == [11, 11, 11, 11]


def test_no_swap_in_round_1_and_a_swap_event_every_later_round(engine, position, act):
    events = engine.start(3, rng=random.Random(0))
    assert "swapped" not in kinds(events)
    events, _ = end_round(position, act, [0, 1, 2])
    assert kinds(events)[-2:] == ["dealt", "swapped"]


@pytest.mark.parametrize("seed", range(30))
def test_the_swap_matches_the_rule_text_for_random_tables(position, act, seed):
    rng = random.Random(seed)
    players = rng.randint(3, 9)
    previous = rng.sample(range(players), players)
    places = rng.sample(range(players), players)
    scores = [rng.randint(-13, 13) for _ in range(players)]
    events, after = end_round(
        position, act, places, scores=scores, finish_history=[previous], round=2, rng=random.Random(seed)
    )
    dealt, swapped = events[-2], events[-1]
    new_scores = ended(events)["scores"]
    gave, took, from_deck, discarded = expected_swap(dealt["hands"], new_scores, places, dealt["deck"])
    assert swapped["gave"] == gave
    assert [sorted(cards) for cards in swapped["took"]] == took
    assert swapped["from_deck"] == from_deck
    assert sorted(swapped["discarded"]) == discarded


def test_a_score_larger_than_the_hand_puts_down_the_whole_hand(position, act):
    events, after = end_round(
        position, act, [0, 1, 2], scores=[12, 0, -12], finish_history=[[0, 1, 2]], round=2, rng=random.Random(5)
    )
    assert ended(events)["scores"] == [13, 0, -13]
    swapped = events[-1]
    assert len(swapped["gave"][0]) == len(swapped["gave"][2]) == 11
    assert len(swapped["took"][0]) == len(swapped["took"][2]) == 11


# --- the match ------------------------------------------------------------------------------------


def test_the_match_ends_after_the_rounds_option_with_standings_and_a_winner(position, act, engine):
    events, after = end_round(position, act, [0, 1, 2, 3], options={"rounds": 1})
    assert kinds(events)[-2:] == ["round_ended", "match_ended"]
    assert events[-1] == {"type": "match_ended", "standings": [0, 1, 2, 3], "scores": [2, 1, -1, -2], "winner": 0}
    assert after.over and after.phase == "over" and after.winner == 0 and after.to_move is None
    view = engine.view(after, 2)
    assert view["over"] is True and view["winner"] == 0 and view["phase"] == "over"
    assert [entry["seat"] for entry in view["standings"]] == [0, 1, 2, 3]


def test_the_match_goes_on_until_the_last_round(position, act):
    events, after = end_round(
        position,
        act,
        [0, 1, 2, 3],
        options={"rounds": 3},
        round=2,
        finish_history=[[0, 1, 2, 3]],
        scores=[2, 1, -1, -2],
    )
    assert "match_ended" not in kinds(events) and after.round == 3 and not after.over
    events, after = end_round(
        position,
        act,
        [0, 1, 2, 3],
        options={"rounds": 3},
        round=3,
        finish_history=[[0, 1, 2, 3], [0, 1, 2, 3]],
        scores=[2, 1, -1, -2],
    )
    assert kinds(events)[-1] == "match_ended"


def test_standings_ties_go_to_the_better_place_in_the_last_round(position, act):
    events, after = end_round(
        position,
        act,
        [1, 0, 2, 3],
        options={"rounds": 2},
        round=2,
        finish_history=[[1, 0, 2, 3]],
        scores=[2, 1, -1, -2],
    )
    assert ended(events)["scores"] == [2, 2, -1, -3]
    assert events[-1]["standings"] == [1, 0, 2, 3] and events[-1]["winner"] == 1


def test_a_default_match_is_five_rounds(engine):
    state = engine.fold(engine.start(4, rng=random.Random(11)))
    assert state.options.rounds == 5
    rounds = 0
    for _, _, _, new_events, following in random_match(engine, 4, None, seed=11):
        rounds += kinds(new_events).count("round_ended")
    assert following.over and rounds == 5 and following.round == 5


@pytest.mark.parametrize(
    "command", [play("7S"), PASS, DECLINE, {"type": "play", "cards": ["7S", "7H"]}, {"type": "nonsense"}]
)
def test_every_command_is_refused_after_the_match(position, act, engine, command):
    _, over = end_round(position, act, [0, 1, 2, 3], options={"rounds": 1})
    for seat in (0, 1, 2, 3, None):
        with pytest.raises(IllegalCommand):
            engine.decide(over, seat, command, rng=random.Random(0))
    assert all(engine.legal_commands(over, seat) == [] for seat in range(4))


def test_the_last_tricks_cards_are_not_lost_when_a_round_ends(engine):
    """All 189 cards stay in the game (hands, trick, deck, discard, bounty) after the round's last
    play: the cards of the trick cut short by the round's end go to the discard, also when the
    match ends with that round."""
    events = engine.start(3, options={"rounds": 2}, rng=random.Random(8))
    following = None
    for _, _, _, new_events, following in random_match(engine, 3, {"rounds": 2}, seed=8):
        events += new_events
    assert following.over
    first_end = kinds(events).index("round_ended") + 1
    assert every_card(engine.fold(events[:first_end])) == FULL_DECK  # the log replayed up to round 1's end
    assert every_card(following) == FULL_DECK  # the finished match

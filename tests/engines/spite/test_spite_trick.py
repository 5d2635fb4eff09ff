"""Playing tricks (rules/spite.md: Playing Tricks, Valid Leading/Following Hands, Game Direction,
Joker Hands, Buy Back; RULINGS.md: Spite and its finer points; docs/rulings.md Spite 12-14):
play and pass, the arity, strictly better follows, direction announcements, 7s on 7s, 3s
bouncing, joker hands in both directions, joker hands as a last play, buy backs and the 20-card
loss, who leads the next trick and the turn order."""

import pytest
from spite_helpers import PASS, kinds, of_type, play

# --- playing, passing and the end of a trick ----------------------------------------------------


def test_a_play_records_the_hand_and_hands_the_turn_clockwise(position, act):
    state = position(["5S 5H 9S", "6S 9H", "4S 9D"], to_move=0)
    events, after = act(state, 0, play("5S", "5H"))
    assert events == [
        {
            "type": "played",
            "seat": 0,
            "id": 1,
            "cards": ["5S", "5H"],
            "fake_up": [],
            "bonus_up": [],
            "kind": "pair",
            "value": "5",
            "announce": None,
            "buy_back": None,
            "come_at_me": False,
            "bounty_claim": None,
            "direction": "higher",
            "next": 1,
        }
    ]
    assert after.hands[0] == ("9S",) and after.to_move == 1
    assert after.trick.leader == 0 and after.trick.arity == 2
    assert [p.cards for p in after.trick.plays] == [("5S", "5H")]


def test_the_leader_may_not_pass(position, refused):
    state = position(["5S 9S", "6S 9H", "4S 9D"], to_move=0)
    refused(state, 0, PASS, "lead")


def test_a_pass_hands_the_turn_on_and_the_seat_is_marked_passed(position, act):
    state = position(["5S 9S", "6S 9H", "4S 9D"], to_move=1, plays=[(0, "5S")])
    events, after = act(state, 1, PASS)
    assert events == [{"type": "passed", "seat": 1, "next": 2}]
    assert after.to_move == 2 and after.trick.passed == {1}


def test_the_trick_ends_when_the_turn_comes_back_to_the_last_player_who_leads_next(position, act):
    state = position(["5S 9S", "6S 9H", "4S 9D"], to_move=0)
    _, state = act(state, 0, play("5S"))
    _, state = act(state, 1, play("6S"))
    _, state = act(state, 2, PASS)
    events, state = act(state, 0, PASS)
    assert events == [{"type": "passed", "seat": 0, "next": None}, {"type": "trick_won", "seat": 1, "leader": 1}]
    assert state.to_move == 1 and state.trick.plays == () and state.trick.leader == 1
    assert state.trick.passed == frozenset()
    assert sorted(state.discard) == ["5S", "6S"]


def test_everyone_passing_on_a_lead_gives_the_leader_the_trick(position, act):
    state = position(["5S 9S", "6S 9H", "4S 9D"], to_move=1, plays=[(0, "5S")])
    _, state = act(state, 1, PASS)
    events, state = act(state, 2, PASS)
    assert kinds(events) == ["passed", "trick_won"]
    assert events[1] == {"type": "trick_won", "seat": 0, "leader": 0}
    assert state.to_move == 0


def test_a_follow_must_keep_the_arity(position, refused, act):
    state = position(["5S 5H 9S", "6S 6H 8S 8H 9H 13D", "4S 9D"], to_move=1, plays=[(0, "5S 5H")])
    refused(state, 1, play("6S"), "2 cards")
    refused(state, 1, play("6S 6H 13D"), "2 cards")
    act(state, 1, play("6S", "6H"))
    act(state, 1, play("6S", "13D"))


def test_a_follow_must_be_strictly_better_equal_hands_do_not_beat(position, refused, act):
    state = position(["9S", "5H 5C 5S 4S 2C", "4D"], to_move=1, plays=[(0, "5D")])
    refused(state, 1, play("5H"), "does not beat")
    refused(state, 1, play("4S"), "does not beat")
    act(state, 1, play("2C"))
    state = position(["9S", "5H 5C 5D 4S 4H", "4D"], to_move=1, plays=[(0, "5S 5D")])  # a mixed pair
    refused(state, 1, play("5H 5C"), "does not beat")  # mixed on mixed: equal
    refused(state, 1, play("4S 4H"))
    act(state, 1, play("5H 5D"))  # coloured beats mixed


def test_a_poker_hand_lead_takes_only_better_five_card_hands(position, refused, act):
    state = position(
        ["9S", "3H 4H 5S 6D 7C 8H 8D 8S 9C 9D QS", "4D"], to_move=1, plays=[(0, "4S 5H 6H 7D 8C")]
    )  # straight to 8
    refused(state, 1, play("3H 4H 5S 6D 7C"), "does not beat")  # straight to 7
    refused(state, 1, play("8H 8D"), "5 cards")
    act(state, 1, play("8H 8D 8S 9C 9D"))  # full house beats a straight
    act(state, 1, play("5S 6D 7C 8H 9C"))  # straight to 9


def test_direction_lower_asks_for_lower_hands(position, refused, act):
    state = position(["9S", "8S 10S 9H", "4D"], to_move=1, plays=[(0, "9D")], direction="lower")
    refused(state, 1, play("10S"), "lower")
    refused(state, 1, play("9H"))
    events, _ = act(state, 1, play("8S"))
    assert events[0]["direction"] == "lower"


def test_the_turn_skips_seats_that_are_out(position, act):
    state = position(["5S 9S", "", "4S 9D", "6S 9C"], to_move=0, places=[1, None, None, None])
    events, after = act(state, 0, play("5S"))
    assert events[0]["next"] == 2
    _, after = act(after, 2, PASS)
    events, after = act(after, 3, PASS)
    assert events[-1] == {"type": "trick_won", "seat": 0, "leader": 0}


def test_a_winner_who_went_out_hands_the_lead_to_the_next_seat_clockwise_holding_cards(position, act):
    state = position(["5S 9S", "6S", "4S 9D", "3S 9C"], to_move=0)
    _, state = act(state, 0, play("5S"))
    events, state = act(state, 1, play("6S"))
    assert kinds(events) == ["played", "placed"]
    assert events[1] == {"type": "placed", "seat": 1, "place": 0, "reason": "out"}
    assert events[0]["next"] == 2
    _, state = act(state, 2, PASS)
    _, state = act(state, 3, PASS)
    # the turn would go from seat 0 past seat 1, which made the last play and is out: ruling 12
    events, state = act(state, 0, PASS)
    assert events == [{"type": "passed", "seat": 0, "next": None}, {"type": "trick_won", "seat": 1, "leader": 2}]
    assert state.to_move == 2


def test_the_next_leader_skips_seats_that_are_out_too(position, act):
    state = position(["5S 9S", "6S", "", "3S 9C"], to_move=0, places=[2, None, None, None])
    _, state = act(state, 0, play("5S"))
    _, state = act(state, 1, play("6S"))
    _, state = act(state, 3, PASS)
    events, state = act(state, 0, PASS)
    assert events[-1] == {"type": "trick_won", "seat": 1, "leader": 3}


def test_a_passed_seat_whose_turn_comes_may_stay_out_with_another_pass_ruling_13(position, act):
    state = position(["5S 8S 9S", "6S 9H", "4S 7C 9D"], to_move=0)
    _, state = act(state, 0, play("5S"))
    _, state = act(state, 1, PASS)
    _, state = act(state, 2, play("7C"))
    events, state = act(state, 0, PASS)
    assert events == [{"type": "passed", "seat": 0, "next": 1}]
    events, state = act(state, 1, PASS)  # seat 1 passed already: it stays out
    assert events == [{"type": "passed", "seat": 1, "next": None}, {"type": "trick_won", "seat": 2, "leader": 2}]


def test_the_direction_carries_over_from_trick_to_trick_within_a_round(position, act):
    state = position(["7S 9S 9H", "6S 9D", "4S 9C"], to_move=0)
    _, state = act(state, 0, play("7S", announce="lower"))
    _, state = act(state, 1, PASS)
    events, state = act(state, 2, PASS)
    assert events[-1]["type"] == "trick_won" and state.direction == "lower"


# --- direction: natural 7s, 7s on 7s and 3s bouncing ---------------------------------------------


def test_natural_7s_may_announce_the_opposite_direction(position, act, refused):
    state = position(["7S 7H 9S", "6S 6C 8S 8H", "4S 9D"], to_move=0)
    events, after = act(state, 0, play("7S", "7H", announce="lower"))
    assert events[0]["announce"] == "lower" and events[0]["direction"] == "lower"
    assert after.direction == "lower"
    refused(after, 1, play("8S 8H"))
    act(after, 1, play("6S", "6C"))


def test_natural_7s_without_an_announcement_keep_the_direction(position, act):
    state = position(["7S 7H 9S", "6S 8S", "4S 9D"], to_move=0)
    events, after = act(state, 0, play("7S"))
    assert events[0]["announce"] is None and after.direction == "higher"
    state = position(["7S 7H 9S", "6S 8S", "4S 9D"], to_move=0, direction="lower")
    events, after = act(state, 0, play("7S"))
    assert after.direction == "lower"


def test_a_lower_game_turned_higher_by_a_7_announcement(position, act):
    state = position(["7S 9S", "7C 8S", "4S 9D"], to_move=1, plays=[(2, "8D")], direction="lower")
    events, after = act(state, 1, play("7C", announce="higher"))
    assert events[0]["direction"] == "higher" and after.direction == "higher"


def test_announcing_the_current_direction_is_refused(position, refused):
    state = position(["7S 7H 9S", "6S", "4S"], to_move=0)
    refused(state, 0, play("7S", announce="higher"), "already")
    state = position(["7S 7H 9S", "6S", "4S"], to_move=0, direction="lower")
    refused(state, 0, play("7S", announce="lower"), "already")


def test_announcing_on_a_hand_that_is_not_natural_7s_is_refused(position, refused):
    state = position(["7S 13H 8S 8H 4D 5D 6D 7D", "6S", "4S"], to_move=0)
    refused(state, 0, play("8S", announce="lower"), "7")
    refused(state, 0, play("8S", "8H", announce="lower"), "7")
    refused(state, 0, play("7S", "13H", announce="lower"), "7")  # a wild 13: not natural 7s
    refused(state, 0, play("4D 5D 6D 7D 8S", announce="lower"), "7")  # a straight holding a 7


@pytest.mark.parametrize("announce", ["up", "HIGHER", "", 1, True, ["lower"], {"to": "lower"}])
def test_a_malformed_announcement_is_refused(position, refused, announce):
    state = position(["7S 9S", "6S", "4S"], to_move=0)
    refused(state, 0, play("7S", announce=announce))


def test_an_announcement_left_out_or_null_is_no_announcement(position, act):
    state = position(["7S 9S", "6S", "4S"], to_move=0)
    events, _ = act(state, 0, {"type": "play", "cards": ["7S"], "announce": None})
    assert events[0]["announce"] is None and events[0]["direction"] == "higher"


def test_a_7_on_a_7_reverses_the_direction(position, act):
    state = position(["7S 9S", "7H 9H", "4S 9D"], to_move=0)
    _, state = act(state, 0, play("7S"))
    events, state = act(state, 1, play("7H"))  # an equal single: 7s on 7s may always be played
    assert events[0]["direction"] == "lower" and state.direction == "lower"
    _, again = act(state, 2, play("4S"))  # now lower
    assert again.direction == "lower"


def test_a_7_on_a_7_reverses_even_after_an_announcement(position, act):
    state = position(["7S 9S", "7H 9H", "4S 9D"], to_move=0)
    _, state = act(state, 0, play("7S", announce="lower"))
    events, state = act(state, 1, play("7H"))
    assert events[0]["direction"] == "higher" and state.direction == "higher"


def test_announcing_on_7s_played_on_7s_is_refused(position, refused):
    state = position(["9S", "7H 9H", "4S 9D"], to_move=1, plays=[(0, "7S")])
    refused(state, 1, play("7H", announce="lower"), "7s on 7s")
    state = position(["9S", "7H 9H", "4S 9D"], to_move=1, plays=[(0, "7S", "lower")], direction="lower")
    refused(state, 1, play("7H", announce="higher"), "7s on 7s")


def test_natural_7s_on_7s_may_be_played_even_when_they_rank_lower(position, act):
    state = position(["9S", "7H 7C 9H", "4S 9D"], to_move=1, plays=[(0, "7S 7S")])  # suited pair
    events, after = act(state, 1, play("7H", "7C"))  # a mixed pair of 7s
    assert after.direction == "lower"


def test_7s_with_a_wild_13_are_not_7s_on_7s(position, refused):
    state = position(["9S", "7H 13D 9H", "4S 9D"], to_move=1, plays=[(0, "7S 7C")])
    refused(state, 1, play("7H", "13D"), "does not beat")


def test_five_natural_7s_count_as_natural_7s_and_may_announce(position, act):
    state = position(["7S 7H 7D 7C 7S 9S", "6S", "4S"], to_move=0)
    events, after = act(state, 0, play("7S 7H 7D 7C 7S", announce="lower"))
    assert events[0]["kind"] == "joker_hand" and after.direction == "lower"


def test_five_7s_on_five_7s_reverse_the_direction_going_higher(position, act):
    state = position(["4D 9S", "7S 7H 7D 7C 7S 9H", "7H 7D 7C 7S 7H 9D"], to_move=0)
    _, state = act(state, 0, play("4D"))
    _, state = act(state, 1, play("7S 7H 7D 7C 7S"))
    events, after = act(state, 2, play("7H 7D 7C 7S 7H"))  # equal joker hands: 7s on 7s
    assert events[0]["direction"] == "lower" and after.direction == "lower"


def test_five_7s_on_five_7s_reverse_the_direction_going_lower(position, act, refused):
    """RULINGS: five or more natural 7s count as natural 7s; 7s on 7s of the same size reverse the
    direction and may not announce, also after a joker hand reset the ranking in a lower game."""
    state = position(["10D 9S", "7S 7H 7D 7C 7S 9H", "7H 7D 7C 7S 7H 9D"], to_move=0, direction="lower")
    _, state = act(state, 0, play("10D"))
    _, state = act(state, 1, play("7S 7H 7D 7C 7S"))
    events, after = act(state, 2, play("7H 7D 7C 7S 7H"))
    assert events[0]["direction"] == "higher"
    refused(state, 2, play("7H 7D 7C 7S 7H", announce="higher"), "7s on 7s")


def test_natural_3s_bounce_a_lower_game_back_to_higher(position, act, refused):
    state = position(["9S", "3H 9H", "4S 5S 9D"], to_move=1, plays=[(0, "6D")], direction="lower")
    events, after = act(state, 1, play("3H"))
    assert events[0]["direction"] == "higher" and after.direction == "higher"
    act(after, 2, play("4S"))  # must now beat the 3 going higher
    state = position(["9S", "3H 3C 9H", "4S 4D 5S 9D"], to_move=1, plays=[(0, "6D 6H")], direction="lower")
    _, after = act(state, 1, play("3H", "3C"))
    assert after.direction == "higher"


def test_3s_led_in_a_lower_game_bounce_too(position, act):
    state = position(["3S 9S", "6S", "4S"], to_move=0, direction="lower")
    events, after = act(state, 0, play("3S"))
    assert after.direction == "higher"


def test_3s_with_a_wild_13_do_not_bounce(position, act):
    state = position(["9S", "3H 13D 9H", "4S 9D"], to_move=1, plays=[(0, "6D 6H")], direction="lower")
    events, after = act(state, 1, play("3H", "13D"))
    assert after.direction == "lower"


def test_3s_in_a_higher_game_change_nothing(position, act):
    state = position(["3S 9S", "6S", "4S"], to_move=0)
    _, after = act(state, 0, play("3S"))
    assert after.direction == "higher"


# --- joker hands --------------------------------------------------------------------------------


def test_a_joker_led_going_higher_is_beaten_only_by_higher_joker_hands(position, act, refused):
    hand = "2S 2H 2D 2C 5S 5H 5D 5C 5S JK 4D"
    state = position(["JK 9S", hand, "4S 9D"], to_move=0)
    _, state = act(state, 0, play("JK"))
    assert state.trick.arity is None
    refused(state, 1, play("2S"))
    refused(state, 1, play("2S 2H"))
    refused(state, 1, play("2S 2H 2D 2C"))
    act(state, 1, play("JK"))  # a natural joker beats a natural joker
    _, five = act(state, 1, play("5S 5H 5D 5C 5S"))
    assert five.trick.top.kind == "joker_hand"
    refused(five, 2, play("4S"))


def test_joker_hands_rank_by_size_then_value_going_higher(position, act, refused):
    state = position(["5S 5H 5D 5C 5S 9S", "JK 4S 4H 4D 4C 4S 6S 6H 6D 6C 6S 3S 3H 3D 3C 3S 3H", "8D 9D"], to_move=2)
    _, state = act(state, 2, play("8D"))
    _, state = act(state, 0, play("5S 5H 5D 5C 5S"))
    refused(state, 1, play("JK"))
    refused(state, 1, play("4S 4H 4D 4C 4S"))
    act(state, 1, play("6S 6H 6D 6C 6S"))
    act(state, 1, play("3S 3H 3D 3C 3S 3H"))  # six cards beat five


def test_a_joker_led_going_lower_leaves_the_arity_to_the_next_hand(position, act, refused):
    state = position(["JK 9S", "5S 5H 8S 8H 4D 4C 6D", "4S 4H 6S 6H 3D", "9D"], to_move=0, direction="lower")
    _, state = act(state, 0, play("JK"))
    assert state.trick.arity is None
    _, after = act(state, 1, play("5S", "5H"))  # any valid hand: it sets the arity
    assert after.trick.arity == 2
    refused(after, 2, play("3D"), "2 cards")
    refused(after, 2, play("6S", "6H"))  # must go lower
    act(after, 2, play("4S", "4H"))
    _, single = act(state, 1, play("8S"))  # or a single, or anything else
    assert single.trick.arity == 1
    _, pair = act(state, 1, play("8S", "8H"))
    assert pair.trick.arity == 2


def test_a_joker_led_going_lower_may_be_followed_by_a_poker_hand(position, act):
    state = position(["JK 9S", "4D 5S 6D 7C 8H 9H", "4S"], to_move=0, direction="lower")
    _, state = act(state, 0, play("JK"))
    _, after = act(state, 1, play("4D 5S 6D 7C 8H"))
    assert after.trick.arity == 5


def test_a_joker_mid_trick_going_lower_resets_the_ranking_but_keeps_the_arity(position, act, refused):
    state = position(["9S", "JK 9H", "2S 2H 9D", "4S"], to_move=1, plays=[(0, "5D")], direction="lower")
    _, state = act(state, 1, play("JK"))
    assert state.trick.arity == 1 and state.trick.top is None
    refused(state, 2, play("2S", "2H"), "1 card")
    act(state, 2, play("2S"))  # the highest single goes on a reset in a lower game


def test_a_joker_mid_trick_going_higher_beats_everything(position, act, refused):
    state = position(["9S", "JK 9H", "2S 2H 9D 3S 3H 3D 3C 3S", "4S"], to_move=1, plays=[(0, "AD AC")])
    _, state = act(state, 1, play("JK"))  # joker hands ignore the arity
    refused(state, 2, play("2S", "2H"))
    refused(state, 2, play("2S"))
    act(state, 2, play("3S 3H 3D 3C 3S"))


def test_a_joker_hand_of_five_naturals_ignores_the_arity(position, act):
    state = position(["9S", "8S 8H 8D 8C 8S 9H", "4S"], to_move=1, plays=[(0, "AD AC")])
    events, after = act(state, 1, play("8S 8H 8D 8C 8S"))
    assert events[0]["kind"] == "joker_hand" and after.trick.arity == 2


# --- a joker hand as a last or second-last play -------------------------------------------------


def test_a_joker_as_a_seats_last_play_makes_it_finish_last(position, act):
    state = position(["JK", "5S 9S", "6S 9H", "4S 9D"], to_move=0)
    events, after = act(state, 0, play("JK"))
    assert kinds(events) == ["played", "placed"]
    assert events[1] == {"type": "placed", "seat": 0, "place": 3, "reason": "joker_hand_at_the_end"}
    assert after.places == (None, None, None, 0)
    assert events[0]["next"] == 1
    # it takes no more turns: the trick it won is led on by the next seat clockwise
    _, after = act(after, 1, PASS)
    _, after = act(after, 2, PASS)
    events, after = act(after, 3, PASS)
    assert events[-1] == {"type": "trick_won", "seat": 0, "leader": 1}


def test_a_joker_hand_as_a_seats_second_last_play_makes_it_finish_last(position, act):
    state = position(["JK 5S", "4S 9S", "3S 9H", "3D 9D"], to_move=0)
    _, state = act(state, 0, play("JK"))
    _, state = act(state, 1, PASS)
    _, state = act(state, 2, PASS)
    events, state = act(state, 3, PASS)
    assert events[-1] == {"type": "trick_won", "seat": 0, "leader": 0}
    events, state = act(state, 0, play("5S"))
    assert events[-1] == {"type": "placed", "seat": 0, "place": 3, "reason": "joker_hand_at_the_end"}


def test_a_five_card_joker_hand_as_the_second_last_play_makes_the_seat_finish_last(position, act):
    state = position(["6S 6H 6D 6C 6S 5S", "4S 9S", "3S 9H", "3D 9D"], to_move=0)
    _, state = act(state, 0, play("6S 6H 6D 6C 6S"))
    for seat in (1, 2, 3):
        _, state = act(state, seat, PASS)
    events, state = act(state, 0, play("5S"))
    assert events[-1]["reason"] == "joker_hand_at_the_end" and events[-1]["place"] == 3


def test_a_joker_three_plays_before_the_end_does_not_count(position, act):
    state = position(["JK 5S 8S", "4S 9S", "3S 9H", "3D 9D"], to_move=0)
    _, state = act(state, 0, play("JK"))
    for seat in (1, 2, 3):
        _, state = act(state, seat, PASS)
    _, state = act(state, 0, play("5S"))
    for seat in (1, 2, 3):
        _, state = act(state, seat, PASS)
    events, state = act(state, 0, play("8S"))
    assert events[-1] == {"type": "placed", "seat": 0, "place": 0, "reason": "out"}


def test_seats_placed_last_at_once_fill_the_places_from_the_back_in_order(position, act):
    state = position(["JK", "JK", "6S 9H", "4S 9D", "3C 9C"], to_move=0)
    _, state = act(state, 0, play("JK"))
    events, state = act(state, 1, play("JK"))  # a natural joker beats a natural joker
    assert events[-1] == {"type": "placed", "seat": 1, "place": 3, "reason": "joker_hand_at_the_end"}
    assert state.places == (None, None, None, 1, 0)


# --- buy back ------------------------------------------------------------------------------------


def buy_back_position(position, buy_backs=0, deck=None, hand0="9S 10S 2D", **more):
    """Seat 1 led 5S, seat 2 played 6S, seat 0 passed, seat 1 played 8S, seat 2 passed: seat 0's turn."""
    extra = {"deck": deck} if deck is not None else {}
    return position(
        [hand0, "4H 4D", "4S 4C"],
        to_move=0,
        plays=[(1, "5S"), (2, "6S"), (1, "8S")],
        passed=[0, 2],
        buy_backs=buy_backs,
        **extra,
        **more,
    )


def test_a_passed_seat_buys_back_by_playing_and_then_draws_the_count_from_the_deck(position, act):
    state = buy_back_position(position)
    events, after = act(state, 0, play("9S", buy_back=1))
    assert kinds(events) == ["played", "drew"]
    assert events[0]["buy_back"] == 1
    assert events[1] == {"type": "drew", "seat": 0, "cards": ["4C"]}
    assert sorted(after.hands[0]) == sorted(["10S", "2D", "4C"])
    assert after.deck == state.deck[1:]
    assert 0 not in after.trick.passed and after.buy_backs == 1
    assert after.to_move == 1


@pytest.mark.parametrize("done, due", [(0, 1), (1, 1), (2, 2), (3, 3), (4, 5), (5, 8)])
def test_the_buy_back_count_follows_fibonacci_1_1_2_3_5(position, act, refused, engine, done, due):
    state = buy_back_position(position, buy_backs=done)
    assert engine.view(state, 0)["buy_back_next"] == due
    events, after = act(state, 0, play("9S", buy_back=due))
    assert len(events[1]["cards"]) == due and after.buy_backs == done + 1
    for wrong in {due - 1, due + 1, 0 if due != 1 else 2} - {0, due}:
        refused(state, 0, play("9S", buy_back=wrong), str(due))


def test_the_buy_back_counter_is_shared_by_every_seat_in_the_round(position, act, refused):
    # values and suits chosen so that no three plays in a row make a consecutive
    state = position(["3S 6D QD 9D 9H", "7C 10H KC 8D 8H", "4H 9S 2S 7D 7H"], to_move=0)
    _, state = act(state, 0, play("3S"))
    _, state = act(state, 1, PASS)
    _, state = act(state, 2, play("4H"))
    _, state = act(state, 0, play("6D"))
    events, state = act(state, 1, play("7C", buy_back=1))  # first buy back: 1
    _, state = act(state, 2, play("9S"))
    _, state = act(state, 0, PASS)
    _, state = act(state, 1, play("10H"))  # bought back: plays on without buying again
    _, state = act(state, 2, PASS)
    refused(state, 0, play("QD", buy_back=2))
    events, state = act(state, 0, play("QD", buy_back=1))  # second buy back: 1
    _, state = act(state, 1, play("KC"))
    refused(state, 2, play("2S", buy_back=1))
    events, state = act(state, 2, play("2S", buy_back=2))  # third buy back: 2, by a third seat
    assert len(events[1]["cards"]) == 2 and state.buy_backs == 3


def test_a_passed_seat_playing_without_buy_back_is_refused(position, refused):
    state = buy_back_position(position)
    refused(state, 0, play("9S"), "buy back")
    refused(state, 0, play("9S", buy_back=0), "buy back")  # 0 means no buy back (ruling 14)
    refused(state, 0, {"type": "play", "cards": ["9S"], "buy_back": None}, "buy back")


def test_buy_back_from_a_seat_that_has_not_passed_is_refused(position, refused, act):
    state = position(["9S", "6S 9H", "4S 9D"], to_move=1, plays=[(0, "5S")])
    refused(state, 1, play("6S", buy_back=1), "passed")
    act(state, 1, play("6S", buy_back=0))  # 0 and null mean no buy back: ruling 14
    act(state, 1, {"type": "play", "cards": ["6S"], "buy_back": None})


@pytest.mark.parametrize("buy_back", ["1", 1.0, True, [1], {"count": 1}, -1])
def test_a_malformed_buy_back_is_refused(position, refused, buy_back):
    refused(buy_back_position(position), 0, play("9S", buy_back=buy_back))
    refused(position(["9S", "6S 9H", "4S 9D"], to_move=1, plays=[(0, "5S")]), 1, play("6S", buy_back=buy_back))


def test_a_buy_back_play_must_still_beat_the_trick(position, refused):
    state = buy_back_position(position, hand0="7S 9S 2D")
    refused(state, 0, play("7S", buy_back=1), "does not beat")
    refused(state, 0, play("9S", "2D", buy_back=1))


def test_the_buy_back_counter_resets_each_round(position, act, engine):
    state = position(["5S", "", "7S 7H"], to_move=0, places=[1, None, None], buy_backs=4)
    assert engine.view(state, 0)["buy_back_next"] == 5
    events, after = act(state, 0, play("5S"))
    assert after.round == 2 and after.buy_backs == 0
    assert engine.view(after, 0)["buy_back_next"] == 1


def test_a_buy_back_with_the_last_cards_does_not_go_out_when_it_draws(position, act):
    state = buy_back_position(position, hand0="9S")
    events, after = act(state, 0, play("9S", buy_back=1))
    assert kinds(events) == ["played", "drew"]
    assert after.hands[0] == ("4C",) and after.places == (None, None, None)


def test_a_buy_back_with_the_last_cards_goes_out_when_the_deck_is_empty(position, act):
    state = buy_back_position(position, hand0="9S", deck="", bounty="KD")  # 9S is no bounty card here
    events, after = act(state, 0, play("9S", buy_back=1))
    assert all(event["cards"] == [] for event in of_type(events, "drew"))
    assert of_type(events, "placed")[0] == {"type": "placed", "seat": 0, "place": 0, "reason": "out"}


def test_a_buy_back_draws_only_what_the_deck_holds(position, act):
    state = buy_back_position(position, buy_backs=4, deck="4C 5C")  # 5 due, 2 left
    events, after = act(state, 0, play("9S", buy_back=5))
    assert of_type(events, "drew")[0]["cards"] == ["4C", "5C"]
    assert after.deck == ()


def test_reaching_20_cards_loses_the_round_at_once(position, act):
    hand = "9S 3H 3D 3C 4H 4D 4C 5H 5D 5C 6H 6D 6C 8H 8D 8C 10H 10D 10C"  # 19 cards
    state = buy_back_position(position, buy_backs=2, hand0=hand, deck="JH JD JC QH")
    assert len(state.hands[0]) == 19
    events, after = act(state, 0, play("9S", buy_back=2))  # 18 + 2 = 20
    assert kinds(events) == ["played", "drew", "placed"]
    assert events[2] == {"type": "placed", "seat": 0, "place": 2, "reason": "twenty_cards"}
    assert events[0]["next"] == 1
    assert after.places == (None, None, 0)


def test_19_cards_after_a_buy_back_do_not_lose(position, act):
    hand = "9S 3H 3D 3C 4H 4D 4C 5H 5D 5C 6H 6D 6C 8H 8D 8C 10H 10D"  # 18 cards
    state = buy_back_position(position, buy_backs=2, hand0=hand, deck="JH JD JC QH")
    events, after = act(state, 0, play("9S", buy_back=2))
    assert kinds(events) == ["played", "drew"] and len(after.hands[0]) == 19


def test_a_seat_lost_at_20_cards_takes_no_more_turns_and_the_next_seat_leads_for_it(position, act):
    hand = "9S 3H 3D 3C 4H 4D 4C 5H 5D 5C 6H 6D 6C 8H 8D 8C 10H 10D 10C"
    state = position(
        [hand, "4H 4D", "4S 4C", "3S 9C"],
        to_move=0,
        plays=[(1, "5S"), (2, "6S"), (3, "7S"), (1, "8S")],
        passed=[0, 2, 3],
        buy_backs=2,
        deck="JH JD JC QH",
    )
    _, state = act(state, 0, play("9S", buy_back=2))
    assert 0 in state.places
    _, state = act(state, 1, PASS)
    _, state = act(state, 2, PASS)
    events, state = act(state, 3, PASS)
    # seat 0 made the last play but is out of the round: seat 1 leads
    assert events[-1] == {"type": "trick_won", "seat": 0, "leader": 1}


# --- the end of a round -------------------------------------------------------------------------


def test_the_round_ends_when_one_seat_still_holds_cards_which_finishes_last(position, act):
    state = position(["5S", "", "7S 7H"], to_move=0, places=[1, None, None])
    events, after = act(state, 0, play("5S"))
    assert kinds(events)[:4] == ["played", "placed", "placed", "round_ended"]
    assert events[1] == {"type": "placed", "seat": 0, "place": 1, "reason": "out"}
    assert events[2] == {"type": "placed", "seat": 2, "place": 2, "reason": "last"}
    assert events[3]["places"] == [1, 0, 2]
    assert events[0]["next"] is None


def test_the_round_ends_when_a_20_card_loss_leaves_one_seat(position, act):
    hand = "9S 3H 3D 3C 4H 4D 4C 5H 5D 5C 6H 6D 6C 8H 8D 8C 10H 10D 10C"
    # seat 2 led 6S, seat 0 passed, seat 1 went out with 8S, seat 2 passed: seat 0 buys back
    state = position(
        [hand, "", "4S 4C"],
        to_move=0,
        plays=[(2, "6S"), (1, "8S")],
        passed=[0, 2],
        places=[1, None, None],
        buy_backs=2,
        deck="JH JD JC QH",
    )
    events, after = act(state, 0, play("9S", buy_back=2))
    placed = of_type(events, "placed")
    assert placed == [
        {"type": "placed", "seat": 0, "place": 2, "reason": "twenty_cards"},
        {"type": "placed", "seat": 2, "place": 1, "reason": "last"},
    ]
    assert of_type(events, "round_ended")[0]["places"] == [1, 2, 0]

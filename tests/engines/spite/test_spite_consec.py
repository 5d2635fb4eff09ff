"""Consecutives (rules/spite.md "Consecutives"; RULINGS "Spite: finer points"): the rule text's own
examples, suited and both at once, what is banned while one is in force, and "unbeatable"."""

from spite_helpers import PASS, play

from games.engines.spite.trick import UNBEATABLE


def consec(engine, state):
    return engine.view(state, None)["trick"]["consec"]


def test_3D_4C_5C_asks_for_a_6(engine, position, act, refused):
    state = position(["9S 6S 7S", "4C 8H", "5C 8D", "3S 9D"], to_move=2, plays=[(0, "3D"), (1, "4C")])
    assert consec(engine, state) is None
    _, state = act(state, 2, play("5C"))
    assert state.trick.step == 1
    assert consec(engine, state)["next_value"] == "6"
    assert "next a 6" in consec(engine, state)["text"]
    refused(state, 3, play("9D"), "asks for a 6")
    _, state = act(state, 3, PASS)
    refused(state, 0, play("7S"), "asks for a 6")
    _, state = act(state, 0, play("6S"))
    assert consec(engine, state)["next_value"] == "7"


def test_11_Q_2_asks_for_a_5_wrapping_round(engine, position, act, refused):
    state = position(["5S 6S KD", "QH 9D", "2D 9C"], to_move=1, plays=[(0, "11S")])
    _, state = act(state, 1, play("QH"))
    _, state = act(state, 2, play("2D"))
    assert state.trick.step == 3 and consec(engine, state)["next_value"] == "5"
    refused(state, 0, play("KD"), "asks for a 5")
    refused(state, 0, play("6S"), "asks for a 5")
    _, state = act(state, 0, play("5S"))  # lower than the 2, yet the sequence asks for it
    assert consec(engine, state)["next_value"] == "8"


def test_4_3_4_in_a_lower_game_bounces_and_asks_for_a_5(engine, position, act, refused):
    state = position(["5S 6S", "3H 9D", "4D 9C"], to_move=1, plays=[(0, "4S")], direction="lower")
    _, state = act(state, 1, play("3H"))
    assert state.direction == "higher"  # natural 3s bounce a lower game
    _, state = act(state, 2, play("4D"))
    assert state.trick.step == 1 and consec(engine, state)["next_value"] == "5"
    refused(state, 0, play("6S"), "asks for a 5")
    act(state, 0, play("5S"))


def test_8_6_4_in_a_lower_game_wraps_from_the_bottom_and_asks_for_a_2(engine, position, act, refused):
    state = position(["2C 3S", "6H KS", "4D 9C"], to_move=1, plays=[(0, "8S")], direction="lower")
    _, state = act(state, 1, play("6H"))
    _, state = act(state, 2, play("4D"))
    assert state.trick.step == 2 and consec(engine, state)["next_value"] == "2"
    refused(state, 0, play("3S"), "asks for a 2")
    _, state = act(state, 0, play("2C"))
    assert state.direction == "lower"  # no 3 was played: no bounce, the sequence wrapped
    assert consec(engine, state)["next_value"] == "K"
    act(state, 1, play("KS"))


def test_under_a_lower_numerical_consec_a_3_still_bounces(engine, position, act):
    state = position(
        ["3S 9S", "4H 9D", "9C"], to_move=0, plays=[(1, "6H"), (2, "5D"), (1, "4C")], direction="lower", leader=1
    )
    assert state.trick.step == 1
    _, state = act(state, 0, play("3S"))
    assert state.direction == "higher" and consec(engine, state)["next_value"] == "4"
    act(state, 1, play("4H"))


def test_a_suited_consec_of_pairs_asks_for_the_same_suits_and_a_better_pair(engine, position, act, refused):
    state = position(
        ["JD JC JH 8D 8C 10D 10C", "9D 9C 6S", "4S"], to_move=1, plays=[(2, "5D 5C"), (0, "8D 8C")], leader=2
    )
    _, state = act(state, 1, play("9D 9C"))
    assert state.trick.step is None and state.trick.suits == ("D", "C")
    assert consec(engine, state)["suits"] == ["D", "C"]
    _, state = act(state, 2, PASS)
    refused(state, 0, play("JH JC"), "diamonds and clubs")
    refused(state, 0, play("8D 8C"), "does not beat")
    _, state = act(state, 0, play("10D 10C"))
    assert state.trick.suits == ("D", "C")


def test_both_consecs_at_once_ask_for_one_value_in_one_suit(engine, position, act, refused):
    state = position(["6H 6S 7H", "4H 9D", "5H 9C"], to_move=1, plays=[(0, "3H")])
    _, state = act(state, 1, play("4H"))
    _, state = act(state, 2, play("5H"))
    assert state.trick.step == 1 and state.trick.suits == ("H",)
    refused(state, 0, play("6S"), "hearts only")
    refused(state, 0, play("7H"), "asks for a 6")
    act(state, 0, play("6H"))


def test_a_numerical_consec_emerging_under_a_suited_one_adds_to_it(engine, position, act, refused):
    state = position(["8H 8S 9H", "7H 9D", "4S"], to_move=1, plays=[(0, "3H"), (2, "5H"), (0, "6H")], leader=0)
    assert state.trick.suits == ("H",) and state.trick.step is None
    _, state = act(state, 1, play("7H"))  # 5, 6, 7: the numerical consec joins the suited one
    assert state.trick.step == 1 and state.trick.suits == ("H",)
    _, state = act(state, 2, PASS)
    refused(state, 0, play("8S"), "hearts only")
    refused(state, 0, play("9H"), "asks for an 8")
    act(state, 0, play("8H"))


def test_no_13s_joker_hands_or_face_down_fakes_while_a_consec_is_in_force(engine, position, refused):
    state = position(
        ["6S 13H JK 9S 9H 9D 9C 9S", "8H", "8D"],
        to_move=0,
        plays=[(1, "3D"), (2, "4C"), (1, "5C")],
        leader=1,
        fakes=(("QD",), (), ()),
    )
    refused(state, 0, play("6S 13H"), "13s and joker hands")
    refused(state, 0, play("13H"), "13s and joker hands")
    refused(state, 0, play("JK"), "13s and joker hands")
    refused(state, 0, play("9S 9H 9D 9C 9S"), "13s and joker hands")
    refused(state, 0, {"type": "play_fake_down", "fake": "QD"}, "consecutive")
    assert [c for c in engine.legal_commands(state, 0) if c["type"] != "pass"] == [{"type": "play", "cards": ["6S"]}]


def test_equal_values_never_make_a_numerical_consec(position, act):
    state = position(["5H 5H 9S", "5S 5C 9D", "4S"], to_move=1, plays=[(0, "5S 5H")])
    _, state = act(state, 1, play("5S 5C"))  # coloured beats mixed
    _, state = act(state, 2, PASS)
    _, state = act(state, 0, play("5H 5H"))  # suited beats coloured
    assert state.trick.step is None and state.trick.suits is None


def test_a_face_down_fake_or_a_joker_hand_breaks_the_pattern(position, act):
    state = position(["5C 9S", "4C 8D", "9C"], to_move=1, plays=[(0, "3D")], fakes=((), (), ("QD",)))
    _, state = act(state, 1, play("4C"))
    _, state = act(state, 2, {"type": "play_fake_down", "fake": "QD"})
    _, state = act(state, 0, play("5C"))  # 3, 4, (fake), 5: the last three hands are no pattern
    assert state.trick.step is None and state.trick.suits is None


def test_hands_of_different_sizes_make_no_consec(position, act):
    # a face-up fake lead leaves the arity open; the next hand sets it: 3, 4 4, 5 5 is no consec
    state = position(["9S 9H", "4S 4H 9D", "5S 5C 6D 6C"], to_move=0, fakes=(("3S",), (), ()))
    _, state = act(state, 0, play(fake_up=["3S"]))
    assert state.trick.arity is None
    _, state = act(state, 1, play("4S 4H"))
    _, state = act(state, 2, play("5S 5C"))
    assert state.trick.arity == 2 and state.trick.step is None


def test_a_7_announcement_under_a_numerical_consec_turns_the_sequence_round(engine, position, act, refused):
    state = position(["6S 8S", "9D", "7D 9C"], to_move=2, plays=[(0, "5S"), (1, "6H")])
    _, state = act(state, 2, play("7D", announce="lower"))
    assert state.trick.step == 1 and state.direction == "lower"
    assert consec(engine, state)["next_value"] == "6"
    refused(state, 0, play("8S"), "asks for a 6")
    act(state, 0, play("6S"))


def test_unbeatable_is_required_for_natural_2s_going_higher_under_a_suited_only_consec(engine, position, act, refused):
    state = position(["2H 3S", "9H 9D", "QH 9C"], to_move=1, plays=[(0, "5H")])
    _, state = act(state, 1, play("9H"))
    _, state = act(state, 2, play("QH"))  # gaps 4 and 5: suited only
    assert state.trick.suits == ("H",) and state.trick.step is None
    refused(state, 0, play("2H"), "unbeatable")
    refused(state, 0, play("2H", announce="higher"), "unbeatable")
    assert {"type": "play", "cards": ["2H"], "announce": UNBEATABLE} in engine.legal_commands(state, 0)
    events, _ = act(state, 0, play("2H", announce=UNBEATABLE))
    assert events[0]["announce"] == UNBEATABLE


def test_the_2_that_forms_the_suited_consec_must_be_called_unbeatable(position, act, refused):
    state = position(["2H 3S", "9H 9D", "9C"], to_move=0, plays=[(1, "5H"), (2, "9H")], leader=1)
    refused(state, 0, play("2H"), "unbeatable")
    act(state, 0, play("2H", announce=UNBEATABLE))


def test_unbeatable_is_refused_anywhere_else(position, refused):
    no_consec = position(["2H 3S", "9D", "9C"], to_move=0, plays=[(1, "5H")])
    refused(no_consec, 0, play("2H", announce=UNBEATABLE), "only with natural 2s")
    # under a numerical consec asking for a 2 (Q, K, A), the 2 can be followed by a 3: no "unbeatable"
    numerical = position(["2H 3S", "9D", "9C"], to_move=0, plays=[(1, "QH"), (2, "KH"), (1, "AH")], leader=1)
    assert numerical.trick.step == 1 and numerical.trick.suits == ("H",)
    refused(numerical, 0, play("2H", announce=UNBEATABLE), "only with natural 2s")


def test_7s_on_7s_still_reverse_under_a_suited_only_consec(position, act):
    state = position(["7H 9S", "9D", "9C"], to_move=0, plays=[(1, "3H"), (2, "4H"), (1, "7H")], leader=1)
    assert state.trick.suits == ("H",) and state.trick.step is None
    _, state = act(state, 0, play("7H"))
    assert state.direction == "lower" and state.trick.suits == ("H",)

"""Rules on stacks: the rank cycle, either end, no rank twice, five cards, the two sets, and
the Sequence Variation's patterns."""

import pytest

from games.engines.spank.stack import (
    ALTERNATING,
    ALTERNATING_COLOURS,
    ALTERNATING_SUITS,
    SAME_COLOUR,
    SAME_SUIT,
    is_run,
    join,
    pattern,
)


def run(text):
    return tuple(text.split())


def joined(stack, joining, sequence=False):
    result = join(run(stack), run(joining), sequence)
    return None if result is None else " ".join(result)


def test_stack_is_a_contiguous_run_on_the_cycle():
    assert is_run(run("9S 10H JD QC KS"))
    assert not is_run(run("9S JD"))
    assert not is_run(run("10H 9S"))  # run order only goes up the cycle
    assert not is_run(())


def test_cycle_wraps_ace_to_9():
    assert is_run(run("KS AS 9S 10S"))
    assert joined("AS", "9H") == "AS 9H"
    assert joined("9H", "AS") == "AS 9H"


def test_card_joins_either_end_of_a_stack():
    # The rule text's example: on 9 10 J only an Ace (on the 9) or a Queen (on the Jack).
    assert joined("9S 10S JS", "AH") == "AH 9S 10S JS"
    assert joined("9S 10S JS", "QH") == "9S 10S JS QH"
    assert [rank for rank in ["9", "10", "J", "Q", "K", "A"] if joined("9S 10S JS", rank + "D")] == ["Q", "A"]


def test_no_rank_twice_in_a_stack():
    # The rule text's example: on 9 10 J Q, neither a 10 (on the 9) nor a Jack (on the Queen).
    assert joined("9S 10S JS QS", "10H") is None
    assert joined("9S 10S JS QS", "JH") is None
    assert not is_run(run("9S 10S 9H"))


def test_no_stack_holds_more_than_five_cards():
    assert joined("9S 10S JS QS", "KH") == "9S 10S JS QS KH"
    assert joined("9S 10S JS QS KS", "AH") is None
    assert not is_run(run("9S 10S JS QS KS AS"))


def test_two_stacks_join_at_either_end():
    assert joined("9S 10S", "JH QH") == "9S 10S JH QH"
    assert joined("JH QH", "9S 10S") == "9S 10S JH QH"
    assert joined("KS AS", "9H 10H JH") == "KS AS 9H 10H JH"
    assert joined("9S 10S", "QH KH") is None
    assert joined("9S 10S JS", "QH KH AH") is None  # six cards
    assert joined("9S 10S", "10H JH") is None  # 10 twice


def test_two_set_low_set_is_its_own_cycle_7_wraps_to_2():
    assert is_run(run("5S 6S 7S 2S 3S"))
    assert joined("7H", "2H") == "7H 2H"


def test_two_set_sets_never_mix():
    assert joined("7S", "9S") is None
    assert joined("9S", "7S") is None
    assert joined("AS", "2S") is None
    assert joined("2S", "AS") is None
    assert not is_run(run("6S 7S 9S"))


# --- Sequence Variation -------------------------------------------------------------------


def test_base_game_ignores_suits():
    assert joined("9S 10S", "JH") == "9S 10S JH"
    assert joined("9S 10H", "JH") == "9S 10H JH"


def test_sequence_single_card_takes_any_suit():
    assert joined("9S", "10H", sequence=True) == "9S 10H"
    assert joined("9S", "AD", sequence=True) == "AD 9S"


def test_sequence_two_cards_of_one_suit_make_every_card_that_suit():
    assert pattern(run("QS KS")) == SAME_SUIT
    assert joined("QS KS", "JS", sequence=True) == "JS QS KS"
    assert joined("QS KS", "AS", sequence=True) == "QS KS AS"
    assert joined("QS KS", "AC", sequence=True) is None
    assert joined("QS KS", "JH", sequence=True) is None


def test_sequence_two_cards_of_one_colour_make_every_card_that_colour():
    assert pattern(run("9S 10C")) == SAME_COLOUR
    assert joined("9S 10C", "JS", sequence=True) == "9S 10C JS"
    assert joined("9S 10C", "AC", sequence=True) == "AC 9S 10C"
    assert joined("9S 10C", "JH", sequence=True) is None
    assert pattern(run("AC 9S 10C")) == SAME_COLOUR


def test_sequence_established_pattern_is_never_loosened():
    # 9S 10S established "spades"; AC is black but not a spade.
    assert joined("9S 10S", "AC", sequence=True) is None
    # AC 9S established "black", so 10S is fine and the stack stays "black".
    assert joined("AC 9S", "10S", sequence=True) == "AC 9S 10S"
    assert pattern(run("AC 9S 10S")) == SAME_COLOUR


def test_sequence_different_colours_alternate_and_the_third_card_decides():
    # The rule text's example: on 9S 10H the next card is a red A or a black J.
    assert pattern(run("9S 10H")) == ALTERNATING
    for card in ["AH", "AD", "JS", "JC"]:
        assert joined("9S 10H", card, sequence=True) is not None
    for card in ["AS", "AC", "JH", "JD"]:
        assert joined("9S 10H", card, sequence=True) is None


def test_sequence_third_card_of_the_alternating_suit_makes_it_suit_ordered():
    assert joined("9S 10H", "AH", sequence=True) == "AH 9S 10H"
    assert pattern(run("AH 9S 10H")) == ALTERNATING_SUITS
    assert joined("AH 9S 10H", "JS", sequence=True) == "AH 9S 10H JS"
    assert joined("AH 9S 10H", "JC", sequence=True) is None
    assert joined("AH 9S 10H", "KS", sequence=True) == "KS AH 9S 10H"
    assert joined("AH 9S 10H", "KC", sequence=True) is None


def test_sequence_third_card_of_another_suit_makes_it_colour_ordered():
    assert joined("9S 10H", "AD", sequence=True) == "AD 9S 10H"
    assert pattern(run("AD 9S 10H")) == ALTERNATING_COLOURS
    assert joined("AD 9S 10H", "JC", sequence=True) == "AD 9S 10H JC"
    assert joined("AD 9S 10H", "KC", sequence=True) == "KC AD 9S 10H"
    assert joined("AD 9S 10H", "JH", sequence=True) is None


def test_sequence_move_keeps_the_pattern_of_both_stacks():
    # The destination's pattern, whichever end the stack joins.
    assert joined("9S 10S", "JS QS", sequence=True) == "9S 10S JS QS"
    assert joined("9S 10S", "JC QC", sequence=True) is None
    # A single card has no pattern, but the moving stack's pattern still holds (ruling).
    assert joined("JC", "9S 10S", sequence=True) is None
    assert joined("9S 10S", "JC", sequence=True) is None
    assert joined("JS", "9S 10S", sequence=True) == "9S 10S JS"
    # Two pending alternating stacks that together alternate suits.
    assert joined("9S 10H", "JS QH", sequence=True) == "9S 10H JS QH"
    assert pattern(run("9S 10H JS QH")) == ALTERNATING_SUITS


@pytest.mark.parametrize("stack", ["9S", "9S 10S", "9S 10C", "9S 10H", "AH 9S 10H", "AD 9S 10H"])
def test_sequence_patterns_apply_in_the_two_set_low_cycle_too(stack):
    low = {"9": "2", "10": "3", "J": "4", "Q": "5", "K": "6", "A": "7"}
    low_stack = " ".join(low[card[:-1]] + card[-1] for card in stack.split())
    assert pattern(run(low_stack)) == pattern(run(stack))

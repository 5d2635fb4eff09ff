"""The Spank! board template, rendered from exact positions: the help line on the seat's turn names only
what the seat may do now (its legal commands), never a spank with no opponent's stack to spank."""

import html as html_lib
import re
from dataclasses import replace

from board_helpers import render_board

from games.engines import get_engine
from games.engines.spank.options import parse_options
from games.engines.spank.state import MOVE, UPKEEP, State

engine = get_engine("spank")


def position(hands, stacks, *, step=UPKEEP, **more):
    """Seat 0 to move at ``step`` (a hand and five stacks a seat, as strings of codes; "" an empty stack)."""
    state = State(
        players=len(hands),
        options=parse_options(None),
        hands=tuple(tuple(hand.split()) for hand in hands),
        stacks=tuple(tuple(tuple(stack.split()) for stack in seat) for seat in stacks),
        stock=tuple("9C 10C JC QC KC AC".split()),
        discard=(),
        scores=(0,) * len(hands),
        first=0,
        turn=1,
        to_move=0,
        step=step,
    )
    return replace(state, **more)


def help_line(state, seat=0):
    found = re.search(r'<p class="help">(.*?)</p>', render_board(engine, state, seat), flags=re.S)
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", "", found.group(1))).split()) if found else None


def kinds(state, seat=0):
    return {command["type"] for command in engine.legal_commands(state, seat)}


# Alice's stacks join (9S and 10H); Bob's 9H is spanked by her 10S or her KD... only 10S fits it.
ALICE = "9S 10H QD QC QH"
OPPONENT_EMPTY = ["", "", "", "", ""]


def test_with_every_opponents_stack_empty_the_prompt_offers_no_spank():
    state = position(["10S AD KD", "9D"], [ALICE.split(), OPPONENT_EMPTY])
    assert kinds(state) == {"discard", "move", "end_turn"}
    assert help_line(state) == (
        "Select cards and Discard them to skip to Draw, or click one of your stacks, then the stack it joins."
    )


def test_a_spank_is_offered_when_a_card_fits_an_opponents_stack():
    state = position(["10S AD KD", "9D"], [ALICE.split(), ["9H", "", "", "", ""]])
    assert "spank" in kinds(state)
    assert help_line(state) == (
        "Select cards and Discard them to skip to Draw, "
        "select a card and click an opponent's stack to Spank! it, "
        "or click one of your stacks, then the stack it joins."
    )


def test_no_move_possible_offers_a_retire_and_an_empty_stack_only_the_placement_or_a_discard():
    no_moves = position(["10S", "9D"], [["9S", "9H", "9D", "9C", "QS"], OPPONENT_EMPTY])
    assert kinds(no_moves) == {"discard", "retire", "end_turn"}
    assert help_line(no_moves) == (
        "Select cards and Discard them to skip to Draw, or retire one of your stacks (no move is possible)."
    )
    empty = position(["10S", "9D"], [["9S", "", "QD", "QC", "QH"], ["9H", "", "", "", ""]])
    assert kinds(empty) == {"discard", "place"}
    assert help_line(empty) == (
        "Select a card and click your empty stack to place it, or select cards and Discard them to skip to Draw."
    )


def test_after_the_spank_the_move_then_nothing_left_but_the_end_of_the_turn():
    spanked = position(["AD"], [ALICE.split(), OPPONENT_EMPTY], step=MOVE, spanked=True)
    assert help_line(spanked) == "Click one of your stacks, then the stack it joins."
    empty_hand = position([""], [ALICE.split(), OPPONENT_EMPTY], step=MOVE, spanked=True)
    assert kinds(empty_hand) == {"end_turn"}
    assert help_line(empty_hand) == "Nothing is left to do: end your turn."


def test_only_the_seat_to_move_with_something_to_send_has_a_prompt():
    state = position(["10S AD KD", "9D"], [ALICE.split(), ["9H", "", "", "", ""]])
    assert help_line(state, 1) is None and help_line(state, None) is None

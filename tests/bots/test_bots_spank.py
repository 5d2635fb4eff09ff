"""The Spank! bot's heuristics: it builds towards 5-card stacks, spanks the leader's best stack, retires a
stack that cannot grow to make room for a card that can, and discards a poor hand in upkeep."""

from bot_helpers import ask_bot, bot_turn, spank_position

from games.engines import get_engine

ENGINE = get_engine("spank")
NO_STACKS = ["", "", "", "", ""]


def test_it_moves_a_card_onto_a_four_card_stack_to_make_five():
    state = spank_position("9D 9C 10H JC QD", [["9S 10S JS QS", "KH", "QC", "10D", "9H"], NO_STACKS])
    commands, after = bot_turn(ENGINE, state, 0)
    assert commands[0]["type"] == "move" and {commands[0]["from"], commands[0]["to"]} == {0, 1}
    assert commands[1] == {"type": "place", "card": commands[1]["card"], "stack": commands[0]["from"]}
    # Its next Score step takes 250 for the five cards.
    assert ("9S", "10S", "JS", "QS", "KH") in after.stacks[0]


def test_it_spanks_the_leaders_best_stack():
    stacks = [
        ["9S", "9H", "9D", "9C", "9S"],  # single 9s: no move is possible, nothing to gain at home
        ["9S 10S JS", "KC AC", "", "", ""],
        ["9D 10D JD", "KD AD", "", "", ""],
    ]
    # The queen fits the jacks' end of each 3-card stack and the kings' end of each 2-card stack.
    leader_one = spank_position("QH 9H 9D 9C 9S", stacks, scores=[0, 900, 100])
    assert ask_bot(ENGINE, leader_one, 0) == {"type": "spank", "card": "QH", "seat": 1, "stack": 0}
    leader_two = spank_position("QH 9H 9D 9C 9S", stacks, scores=[0, 100, 900])
    assert ask_bot(ENGINE, leader_two, 0) == {"type": "spank", "card": "QH", "seat": 2, "stack": 0}


def test_with_no_move_it_retires_a_stack_that_cannot_grow_for_a_card_that_can():
    # Four single 9s cannot join each other or the run (which has its 9): no move is possible.
    state = spank_position("KH 9D 9C 9H 9S", [["9S 10S JS QS", "9C", "9D", "9H", "9S"], NO_STACKS])
    commands, after = bot_turn(ENGINE, state, 0)
    assert commands[0]["type"] == "retire" and commands[0]["stack"] != 0
    assert commands[1] == {"type": "place", "card": "KH", "stack": commands[0]["stack"]}


def test_it_discards_a_hand_that_can_neither_grow_its_stacks_nor_spank():
    # Five 9-10 stacks: a 9 or a 10 joins none of them, nor the opponent's Q-K stacks.
    mine = ["9S 10S", "9H 10H", "9D 10D", "9C 10C", "9S 10D"]
    poor = spank_position("9H 9D 10C 10H 9C", [mine, ["QS KS", "QH KH", "", "", ""]])
    command = ask_bot(ENGINE, poor, 0)
    assert command["type"] == "discard" and len(command["cards"]) == 5
    # A hand holding jacks (they join the 9-10 stacks) is kept, and nothing is discarded.
    good = spank_position("JH JD JC JS 9C", [mine, ["QS KS", "QH KH", "", "", ""]])
    assert ask_bot(ENGINE, good, 0)["type"] != "discard"

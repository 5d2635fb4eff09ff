"""The Sequence of Play: Score, Upkeep, Spank, Move, Play, Draw, and the order of the steps."""

import pytest

from games.engines import IllegalCommand
from games.engines.spank.state import MOVE, PLAY

FULL = ["9S", "10H", "JD", "QC", "KS"]  # five one-card stacks
NO_MOVES = ["9S", "9H", "9D", "9C", "9S"]  # no two of these join


def kinds(events):
    return [event["type"] for event in events]


def refused(engine, state, seat, command, words=""):
    with pytest.raises(IllegalCommand) as caught:
        engine.decide(state, seat, command)
    assert words.lower() in str(caught.value).lower()
    return str(caught.value)


@pytest.fixture
def table(position):
    """Seat 0 to move with a full hand and five single-card stacks."""
    return position(
        ["QH KH AH 9D 10D", "9C 10C JC QC KC"],
        [FULL, ["JS", "QD KD", "AS", "10S", "KH AH 9H 10H JH"]],
        stock="9H 10S JS QS KS AS 9C 10C JC QC",
    )


# --- Turn order ---------------------------------------------------------------------------


def test_only_the_seat_to_move_may_act(engine, table):
    refused(engine, table, 1, {"type": "end_turn"}, "seat 0's turn")
    assert engine.legal_commands(table, 1) == []


def test_the_system_seat_none_is_refused_for_now(engine, table):
    refused(engine, table, None, {"type": "end_turn"}, "system")


def test_turn_passes_to_the_left_the_next_seat_wrapping_to_0(engine, act, position):
    state = position(["", "", ""], [FULL, FULL, FULL], to_move=1)
    events, state = act(state, 1, {"type": "end_turn"})
    assert kinds(events) == ["drew", "scored"] and state.to_move == 2
    events, state = act(state, 2, {"type": "end_turn"})
    assert state.to_move == 0


# --- Score --------------------------------------------------------------------------------


def test_score_table_counts_only_the_current_seats_stacks(engine, act, position):
    state = position(
        ["9S", "9H"],
        [
            ["9S 10S", "JS QS KS", "AH 9H 10H JH", "9D", "QD"],
            ["KC AC", "9D 10D JD", "JC QC KC AC", "9C 10C JC QC KC", "AD"],
        ],
    )
    events, state = act(state, 0, {"type": "end_turn"})
    scored = events[-1]
    assert scored == {"type": "scored", "seat": 1, "points": 20 + 40 + 80 + 250, "score": 390, "retired": [3]}
    assert state.scores == (0, 390)


def test_score_retires_five_card_stacks_to_the_discard(engine, act, position):
    state = position(["9S", "9H"], [FULL, ["9C 10C JC QC KC", "AD", "9D", "10D", "KH AH 9H 10H JH"]])
    _, state = act(state, 0, {"type": "end_turn"})
    assert state.stacks[1][0] == () and state.stacks[1][4] == ()
    assert sorted(state.discard) == sorted("9C 10C JC QC KC KH AH 9H 10H JH".split())
    assert state.scores[1] == 500


def test_single_cards_and_empty_stacks_score_nothing(engine, act, position):
    state = position(["9S", "9H"], [FULL, ["9C", "", "JC", "", "AD"]])
    events, _ = act(state, 0, {"type": "end_turn"})
    assert events[-1]["points"] == 0


def test_reaching_1000_at_the_score_step_wins_at_once(engine, act, position):
    state = position(["9S", "9H"], [FULL, ["9C 10C", "", "", "", ""]], scores=(0, 980))
    events, state = act(state, 0, {"type": "end_turn"})
    assert kinds(events) == ["drew", "scored", "won"]
    assert events[-1] == {"type": "won", "seat": 1, "score": 1000}
    assert state.over and state.winner == 1 and state.to_move is None
    assert engine.is_over(state)


def test_every_command_is_refused_after_the_game_is_won(engine, act, position):
    state = position(["9S", "9H"], [FULL, ["9C 10C", "", "", "", ""]], scores=(0, 990))
    _, state = act(state, 0, {"type": "end_turn"})
    for seat in (0, 1, None):
        refused(engine, state, seat, {"type": "place", "card": "9H", "stack": 1}, "over")
        refused(engine, state, seat, {"type": "end_turn"}, "over")
        assert engine.legal_commands(state, seat) == []


def test_score_below_1000_does_not_win(engine, act, position):
    state = position(["9S", "9H"], [FULL, ["9C 10C", "", "", "", ""]], scores=(0, 979))
    events, state = act(state, 0, {"type": "end_turn"})
    assert kinds(events) == ["drew", "scored"] and not state.over


# --- Upkeep -------------------------------------------------------------------------------


def test_upkeep_discard_ends_the_turn_and_goes_to_draw(engine, act, table):
    events, state = act(table, 0, {"type": "discard", "cards": ["AH", "QH"]})
    assert kinds(events) == ["discarded", "drew", "scored"]
    assert events[0] == {"type": "discarded", "seat": 0, "cards": ["AH", "QH"]}
    assert events[1]["cards"] == ["9H", "10S"]
    assert state.hands[0] == ("KH", "9D", "10D", "9H", "10S")
    assert state.discard[:2] == ("AH", "QH")  # then seat 1's Score step retires its 5-card stack
    assert state.to_move == 1


def test_upkeep_discard_must_name_cards_held_counting_copies(engine, table, position):
    refused(engine, table, 0, {"type": "discard", "cards": ["9S"]}, "do not hold 9S")
    refused(engine, table, 0, {"type": "discard", "cards": ["QH", "QH"]}, "only 1")
    refused(engine, table, 0, {"type": "discard", "cards": []}, "one or more")
    refused(engine, table, 0, {"type": "discard", "cards": "QH"}, "list")
    refused(engine, table, 0, {"type": "discard"}, "list")
    two = position(["QH QH 9S", "9C"], [FULL, FULL])
    assert engine.decide(two, 0, {"type": "discard", "cards": ["QH", "QH"]})[0]["cards"] == ["QH", "QH"]


def test_upkeep_discard_comes_before_any_spank_move_or_retire(engine, act, table):
    _, spanked = act(table, 0, {"type": "spank", "card": "QH", "seat": 1, "stack": 0})
    refused(engine, spanked, 0, {"type": "discard", "cards": ["KH"]}, "before any spank")
    _, moved = act(table, 0, {"type": "move", "from": 0, "to": 1})
    refused(engine, moved, 0, {"type": "discard", "cards": ["KH"]}, "before any spank")


def test_upkeep_with_an_empty_stack_skips_spank_and_move(engine, position):
    state = position(["QH KH AH 9D 10D", "9C"], [["9S", "10H", "", "QC", "KS"], FULL])
    refused(engine, state, 0, {"type": "spank", "card": "QH", "seat": 1, "stack": 4}, "skip spank and move")
    refused(engine, state, 0, {"type": "move", "from": 0, "to": 1}, "skip spank and move")
    refused(engine, state, 0, {"type": "retire", "stack": 0}, "skip spank and move")
    legal = engine.legal_commands(state, 0)
    assert {command["type"] for command in legal} == {"discard", "place"}


def test_upkeep_discard_is_still_allowed_instead_of_placing(engine, act, position):
    state = position(["QH KH AH 9D 10D", "9C"], [["9S", "10H", "", "QC", "KS"], FULL])
    events, state = act(state, 0, {"type": "discard", "cards": ["9D"]})
    assert kinds(events) == ["discarded", "drew", "scored"]
    assert state.stacks[0][2] == ()


# --- Spank --------------------------------------------------------------------------------


def test_spank_puts_the_stack_and_the_card_in_the_discard(engine, act, table):
    events, state = act(table, 0, {"type": "spank", "card": "QH", "seat": 1, "stack": 0})
    assert events == [{"type": "spanked", "seat": 0, "card": "QH", "target": 1, "stack": 0, "cards": ["JS"]}]
    assert state.stacks[1][0] == ()
    assert state.discard == ("JS", "QH")
    assert state.hands[0] == ("KH", "AH", "9D", "10D")
    assert state.to_move == 0 and state.step == MOVE and state.spanked


def test_spank_card_may_join_either_end_of_the_stack(engine, act, table):
    # Stack QD KD takes an A on top or a J below: the seat holds AH (and no J).
    events, _ = act(table, 0, {"type": "spank", "card": "AH", "seat": 1, "stack": 1})
    assert events[0]["cards"] == ["QD", "KD"]
    # Stack 10S takes a 9 below.
    events, _ = act(table, 0, {"type": "spank", "card": "9D", "seat": 1, "stack": 3})
    assert events[0]["cards"] == ["10S"]


def test_spank_only_with_a_card_that_could_join_the_stack(engine, table):
    refused(engine, table, 0, {"type": "spank", "card": "9D", "seat": 1, "stack": 0}, "cannot join")
    refused(engine, table, 0, {"type": "spank", "card": "QH", "seat": 1, "stack": 1}, "cannot join")


def test_a_five_card_stack_cannot_be_spanked(engine, table):
    for card in ["QH", "KH", "AH", "9D", "10D"]:
        refused(engine, table, 0, {"type": "spank", "card": card, "seat": 1, "stack": 4})
    assert not [c for c in engine.legal_commands(table, 0) if c["type"] == "spank" and c["stack"] == 4]


def test_spank_only_an_opponents_non_empty_stack(engine, position):
    state = position(["QH KH AH 9D 10D", "9C"], [FULL, ["JS", "", "AS", "10S", "9H"]])
    refused(engine, state, 0, {"type": "spank", "card": "10D", "seat": 0, "stack": 0}, "own stack")
    refused(engine, state, 0, {"type": "spank", "card": "QH", "seat": 1, "stack": 1}, "empty")


def test_at_most_one_spank_a_turn_and_before_any_move(engine, act, table):
    _, state = act(table, 0, {"type": "spank", "card": "QH", "seat": 1, "stack": 0})
    refused(engine, state, 0, {"type": "spank", "card": "9D", "seat": 1, "stack": 3}, "once a turn")
    _, moved = act(table, 0, {"type": "move", "from": 0, "to": 1})
    refused(engine, moved, 0, {"type": "spank", "card": "9D", "seat": 1, "stack": 3}, "before any move")


def test_spank_in_the_sequence_variation_must_fit_the_pattern(engine, position):
    state = position(
        ["AH AS 9D 10D JD", "9C"], [FULL, ["QS KS", "9H 10C", "AS", "10S", "9H"]], options={"sequence": True}
    )
    refused(engine, state, 0, {"type": "spank", "card": "AH", "seat": 1, "stack": 0}, "cannot join")
    engine.decide(state, 0, {"type": "spank", "card": "AS", "seat": 1, "stack": 0})
    engine.decide(state, 0, {"type": "spank", "card": "JD", "seat": 1, "stack": 1})
    refused(engine, state, 0, {"type": "spank", "card": "AH", "seat": 1, "stack": 1}, "cannot join")


def test_spanks_in_a_three_seat_game_may_target_any_opponent(engine, position):
    state = position(["QH", "9C", "9C"], [FULL, FULL, ["JS", "9H", "9H", "9H", "9H"]])
    targets = {(c["seat"], c["stack"]) for c in engine.legal_commands(state, 0) if c["type"] == "spank"}
    assert targets == {(1, 2), (1, 4), (2, 0)}


# --- Move and retire ----------------------------------------------------------------------


def test_move_joins_one_own_stack_onto_another_at_either_end(engine, act, table):
    events, state = act(table, 0, {"type": "move", "from": 1, "to": 0})
    assert events == [{"type": "moved", "seat": 0, "from": 1, "to": 0, "cards": ["9S", "10H"]}]
    assert state.stacks[0][:2] == (("9S", "10H"), ())
    events, state = act(table, 0, {"type": "move", "from": 0, "to": 1})
    assert events[0]["cards"] == ["9S", "10H"] and state.stacks[0][:2] == ((), ("9S", "10H"))
    assert state.step == PLAY and state.moved == "move"


def test_move_only_when_the_result_is_a_legal_stack(engine, position):
    state = position(["QH", "9C"], [["9S 10S JS", "QH KH AH", "10C", "JD QD", "9D"], FULL])
    refused(engine, state, 0, {"type": "move", "from": 1, "to": 0}, "cannot join")  # six cards
    refused(engine, state, 0, {"type": "move", "from": 2, "to": 0}, "cannot join")  # 10 twice
    refused(engine, state, 0, {"type": "move", "from": 3, "to": 4}, "cannot join")  # J Q and 9 do not meet
    refused(engine, state, 0, {"type": "move", "from": 0, "to": 0}, "itself")
    moves = {(c["from"], c["to"]) for c in engine.legal_commands(state, 0) if c["type"] == "move"}
    # Q K A + 9 (after the A), 10 + J Q (below the J), 10 + 9 (after the 9): each either way round.
    assert moves == {(1, 4), (4, 1), (2, 3), (3, 2), (2, 4), (4, 2)}


def test_at_most_one_move_or_retire_a_turn(engine, act, table):
    _, state = act(table, 0, {"type": "move", "from": 1, "to": 0})
    refused(engine, state, 0, {"type": "move", "from": 3, "to": 2}, "only one stack")
    refused(engine, state, 0, {"type": "retire", "stack": 3}, "only one stack")


def test_retire_only_when_no_move_is_possible(engine, act, table, position):
    refused(engine, table, 0, {"type": "retire", "stack": 0}, "no move is possible")
    assert not [c for c in engine.legal_commands(table, 0) if c["type"] == "retire"]
    stuck = position(["QH KH", "9C"], [NO_MOVES, FULL])
    legal = engine.legal_commands(stuck, 0)
    assert [c for c in legal if c["type"] == "retire"] == [{"type": "retire", "stack": i} for i in range(5)]
    events, state = act(stuck, 0, {"type": "retire", "stack": 2})
    assert events == [{"type": "retired", "seat": 0, "stack": 2, "cards": ["9D"]}]
    assert state.stacks[0][2] == () and state.discard == ("9D",) and state.moved == "retire"


def test_no_move_possible_counts_only_joins_that_give_a_legal_stack(engine, position):
    # Ranks fit but the sequence pattern does not: no legal move, so retiring is allowed.
    state = position(["QH", "9C"], [["9S 10S", "JH QH", "9D", "9D", "9C"], FULL], options={"sequence": True})
    assert not [c for c in engine.legal_commands(state, 0) if c["type"] == "move"]
    engine.decide(state, 0, {"type": "retire", "stack": 0})


def test_a_stack_emptied_by_this_turns_move_must_be_filled_this_turn(engine, act, table):
    _, state = act(table, 0, {"type": "move", "from": 1, "to": 0})
    refused(engine, state, 0, {"type": "end_turn"}, "must place")
    legal = engine.legal_commands(state, 0)
    assert {c["type"] for c in legal} == {"place"} and {c["stack"] for c in legal} == {1}


def test_move_and_retire_need_a_card_in_hand_to_fill_the_emptied_stack(engine, position):
    state = position(["", "9C"], [FULL, FULL], stock="", discard="")
    refused(engine, state, 0, {"type": "move", "from": 1, "to": 0}, "card in hand")
    stuck = position(["", "9C"], [NO_MOVES, FULL])
    refused(engine, stuck, 0, {"type": "retire", "stack": 0}, "card in hand")
    assert engine.legal_commands(state, 0) == [{"type": "end_turn"}]


def test_spank_then_move_then_place_in_one_turn(engine, act, table):
    _, state = act(table, 0, {"type": "spank", "card": "QH", "seat": 1, "stack": 0})
    _, state = act(state, 0, {"type": "move", "from": 1, "to": 0})
    events, state = act(state, 0, {"type": "place", "card": "KH", "stack": 1})
    assert kinds(events) == ["placed", "drew", "scored"]
    assert state.stacks[0][:2] == (("9S", "10H"), ("KH",))


# --- Play ---------------------------------------------------------------------------------


def test_placement_is_mandatory_with_an_empty_stack_and_a_card_in_hand(engine, position):
    state = position(["QH KH", "9C"], [["9S", "", "", "QC", "KS"], FULL])
    refused(engine, state, 0, {"type": "end_turn"}, "must place")
    places = [c for c in engine.legal_commands(state, 0) if c["type"] == "place"]
    assert {(c["card"], c["stack"]) for c in places} == {("QH", 1), ("QH", 2), ("KH", 1), ("KH", 2)}


def test_placement_is_one_card_into_one_empty_stack_and_ends_the_turn(engine, act, position):
    state = position(["QH KH", "9C"], [["9S", "", "", "QC", "KS"], FULL], stock="AS AH AD")
    refused(engine, state, 0, {"type": "place", "card": "QH", "stack": 0}, "not empty")
    refused(engine, state, 0, {"type": "place", "card": "JH", "stack": 1}, "do not hold")
    events, after = act(state, 0, {"type": "place", "card": "KH", "stack": 2})
    assert kinds(events) == ["placed", "drew", "scored"]
    assert events[0] == {"type": "placed", "seat": 0, "card": "KH", "stack": 2}
    assert after.stacks[0] == (("9S",), (), ("KH",), ("QC",), ("KS",))
    assert after.to_move == 1  # one placement only: the second empty stack stays empty
    refused(engine, after, 0, {"type": "place", "card": "QH", "stack": 1}, "seat 1's turn")


def test_placement_into_an_empty_stack_takes_any_card(engine, position):
    two_set = position(["2S KH", "9C"], [["9S", "", "QC", "QC", "KS"], FULL], options={"two_set": "full"})
    engine.decide(two_set, 0, {"type": "place", "card": "2S", "stack": 1})
    sequence = position(["JH KH", "9C"], [["9S 10S", "", "QC", "QC", "KS"], FULL], options={"sequence": True})
    engine.decide(sequence, 0, {"type": "place", "card": "JH", "stack": 1})


def test_without_a_card_in_hand_an_empty_stack_stays_empty(engine, act, position):
    state = position(["", "9C"], [["9S", "", "", "QC", "KS"], FULL])
    assert engine.legal_commands(state, 0) == [{"type": "end_turn"}]
    refused(engine, state, 0, {"type": "place", "card": "9S", "stack": 1})
    events, _ = act(state, 0, {"type": "end_turn"})
    assert kinds(events) == ["drew", "scored"]


def test_end_turn_skips_what_is_optional(engine, act, table):
    events, state = act(table, 0, {"type": "end_turn"})
    assert kinds(events) == ["drew", "scored"]
    assert events[0]["cards"] == []  # the hand was full
    assert state.stacks[0] == table.stacks[0] and state.to_move == 1


# --- Draw ---------------------------------------------------------------------------------


def test_draw_fills_the_hand_to_five_from_the_stock_top(engine, act, table):
    events, state = act(table, 0, {"type": "discard", "cards": ["QH", "KH", "AH"]})
    assert events[1] == {"type": "drew", "seat": 0, "cards": ["9H", "10S", "JS"], "reshuffled": None}
    assert state.stock == tuple("QS KS AS 9C 10C JC QC".split())
    assert len(state.hands[0]) == 5


def test_draw_reshuffles_the_whole_discard_into_a_new_stock_and_records_it(engine, act, position):
    state = position(["QH KH AH 9D 10D", "9C"], [FULL, FULL], stock="JS QS", discard="9H 10S")
    events, after = act(state, 0, {"type": "discard", "cards": ["QH", "KH", "AH", "9D"]}, seed=4)
    drew = events[1]
    assert drew["cards"][:2] == ["JS", "QS"]
    assert sorted(drew["reshuffled"]) == sorted(["9H", "10S", "QH", "KH", "AH", "9D"])
    assert drew["cards"][2:] == drew["reshuffled"][:2]
    assert after.stock == tuple(drew["reshuffled"][2:]) and after.discard == ()
    assert len(after.hands[0]) == 5
    # Replaying the events needs no random generator.
    assert engine.fold(events, state) == after


def test_draw_does_not_reshuffle_while_the_stock_suffices(engine, act, position):
    state = position(["QH KH AH 9D 10D", "9C"], [FULL, FULL], stock="JS QS", discard="9H 10S")
    events, after = act(state, 0, {"type": "discard", "cards": ["QH"]})
    assert events[1]["reshuffled"] is None
    events, after = act(state, 0, {"type": "discard", "cards": ["QH", "KH"]})
    assert events[1]["reshuffled"] is None and after.stock == ()


def test_hand_stays_short_when_stock_and_discard_are_both_empty(engine, act, position):
    state = position(["QH KH", "9C"], [["9S", "", "JD", "QC", "KS"], FULL], stock="", discard="")
    events, after = act(state, 0, {"type": "place", "card": "QH", "stack": 1})
    assert events[1] == {"type": "drew", "seat": 0, "cards": [], "reshuffled": None}
    assert after.hands[0] == ("KH",)


# --- Commands that are not commands -------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        None,
        5,
        "end_turn",
        ["end_turn"],
        {},
        {"type": None},
        {"type": 3},
        {"type": "pass"},
        {"type": "END_TURN"},
        {"type": "spank"},
        {"type": "spank", "card": "QH", "seat": 1},
        {"type": "spank", "card": "QH", "seat": True, "stack": 0},
        {"type": "spank", "card": "QH", "seat": 1, "stack": -1},
        {"type": "spank", "card": "QH", "seat": 1, "stack": 5},
        {"type": "spank", "card": "QH", "seat": 7, "stack": 0},
        {"type": "spank", "card": "QH", "seat": 1, "stack": 1.0},
        {"type": "spank", "card": ["QH"], "seat": 1, "stack": 0},
        {"type": "move", "from": "1", "to": 0},
        {"type": "move", "from": 1},
        {"type": "move", "from": 1, "to": False},
        {"type": "retire", "stack": None},
        {"type": "place", "card": None, "stack": 1},
        {"type": "place", "card": "QH", "stack": [1]},
        {"type": "discard", "cards": [["QH"]]},
        {"type": "discard", "cards": [None]},
        {"type": "discard", "cards": {"QH": 1}},
    ],
)
def test_malformed_commands_raise_illegal_command(engine, table, command):
    with pytest.raises(IllegalCommand):
        engine.decide(table, 0, command)


@pytest.mark.parametrize("seat", [-1, 2, "0", 0.0, True, [0]])
def test_unknown_seats_raise_illegal_command(engine, table, seat):
    with pytest.raises(IllegalCommand):
        engine.decide(table, seat, {"type": "end_turn"})
    assert engine.legal_commands(table, seat) == []


def test_extra_command_keys_are_ignored(engine, table):
    events = engine.decide(table, 0, {"type": "end_turn", "fills": [], "why": None})
    assert [event["type"] for event in events] == ["drew", "scored"]
    events = engine.decide(table, 0, {"type": "move", "from": 1, "to": 0, "announce": "spank!"})
    assert events == [{"type": "moved", "seat": 0, "from": 1, "to": 0, "cards": ["9S", "10H"]}]


def test_decide_never_changes_the_state(engine, table):
    before = table
    engine.decide(table, 0, {"type": "spank", "card": "QH", "seat": 1, "stack": 0})
    engine.decide(table, 0, {"type": "discard", "cards": ["QH"]})
    assert table == before and table.stacks[1][0] == ("JS",)


def test_legal_commands_lists_equal_cards_once(engine, position):
    state = position(["QH QH QH 9D 9D", "9C"], [["9S", "", "JD", "QC", "KS"], FULL])
    legal = engine.legal_commands(state, 0)
    places = [c for c in legal if c["type"] == "place"]
    assert places == [{"type": "place", "card": "9D", "stack": 1}, {"type": "place", "card": "QH", "stack": 1}]
    discards = [tuple(c["cards"]) for c in legal if c["type"] == "discard"]
    assert len(discards) == len(set(discards)) == 3 * 4 - 1  # (0 to 2 9Ds) x (0 to 3 QHs), less the empty choice
    assert all(list(cards) == sorted(cards) for cards in discards)

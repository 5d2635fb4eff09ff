"""A turn: the forced ace, drawing, ending the turn, refilling the draw pile, nothing to draw,
the stalemate, the win, the rotation, and refused commands."""

import random

import pytest
from contract.profiles.spite_and_malice import canonical
from sm_helpers import cards, every_card, kinds

TO_QUEEN = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS"
KING_PILE = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
FULL_ROW = "QC | QD | QH | QS"


def end(discard=None, pile=0, fills=()):
    command = {"type": "end_turn", "fills": [{"card": card, "pile": p} for card, p in fills]}
    if discard is not None:
        command["discard"] = {"card": discard, "pile": pile}
    return command


def hand_play(card, to):
    return {"type": "play", "from": "hand", "card": card, "to": to}


def win_play(to):
    return {"type": "play", "from": "win", "to": to}


def can_end(engine, state, seat=0):
    return any(command["type"] == "end_turn" for command in engine.legal_commands(state, seat))


# --- The forced ace ------------------------------------------------------------------------


def test_forced_ace_in_hand_blocks_ending_the_turn(engine, position, refused):
    state = position(["AS 9C 5D", "2H"])
    refused(state, 0, end("9C"))
    refused(state, 0, end("AS"))  # nor may the ace itself be discarded
    assert not can_end(engine, state)
    assert engine.view(state, 0)["you"]["forced_ace"] is True


def test_forced_ace_on_the_win_pile_top_blocks_ending_the_turn(engine, position, refused):
    state = position(["9C 5D", "2H"], win=["AH 7D", "KH"])
    refused(state, 0, end("9C"))
    assert not can_end(engine, state)


def test_forced_ace_on_a_discard_pile_top_blocks_ending_the_turn(engine, position, refused):
    state = position(["9C 5D", "2H"], discards=["QC | QD AD | QH | QS", FULL_ROW])
    refused(state, 0, end("9C"))
    assert not can_end(engine, state)


def test_an_ace_under_a_discard_top_is_not_forced(engine, act, position):
    state = position(["9C 5D", "2H"], discards=["QC | AD QD | QH | QS", FULL_ROW])
    events, _ = act(state, 0, end("9C"))
    assert kinds(events)[0] == "turn_ended"
    assert can_end(engine, state)


def test_the_forced_ace_does_not_apply_when_all_four_slots_are_occupied(engine, act, position):
    state = position(
        ["AS 9C", "2H"],
        win=["AH 7D", "KH"],
        discards=["AD | QD | QH | QS", FULL_ROW],
        play="AC | AC 2C | AS JK 3S | AH",
    )
    assert can_end(engine, state)
    events, after = act(state, 0, end("AS", 1))
    assert events[0]["discard"] == {"card": "AS", "pile": 1}
    assert after.to_move == 1


def test_the_forced_ace_returns_once_a_slot_is_free(engine, act, position, refused):
    state = position(["AS 9C KH", "2H"], play=f"AC | AC 2C | AS JK 3S | {TO_QUEEN}")
    assert can_end(engine, state)
    _, state = act(state, 0, hand_play("KH", 3))  # the pile retires and frees slot 3
    refused(state, 0, end("9C"))
    assert not can_end(engine, state)


def test_a_joker_is_never_a_forced_ace(engine, act, position):
    state = position(["JK 9C", "2H"], win=["JK 7D", "KH"], discards=["JK | QD | QH | QS", FULL_ROW])
    assert can_end(engine, state)
    act(state, 0, end("9C"))


def test_another_seats_ace_does_not_force_this_seat(engine, act, position):
    state = position(["9C 5D", "AH"], win=["KC", "AS"], discards=[FULL_ROW, "AD | AD | AD | AD"])
    assert can_end(engine, state)
    act(state, 0, end("9C"))


def test_the_forced_ace_blocks_even_the_empty_handed_end_ruling_5(engine, position, refused):
    state = position(["", "2H"], win=["AS 7D", "KH"], draw="", retired="")
    refused(state, 0, {"type": "end_turn"})
    refused(state, 0, end())
    assert {command["type"] for command in engine.legal_commands(state, 0)} == {"play"}


# --- Drawing -------------------------------------------------------------------------------


def test_the_next_seat_draws_up_to_5_after_the_turn_ends(engine, act, position):
    state = position(["9C 5D", "2H 3H"], draw="7C 7D 7H 7S 8C")
    events, after = act(state, 0, end("9C", 2))
    assert kinds(events) == ["turn_ended", "drew"]
    assert events[0] == {"type": "turn_ended", "seat": 0, "fills": [], "discard": {"card": "9C", "pile": 2}, "next": 1}
    assert events[1] == {"type": "drew", "seat": 1, "cards": ["7C", "7D", "7H"], "refill": None}
    assert sorted(after.hands[1]) == sorted(("2H", "3H", "7C", "7D", "7H"))
    assert after.draw_pile == ("7S", "8C")
    assert after.hands[0] == ("5D",)
    assert after.discards[0][2] == ("QH", "9C")
    assert after.to_move == 1


def test_every_turn_begins_with_a_drew_event_even_when_it_draws_nothing_ruling_1(engine, act, position):
    state = position(["9C 5D", "2H 3H 4H 5H 6H"])
    events, after = act(state, 0, end("9C"))
    assert events[1] == {"type": "drew", "seat": 1, "cards": [], "refill": None}
    assert after.draw_pile == state.draw_pile


def test_a_seats_first_turn_starts_with_its_dealt_5(engine, act, deal):
    events, state = deal(
        ("2S 3S 4S 5S 6S", "7S 8S 9S 10S", "KS"),
        ("2H 3H 4H 5H 6H", "7H 8H 9H 10H", "QH"),
        draw="JK JK",
        options={"win_pile": 5},
    )
    assert state.to_move == 0 and len(state.hands[0]) == 5
    events, state = act(state, 0, end("6S", 0))
    assert events[1] == {"type": "drew", "seat": 1, "cards": [], "refill": None}
    events, state = act(state, 1, end("6H", 0))
    assert events[1] == {"type": "drew", "seat": 0, "cards": ["JK"], "refill": None}


def test_a_seat_with_no_cards_draws_5_at_the_start_of_its_turn(act, position):
    state = position(["9C", ""], draw="2C 3C 4C 5C 6C 7C")
    events, after = act(state, 0, end("9C"))
    assert events[1]["cards"] == ["2C", "3C", "4C", "5C", "6C"]
    assert after.draw_pile == ("7C",)


def test_draw_5_more_when_the_hand_is_played_out_mid_turn(engine, act, position):
    state = position(["AS", "2H"], draw="2C 3C 4C 5C 6C 7C")
    _, state = act(state, 0, hand_play("AS", 0))
    assert {"type": "draw"} in engine.legal_commands(state, 0)
    events, state = act(state, 0, {"type": "draw"})
    assert events == [{"type": "drew", "seat": 0, "cards": ["2C", "3C", "4C", "5C", "6C"], "refill": None}]
    assert sorted(state.hands[0]) == sorted(("2C", "3C", "4C", "5C", "6C"))
    assert state.to_move == 0
    for card in ("2C", "3C", "4C", "5C", "6C"):
        _, state = act(state, 0, hand_play(card, 0))
    events, state = act(state, 0, {"type": "draw"})  # played out again: draw again
    assert events[0]["cards"] == ["7C"]


def test_draw_is_allowed_when_the_hand_is_too_short_to_end_the_turn_and_takes_exactly_5(engine, act, position):
    state = position(["9C 5D", "2H"], discards=[" | | QH | QS", FULL_ROW], draw="2C 3C 4C 5C 6C 7C")
    assert engine.view(state, 0)["you"]["can_draw"] is True
    events, after = act(state, 0, {"type": "draw"})
    assert events[0]["cards"] == ["2C", "3C", "4C", "5C", "6C"]
    assert len(after.hands[0]) == 7


@pytest.mark.parametrize(
    "hand, discards",
    [
        ("9C", FULL_ROW),
        ("9C 5D 4H", " | | QH | QS"),
        ("9C 5D 4H 3H 2H", " | | | "),
    ],
)
def test_draw_is_refused_while_the_hand_can_end_the_turn(engine, position, refused, hand, discards):
    state = position([hand, "2H"], discards=[discards, FULL_ROW])
    refused(state, 0, {"type": "draw"})
    assert {"type": "draw"} not in engine.legal_commands(state, 0)


# --- Ending the turn -----------------------------------------------------------------------


def test_ending_the_turn_fills_every_empty_discard_pile_then_discards_one(engine, act, position):
    state = position(["5C 9D 7H", "2H"], discards=[" | | QH | QS", FULL_ROW])
    command = end("7H", 2, fills=[("5C", 0), ("9D", 1)])
    events, after = act(state, 0, command)
    assert events[0] == {
        "type": "turn_ended",
        "seat": 0,
        "fills": command["fills"],
        "discard": {"card": "7H", "pile": 2},
        "next": 1,
    }
    assert after.discards[0] == (("5C",), ("9D",), ("QH", "7H"), ("QS",))
    assert after.hands[0] == ()


def test_the_discard_may_go_on_a_pile_just_filled(act, position):
    state = position(["5C 9D", "2H"], discards=[" | QD | QH | QS", FULL_ROW])
    _, after = act(state, 0, end("9D", 0, fills=[("5C", 0)]))
    assert after.discards[0][0] == ("5C", "9D")


def test_fills_may_be_left_out_when_no_discard_pile_is_empty(act, position):
    state = position(["9D", "2H"])
    _, after = act(state, 0, {"type": "end_turn", "discard": {"card": "9D", "pile": 3}})
    assert after.discards[0][3] == ("QS", "9D")


def test_every_empty_discard_pile_must_be_filled_ruling_8(position, refused):
    state = position(["5C 9D 7H", "2H"], discards=[" | | QH | QS", FULL_ROW])
    refused(state, 0, end("7H", 2, fills=[("5C", 0)]))
    refused(state, 0, end("7H", 2))


def test_a_fill_must_name_an_empty_pile(position, refused):
    state = position(["5C 9D 7H", "2H"], discards=[" | QD | QH | QS", FULL_ROW])
    refused(state, 0, end("7H", 2, fills=[("5C", 0), ("9D", 1)]))
    refused(state, 0, end("7H", 2, fills=[("5C", 2)]))


def test_the_same_pile_may_not_be_filled_twice_ruling_8(position, refused):
    state = position(["5C 9D 7H 8H", "2H"], discards=[" | | QH | QS", FULL_ROW])
    refused(state, 0, end("8H", 2, fills=[("5C", 0), ("9D", 0), ("7H", 1)]))
    refused(state, 0, end("8H", 2, fills=[("5C", 0), ("9D", 0)]))


@pytest.mark.parametrize(
    "command",
    [
        end("KS", 0),  # not held
        end("QC", 0),  # a discard pile's card is not in the hand
        end("9D", 0, fills=[("5C", 1)]),  # fill not held
    ],
)
def test_fills_and_discard_must_be_hand_cards_ruling_8(position, refused, command):
    state = position(["9D 7H", "2H"], discards=["QC | | QH | QS", FULL_ROW])
    refused(state, 0, command)


def test_fills_and_discard_count_copies_in_hand_ruling_8(act, position, refused):
    state = position(["5C 9D", "2H"], discards=[" | QD | QH | QS", FULL_ROW])
    refused(state, 0, end("5C", 1, fills=[("5C", 0)]))
    state = position(["5C 5C", "2H"], discards=[" | QD | QH | QS", FULL_ROW])
    _, after = act(state, 0, end("5C", 1, fills=[("5C", 0)]))
    assert after.discards[0][:2] == (("5C",), ("QD", "5C"))


@pytest.mark.parametrize("pile", [4, -1, 9])
def test_the_discard_must_go_on_one_of_the_four_discard_piles(position, refused, pile):
    state = position(["9D 7H", "2H"])
    refused(state, 0, end("9D", pile))


def test_the_turn_cannot_end_without_a_discard_while_a_card_is_held(position, refused):
    state = position(["9D 7H", "2H"])
    refused(state, 0, {"type": "end_turn"})
    refused(state, 0, {"type": "end_turn", "fills": [], "discard": None})


def test_an_empty_hand_with_cards_to_draw_must_draw_before_ending(engine, position, refused):
    state = position(["", "2H"])
    refused(state, 0, {"type": "end_turn"})
    assert engine.legal_commands(state, 0) == [{"type": "draw"}]


def test_a_short_hand_with_cards_to_draw_must_draw_before_ending_ruling_4(position, refused):
    state = position(["9D 7H", "2H"], discards=[" | | | QS", FULL_ROW])
    refused(state, 0, end(fills=[("9D", 0), ("7H", 1)]))
    refused(state, 0, end("7H", 1, fills=[("9D", 0)]), "fill your 3 empty discard piles and discard")
    one_empty = position(["9D", "2H"], discards=["QC | QD | | QS", FULL_ROW])
    refused(one_empty, 0, end(), "fill your 1 empty discard pile and discard")


# --- Refilling the draw pile ---------------------------------------------------------------


def test_the_retired_piles_refill_the_draw_pile_when_it_cannot_supply_a_draw_ruling_2(engine, act, position):
    state = position(["9D", "2H 3H"], draw="7C 7D", retired=KING_PILE)
    before = every_card(state)
    events, after = act(state, 0, end("9D"), seed=5)
    drew = events[1]
    assert drew["type"] == "drew" and drew["seat"] == 1
    assert sorted(drew["refill"]) == sorted(cards(KING_PILE))
    assert drew["cards"] == ["7C", "7D", drew["refill"][0]]
    assert after.retired == ()
    assert after.draw_pile == tuple(drew["refill"][1:])
    assert every_card(after) == before
    assert engine.view(after, None)["retired_count"] == 0
    assert engine.view(after, None)["draw_count"] == 12


def test_a_refill_is_shuffled_by_the_rng_and_written_into_the_event(engine, position):
    state = position(["9D", "2H 3H"], draw="7C", retired=KING_PILE + " " + TO_QUEEN + " KS")
    orders = {tuple(engine.decide(state, 0, end("9D"), rng=random.Random(seed))[1]["refill"]) for seed in range(6)}
    assert len(orders) > 1
    for seed in range(3):
        events = engine.decide(state, 0, end("9D"), rng=random.Random(seed))
        assert engine.fold(events, state).draw_pile == tuple(events[1]["refill"][2:])


def test_evolve_never_consults_a_random_generator(engine, position, monkeypatch):
    state = position(["9D", "2H 3H"], draw="7C", retired=KING_PILE)
    events = engine.decide(state, 0, end("9D"), rng=random.Random(1))
    expected = engine.fold(events, state)

    def forbidden(*args, **kwargs):
        raise AssertionError("evolve used a random generator")

    for name in ("random", "shuffle", "getrandbits", "randrange", "choice", "sample", "_randbelow"):
        monkeypatch.setattr(random.Random, name, forbidden, raising=False)
        monkeypatch.setattr(random.SystemRandom, name, forbidden, raising=False)
    assert engine.fold(events, state) == expected
    assert engine.fold(events, state) == expected


def test_no_refill_while_the_draw_pile_holds_enough(act, position):
    state = position(["9D", "2H 3H"], draw="7C 7D 7H", retired=KING_PILE)
    events, after = act(state, 0, end("9D"))
    assert events[1] == {"type": "drew", "seat": 1, "cards": ["7C", "7D", "7H"], "refill": None}
    assert after.draw_pile == ()
    assert after.retired == cards(KING_PILE)


def test_the_draw_command_refills_too(act, position):
    state = position(["AS", "2H"], draw="7C", retired=KING_PILE)
    _, state = act(state, 0, hand_play("AS", 0))
    events, after = act(state, 0, {"type": "draw"}, seed=3)
    drew = events[0]
    assert sorted(drew["refill"]) == sorted(cards(KING_PILE))
    assert drew["cards"] == ["7C"] + drew["refill"][:4]
    assert after.draw_pile == tuple(drew["refill"][4:])


def test_a_draw_pile_still_short_after_the_refill_gives_what_it_has(act, position):
    state = position(["9D", ""], draw="7C", retired="")
    events, after = act(state, 0, end("9D"))
    assert events[1] == {"type": "drew", "seat": 1, "cards": ["7C"], "refill": None}
    state = position(["AS", "2H"], draw="7C", retired="KD QD")
    _, state = act(state, 0, hand_play("AS", 0))
    events, after = act(state, 0, {"type": "draw"})
    assert sorted(events[0]["cards"]) == ["7C", "KD", "QD"]
    assert after.draw_pile == () and after.retired == ()


# --- Nothing to draw -----------------------------------------------------------------------


def test_draw_is_refused_when_there_is_nothing_to_draw_ruling_3(engine, position, refused):
    state = position(["", "2H"], draw="", retired="")
    refused(state, 0, {"type": "draw"})
    assert [canonical(c) for c in engine.legal_commands(state, 0)] == [canonical({"type": "end_turn"})]


def test_with_nothing_to_draw_an_empty_hand_ends_the_turn_with_a_bare_end_turn(engine, act, position):
    state = position(["", "2H"], draw="", retired="")
    events, after = act(state, 0, {"type": "end_turn"})
    assert events[0] == {"type": "turn_ended", "seat": 0, "fills": [], "discard": None, "next": 1}
    assert after.to_move == 1


def test_with_nothing_to_draw_an_empty_hand_leaves_empty_discard_piles_empty(act, position):
    state = position(["", "2H"], discards=[" | | | ", FULL_ROW], draw="", retired="")
    events, after = act(state, 0, {"type": "end_turn"})
    assert events[0]["fills"] == [] and events[0]["discard"] is None
    assert after.discards[0] == ((), (), (), ())


def test_with_nothing_to_draw_the_seat_fills_what_it_can_and_skips_the_discard(act, position, refused):
    state = position(["9D 7H", "2H"], discards=[" | | | QS", FULL_ROW], draw="", retired="")
    refused(state, 0, end("7H", 3, fills=[("9D", 0)]))  # fills as many piles as the hand allows
    refused(state, 0, end(fills=[("9D", 0)]))
    events, after = act(state, 0, end(fills=[("9D", 0), ("7H", 2)]))
    assert events[0]["discard"] is None
    assert after.discards[0] == (("9D",), (), ("7H",), ("QS",))


def test_with_nothing_to_draw_a_card_left_after_the_fills_must_be_discarded(act, position, refused):
    state = position(["9D 7H 5C", "2H"], discards=[" | | QH | QS", FULL_ROW], draw="", retired="")
    refused(state, 0, end(fills=[("9D", 0), ("7H", 1)]))
    _, after = act(state, 0, end("5C", 3, fills=[("9D", 0), ("7H", 1)]))
    assert after.discards[0][3] == ("QS", "5C")


def test_with_nothing_to_draw_but_retired_piles_the_seat_may_draw(engine, act, position):
    state = position(["", "2H"], draw="", retired=KING_PILE)
    events, after = act(state, 0, {"type": "draw"})
    assert len(events[0]["cards"]) == 5 and sorted(events[0]["refill"]) == sorted(cards(KING_PILE))


# --- Stalemate -----------------------------------------------------------------------------


def barren(position, players=2, win=None, **more):
    """No seat can play, the draw pile and the retired piles are empty."""
    return position(["9D 7H"] + ["9H 7D"] * (players - 1), draw="", retired="", win=win or ["KC KC"] * players, **more)


def test_a_full_round_of_barren_turns_with_nothing_to_draw_ends_the_game_ruling_7(engine, act, position):
    state = barren(position, win=["KC KD", "KH KS KC"])
    events, state = act(state, 0, end("9D"))
    assert kinds(events) == ["turn_ended", "drew"] and not state.over
    assert state.barren_turns == 1
    events, state = act(state, 1, end("9H"))
    assert kinds(events) == ["turn_ended", "stalemated"]
    assert events[1] == {"type": "stalemated", "win_counts": [2, 3], "winner": 0}
    assert state.over and state.result == "stalemate" and state.winner == 0
    view = engine.view(state, None)
    assert view["over"] is True and view["winner"] == 0 and view["result"] == "stalemate"
    assert view["to_move"] is None


def test_stalemate_with_equal_fewest_win_cards_is_a_draw(engine, act, position):
    state = barren(position, players=3, win=["KC KD", "KH", "KS"])
    for seat in range(3):
        events, state = act(state, seat, end(state.hands[seat][0]))
    assert events[-1] == {"type": "stalemated", "win_counts": [2, 1, 1], "winner": None}
    assert state.over and state.winner is None and state.result == "stalemate"
    assert engine.view(state, 2)["winner"] is None


def test_stalemate_needs_as_many_barren_turns_as_players(act, position):
    state = barren(position, players=4)
    for seat in range(3):
        _, state = act(state, seat, end(state.hands[seat][0]))
        assert not state.over
    _, state = act(state, 3, end(state.hands[3][0]))
    assert state.over


def test_a_play_resets_the_stalemate_count(act, position):
    state = position(["3C 9D 7H", "9H 7D"], draw="", retired="", win=["KC", "KC"], play=" | | | AS 2S")
    _, state = act(state, 0, hand_play("3C", 3))
    _, state = act(state, 0, end("9D"))
    assert state.barren_turns == 0
    _, state = act(state, 1, end("9H"))
    assert state.barren_turns == 1 and not state.over
    _, state = act(state, 0, end("7H"))
    assert state.over and state.result == "stalemate"


def test_a_turn_that_ends_with_cards_left_to_draw_does_not_count(act, position):
    state = position(["9D 7H", "9H 7D"], draw="5C", retired="", win=["KC", "KC"])
    _, state = act(state, 0, end("9D"))  # the draw pile still held 5C at the end of this turn
    assert state.barren_turns == 0 and state.draw_pile == ()
    _, state = act(state, 1, end("9H"))
    assert not state.over
    _, state = act(state, 0, end("7H"))
    assert state.over


def test_retired_piles_left_to_draw_also_keep_the_game_going(act, position):
    state = position(["9D 7H", "9H 7D 7D 7D 7D"], draw="", retired="QD KD", win=["KC", "KC"])
    _, state = act(state, 0, end("9D"))
    assert state.barren_turns == 0


def test_a_seat_withholding_its_plays_for_a_round_ends_the_game_this_way_too(act, position):
    state = position(["2C 9D", "9H 7D"], draw="", retired="", win=["KC", "KC KD"], play="AS | | | ")
    _, state = act(state, 0, end("9D"))  # 2C could have been played
    _, state = act(state, 1, end("9H"))
    assert state.over and state.winner == 0


def test_the_count_carries_from_the_state_barren_turns(act, position):
    state = barren(position, barren_turns=1)
    events, state = act(state, 0, end("9D"))
    assert kinds(events) == ["turn_ended", "stalemated"]


def test_after_a_stalemate_every_command_is_refused(engine, act, position, refused):
    state = barren(position, barren_turns=1)
    _, state = act(state, 0, end("9D"))
    for seat in (0, 1):
        refused(state, seat, end(state.hands[seat][0]))
        refused(state, seat, {"type": "draw"})
        assert engine.legal_commands(state, seat) == []


# --- Winning -------------------------------------------------------------------------------


def test_playing_the_last_win_card_wins_at_once_even_mid_turn(engine, act, position, refused):
    state = position(["9C 8C AD", "2H"], win=["5H", "KH"], play="AS 2S 3S 4S | | | ")
    events, state = act(state, 0, win_play(0))
    assert kinds(events) == ["played", "won"]
    assert events[1] == {"type": "won", "seat": 0}
    assert state.over and state.result == "win" and state.winner == 0
    view = engine.view(state, 1)
    assert view["over"] is True and view["winner"] == 0 and view["to_move"] is None and view["result"] == "win"
    assert view["players"][0]["win_count"] == 0 and view["players"][0]["win_top"] is None
    for seat in (0, 1, None):
        refused(state, seat, hand_play("AD", 1))
        refused(state, seat, end("9C"))
        refused(state, seat, {"type": "draw"})
        refused(state, seat, hand_play("9C", 0))
    assert all(engine.legal_commands(state, seat) == [] for seat in (0, 1, None))


def test_a_last_win_card_that_completes_a_pile_retires_it_then_wins_ruling_6(act, position):
    state = position(["9C", "2H"], win=["KH", "KD"], play=f"{TO_QUEEN} | | | ")
    events, state = act(state, 0, win_play(0))
    assert kinds(events) == ["played", "pile_retired", "won"]
    assert state.play_piles[0] == () and state.winner == 0


def test_the_game_is_not_won_while_a_win_card_is_left(act, position):
    state = position(["9C", "2H"], win=["5H 6H", "KH"], play="AS 2S 3S 4S | | | ")
    events, state = act(state, 0, win_play(0))
    assert "won" not in kinds(events) and not state.over


# --- Turn order ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_turns_rotate_clockwise_to_the_next_seat_number_wrapping_to_0(act, position, players):
    state = position(["9D 7H"] * players, to_move=players - 1)
    seen = []
    for _ in range(players):
        seat = state.to_move
        events, state = act(state, seat, end(state.hands[seat][0]))
        assert events[0]["next"] == state.to_move == events[1]["seat"]
        seen.append(state.to_move)
    assert seen == list(range(players))


@pytest.mark.parametrize("seat", [1, 2, None, -1, 5, "0", [0]])
def test_only_the_seat_to_move_may_act(engine, position, refused, seat):
    state = position(["AS 9D", "AH 9H", "AD 9C"])
    refused(state, seat, hand_play("AS", 0))
    refused(state, seat, end("9D"))
    if seat in (1, 2):
        refused(state, seat, hand_play("AH" if seat == 1 else "AD", 0))
        assert engine.legal_commands(state, seat) == []


# --- Malformed commands --------------------------------------------------------------------


def with_play(**fields):
    """The legal hand play of AS to slot 0, with some fields changed (REMOVE drops a field)."""
    command = {"type": "play", "from": "hand", "card": "AS", "to": 0, **fields}
    return {key: value for key, value in command.items() if value is not REMOVE}


def with_discard_play(**fields):
    """The legal play of discard pile 1's top (2D) onto slot 1 (AD), with some fields changed."""
    command = {"type": "play", "from": "discard", "pile": 1, "to": 1, **fields}
    return {key: value for key, value in command.items() if value is not REMOVE}


REMOVE = object()

MALFORMED_PLAYS = [
    None,
    "play",
    3,
    [],
    ["play"],
    {},
    {"type": None},
    {"type": 5},
    {"type": "fly"},
    {"type": "PLAY"},
    {"type": "pass"},
    {"card": "AS", "to": 0},
    {"type": ["play"]},
    with_play(to="0"),
    with_play(to=4),
    with_play(to=-1),
    with_play(to=None),
    with_play(to=0.0),
    with_play(to=[0]),
    with_play(to=REMOVE),
    with_play(card=5),
    with_play(card=["AS"]),
    with_play(card=None),
    with_play(card="as"),
    with_play(card="ZZ"),
    with_play(card={"card": "AS"}),
    with_play(card=REMOVE),
    with_play(card="1S"),
    with_play(card="13D"),
    with_play(**{"from": "deck"}),
    with_play(**{"from": None}),
    with_play(**{"from": ["hand"]}),
    with_play(**{"from": REMOVE}),
    with_play(**{"from": "HAND"}),
    {"type": "play", "from": "win", "to": 7},
    {"type": "play", "from": "win", "to": -2},
    {"type": "play", "from": "win"},
    {"type": "play", "from": "win", "to": "0"},
    with_discard_play(pile=REMOVE),
    with_discard_play(pile=-1),
    with_discard_play(pile=4),
    with_discard_play(pile="1"),
    with_discard_play(pile=None),
    with_discard_play(pile=1.0),
    with_discard_play(pile=True),
    with_discard_play(pile=[1]),
    with_discard_play(to=4),
    with_discard_play(to=1.0),
    with_discard_play(to=REMOVE),
    {"type": "draw"},  # not malformed, but refused: the hand can still end the turn
]


@pytest.mark.parametrize("command", MALFORMED_PLAYS)
def test_malformed_or_unknown_commands_raise_illegal_command_and_change_nothing(act, position, refused, command):
    state = position(["AS 9C 5C 2H", "AH"], discards=["QC | AD 2D | QD | QS", FULL_ROW], play=" | AD | | ")
    act(state, 0, with_play())  # the well-formed versions are legal
    act(state, 0, with_discard_play())
    refused(state, 0, command)


def with_end(**fields):
    command = {"type": "end_turn", "fills": [{"card": "9C", "pile": 0}], "discard": {"card": "5C", "pile": 1}, **fields}
    return {key: value for key, value in command.items() if value is not REMOVE}


MALFORMED_END_TURNS = [
    with_end(fills="9C"),
    with_end(fills={"card": "9C", "pile": 0}),
    with_end(fills=[1]),
    with_end(fills=[None]),
    with_end(fills=[["9C", 0]]),
    with_end(fills=[{"card": "9C"}]),
    with_end(fills=[{"pile": 0}]),
    with_end(fills=[{"card": "9C", "pile": "0"}]),
    with_end(fills=[{"card": "9C", "pile": -4}]),
    with_end(fills=[{"card": "9C", "pile": 7}]),
    with_end(fills=[{"card": "9C", "pile": 0.0}]),
    with_end(fills=[{"card": 9, "pile": 0}]),
    with_end(fills=[{"card": None, "pile": 0}]),
    with_end(fills=None),
    with_end(fills=REMOVE),
    with_end(fills=[]),
    with_end(discard="5C"),
    with_end(discard=["5C", 1]),
    with_end(discard={"card": "5C"}),
    with_end(discard={"pile": 1}),
    with_end(discard={"card": "5C", "pile": 4}),
    with_end(discard={"card": "5C", "pile": -1}),
    with_end(discard={"card": "5C", "pile": "1"}),
    with_end(discard={"card": "5C", "pile": None}),
    with_end(discard={"card": "5C", "pile": True}),
    with_end(discard={"card": "5C", "pile": 1.0}),
    with_end(discard={"card": None, "pile": 1}),
    with_end(discard={"card": ["5C"], "pile": 1}),
    with_end(discard=5),
    with_end(discard=None),
    with_end(discard=REMOVE),
]


@pytest.mark.parametrize("command", MALFORMED_END_TURNS)
def test_malformed_end_turns_raise_illegal_command_and_change_nothing(act, position, refused, command):
    state = position(["9C 5C 2H", "AH"], discards=[" | QC | QD | QS", FULL_ROW], play="AD 2D 3D | | | ")
    act(state, 0, with_end())  # the well-formed version is legal
    refused(state, 0, command)

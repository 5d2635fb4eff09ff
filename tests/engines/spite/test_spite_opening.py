"""The first round's opening phase (rules/spite.md: The First Player; RULINGS.md: Spite, "First
round lead" and "Opening phase"; docs/rulings.md Spite 8): 3s are asked for first, then 4s and so
on; any seat holding the asked rank may lead with it or decline; a seat that declined may not lead
with that rank; ranks nobody holds are skipped; after 2 the ask wraps to 3 and declines are
forgotten; the lead must contain a card printed with the asked rank."""

from spite_helpers import DECLINE, PASS, kinds, play

# Hands with few ranks, padded with high filler cards (2s, aces, kings, ... see conftest).
THREES = ("3S 9D", "4H 3C", "5D 6D")  # seats 0 and 1 hold 3s, seat 2 none


def test_the_first_round_asks_for_3s_and_no_seat_is_to_move(deal, engine):
    events, state = deal(*THREES)
    assert events[1]["ask"] == "3" and events[1]["leader"] is None
    assert state.phase == "opening" and state.ask == "3" and state.to_move is None
    view = engine.view(state, 0)
    assert view["phase"] == "opening" and view["ask"] == "3" and view["to_move"] is None


def test_any_seat_holding_the_asked_rank_may_lead_in_any_order(deal, act):
    _, state = deal(*THREES)
    events, after = act(state, 1, play("3C"))
    assert kinds(events) == ["played"]
    assert events[0]["seat"] == 1 and events[0]["next"] == 2
    assert after.phase == "playing" and after.ask is None and after.to_move == 2
    assert after.trick.leader == 1 and [p.cards for p in after.trick.plays] == [("3C",)]


def test_the_lead_may_be_any_valid_hand_containing_the_asked_rank(deal, act):
    _, state = deal("3S 3H 4D 5C 6S 7H 13D", "4H", "5D")
    for cards in (["3S"], ["3S", "3H"], ["3S", "13D"], ["3S", "4D", "5C", "6S", "7H"], ["3H", "4D", "5C", "6S", "13D"]):
        events, after = act(state, 0, play(*cards))
        assert events[0]["cards"] == cards and after.trick.plays[0].seat == 0


def test_a_seat_without_the_asked_rank_may_not_lead_or_decline(deal, refused):
    _, state = deal(*THREES)
    refused(state, 2, play("5D"), "3")
    refused(state, 2, DECLINE, "3")


def test_the_lead_must_contain_a_card_of_the_asked_rank(deal, refused):
    _, state = deal("3S 4H 4D 5C 6S 7H 8D", "4S", "5D")
    refused(state, 0, play("4H"), "3")
    refused(state, 0, play("4H", "4D"), "3")
    refused(state, 0, play("4H 5C 6S 7H 8D"), "3")


def test_a_wild_13_is_not_a_card_of_the_asked_rank(deal, refused, engine):
    # seat 0's straight 3-7 made with a wild 13 holds no printed 3
    _, state = deal("3C 4S 5S 6S 7H 13H", "13D 4H", "5D")
    refused(state, 0, play("4S 5S 6S 7H 13H"), "3")
    # seat 1 holds a 13 but no printed 3: it may not open
    refused(state, 1, play("4H 13D"), "3")
    refused(state, 1, DECLINE)
    assert engine.legal_commands(state, 1) == []


def test_pass_is_refused_in_the_opening_phase(deal, refused):
    _, state = deal(*THREES)
    refused(state, 0, PASS)
    refused(state, 2, PASS)


def test_a_decline_leaves_the_ask_while_another_holder_has_not_declined(deal, act):
    _, state = deal(*THREES)
    events, after = act(state, 0, DECLINE)
    assert events == [{"type": "declined", "seat": 0, "rank": "3"}]
    assert after.ask == "3" and after.phase == "opening"


def test_a_seat_that_declined_may_not_lead_the_rank_or_decline_again(deal, act, refused, engine):
    _, state = deal(*THREES)
    _, after = act(state, 0, DECLINE)
    refused(after, 0, play("3S"), "declined")
    refused(after, 0, DECLINE)
    assert engine.legal_commands(after, 0) == []
    # the other holder still may
    act(after, 1, play("3C"))


def test_when_every_holder_declined_the_ask_moves_to_the_next_rank(deal, act):
    _, state = deal(*THREES)
    _, state = act(state, 0, DECLINE)
    events, state = act(state, 1, DECLINE)
    assert events == [
        {"type": "declined", "seat": 1, "rank": "3"},
        {"type": "asked", "rank": "4", "clear_declines": False},
    ]
    assert state.ask == "4"
    # seat 1 declined 3s, not 4s: it may lead with its 4
    events, state = act(state, 1, play("4H"))
    assert events[0]["seat"] == 1 and state.phase == "playing"


def test_ranks_nobody_holds_are_skipped(deal, act):
    events, state = deal("5S 8D", "8H", "6C 8C")  # nobody holds a 3 or a 4; nobody holds a 7
    assert events[1]["ask"] == "5"
    events, state = act(state, 0, DECLINE)
    assert events[-1] == {"type": "asked", "rank": "6", "clear_declines": False}
    events, state = act(state, 2, DECLINE)
    assert events[-1] == {"type": "asked", "rank": "8", "clear_declines": False}
    assert state.ask == "8"


def test_a_seat_that_declined_a_rank_may_not_lead_with_it_later_in_a_bigger_hand(deal, act, refused):
    """RULINGS, Opening phase: "a seat that declined a rank may not lead with it later"."""
    _, state = deal("3S 4S 5S 6H 7S", "4H", "8C")
    _, state = act(state, 0, DECLINE)
    assert state.ask == "4"
    refused(state, 0, play("3S 4S 5S 6H 7S"))
    act(state, 0, play("4S"))


def test_after_2_the_ask_wraps_to_3_and_the_declines_are_forgotten_ruling_8(deal, act, engine):
    threes = "3S 3H 3D 3C 3S 3H 3D 3C 3S 3H 3D"
    twos = "2S 2H 2D 2C 2S 2H 2D 2C 2S 2H 2D"
    fours = "4S 4H 4D 4C 4S 4H 4D 4C 4S 4H 4D"
    events, state = deal(threes, twos, fours)
    assert state.ask == "3"
    _, state = act(state, 0, DECLINE)
    assert state.ask == "4"
    events, state = act(state, 2, DECLINE)
    assert events[-1] == {"type": "asked", "rank": "2", "clear_declines": False}  # 5 to A: nobody
    events, state = act(state, 1, DECLINE)
    assert events[-1] == {"type": "asked", "rank": "3", "clear_declines": True}
    assert state.ask == "3" and state.declined == frozenset()
    assert {"type": "decline"} in engine.legal_commands(state, 0)
    events, state = act(state, 0, play("3S", "3H"))
    assert state.phase == "playing" and state.to_move == 1


def test_the_opening_phase_lead_then_the_trick_goes_clockwise(deal, act, refused):
    _, state = deal(*THREES)
    _, state = act(state, 1, play("3C"))
    refused(state, 0, play("9D"), "turn")
    events, state = act(state, 2, play("5D"))
    assert events[0]["next"] == 0 and state.to_move == 0


def test_legal_commands_in_the_opening_list_leads_with_the_asked_rank_and_decline(deal, engine):
    _, state = deal("3S 3H 9D", "4H", "5D")
    legal = engine.legal_commands(state, 0)
    assert {"type": "decline"} in legal
    plays = [tuple(sorted(c["cards"])) for c in legal if c["type"] == "play"]
    assert all(any(card[:-1] == "3" for card in cards) for cards in plays)
    assert {("3S",), ("3H",), ("3H", "3S")} <= set(plays)
    assert ("9D",) not in plays and len(plays) == len(set(plays))
    assert engine.legal_commands(state, 1) == engine.legal_commands(state, 2) == []

"""The bounty card (rules/spite.md: The Bounty Card, Fake Jokers; RULINGS.md: Spite: finer points;
/tmp/spec/spite2.md): "If a player finishes by playing a hand that consists solely of natural cards
with the same face value as the bounty card, that player "claims the bounty" and gains a number of
fake jokers equal to the number of bounty cards in their final hand. The bounty card is immediately
discarded and a new bounty card revealed, so that other players may continue to claim the bounty
within the same trick." The claim is part of the play (``bounty_claim``) and strict mode refuses a
wrong one; fakes come from the pile's front, a shortfall from the deck's top as deck reward cards."""

from collections import Counter

import pytest
from spite_helpers import PASS, kinds, of_type, play


def claimed(events):
    found = of_type(events, "bounty_claimed")
    assert len(found) == 1, kinds(events)
    return found[0]


# --- the claim and its count ----------------------------------------------------------------------


def test_going_out_on_the_bounty_value_claims_one_fake_per_card(position, act):
    state = position(["9S 9D", "6S 4C", "3S 8S"], bounty="9H", fake_pile=("AS", "KH", "4D"), deck="JC 5C 6C", to_move=0)
    events, after = act(state, 0, play("9S 9D", bounty_claim=2))
    assert kinds(events)[:3] == ["played", "placed", "bounty_claimed"]
    event = claimed(events)
    assert event["seat"] == 0 and event["count"] == 2
    assert event["fakes"] == ["AS", "KH"] and event["from_deck"] == []
    assert after.fakes[0] == ("AS", "KH") and after.fake_pile == ("4D",)
    assert after.places[0] == 0


@pytest.mark.parametrize("claim, words", [(1, "claim 2"), (3, "claim 2"), (None, "claim 2")])
def test_a_wrong_or_missing_claim_is_refused_with_the_right_count(position, refused, claim, words):
    state = position(["9S 9D", "6S 4C", "3S 8S"], bounty="9H", fake_pile=("AS", "KH"), to_move=0)
    refused(state, 0, play("9S 9D", bounty_claim=claim) if claim else play("9S 9D"), words)


@pytest.mark.parametrize(
    "hand, cards",
    [
        ("9S 9D 4C", "9S 9D"),  # not going out
        ("8S 8D", "8S 8D"),  # going out, but not on the bounty's value
    ],
)
def test_a_claim_without_the_right_is_refused(position, refused, hand, cards):
    state = position([hand, "6S 4C", "3S 8S"], bounty="9H", fake_pile=("AS", "KH"), to_move=0)
    refused(state, 0, play(cards, bounty_claim=2), "only going out with natural cards of the bounty")


def test_a_shortfall_in_the_pile_comes_from_the_top_of_the_deck_as_deck_reward_cards(position, act):
    """ "If the fake joker pile is exhausted, ... any deficit in the current claim, shall cause that
    player to earn the next card(s) from the deck." """
    state = position(["9S 9D 9C", "6S 4C", "3S 8S"], bounty="9H", fake_pile=("AS",), deck="QS JC 5C 6C", to_move=0)
    events, after = act(state, 0, play("9S 9D 9C", bounty_claim=3))
    event = claimed(events)
    assert event["fakes"] == ["AS"] and event["from_deck"] == ["QS", "JC"]
    assert after.fakes[0] == ("AS",) and after.bonus[0] == ("QS", "JC") and after.fake_pile == ()
    assert after.bounty == "5C" and after.deck == ("6C",)


def test_the_old_bounty_is_discarded_and_a_new_one_turned(position, act):
    state = position(["9S", "6S 4C", "3S 8S"], bounty="9H", fake_pile=("AS",), deck="JC 5C 6C", to_move=0)
    events, after = act(state, 0, play("9S", bounty_claim=1))
    event = claimed(events)
    assert event["discarded"] == "9H" and event["bounty"] == "JC"
    assert after.bounty == "JC" and "9H" in after.discard and after.deck == ("5C", "6C")


def test_two_seats_claim_the_bounty_in_one_trick(position, act):
    """ "... so that other players may continue to claim the bounty within the same trick." """
    state = position(["9S", "JS", "4D 5D", "4S 5S"], bounty="9H", fake_pile=("AS", "KH"), deck="JC 5C 6C", to_move=0)
    events, state = act(state, 0, play("9S", bounty_claim=1))
    assert claimed(events)["bounty"] == "JC"
    events, state = act(state, 1, play("JS", bounty_claim=1))
    event = claimed(events)
    assert event["seat"] == 1 and event["fakes"] == ["KH"] and event["discarded"] == "JC"
    assert state.fakes[:2] == (("AS",), ("KH",)) and state.bounty == "5C"
    assert {"9H", "JC"} <= set(state.discard)
    assert state.places[:2] == (0, 1) and len(state.trick.plays) == 2  # the trick goes on


def test_a_joker_turned_as_the_new_bounty_goes_back_into_the_deck(engine, position, act):
    """ "If a joker is revealed as the bounty card, it shall be shuffled back into the deck and a new
    bounty card is revealed." The deck's new order is in the event, and only its size is shown."""
    state = position(["9S", "6S 4C", "3S 8S"], bounty="9H", fake_pile=("AS",), deck="JK 8D 9C 10C 5C", to_move=0)
    events, after = act(state, 0, play("9S", bounty_claim=1), seed=3)
    event = claimed(events)
    assert event["jokers_returned"] == 1 and event["bounty"] == "8D"
    assert Counter(event["deck"]) == Counter("JK 9C 10C 5C".split())
    assert after.deck == tuple(event["deck"]) and after.bounty == "8D"
    for seat in (0, 1, 2, None):
        redacted = engine.redact_event(event, seat)
        assert "deck" not in redacted and redacted["deck_count"] == 4
        assert redacted["jokers_returned"] == 1 and redacted["bounty"] == "8D"


def test_an_empty_deck_turns_no_bounty_and_later_claims_are_refused(position, act, refused, engine):
    state = position(["9S", "9D", "4D 5D", "4S 5S"], bounty="9H", fake_pile=("AS", "KH"), deck="", to_move=0)
    events, state = act(state, 0, play("9S", bounty_claim=1))
    event = claimed(events)
    assert event["bounty"] is None and event["discarded"] == "9H"
    assert state.bounty is None and engine.view(state, None)["bounty"] is None
    for seat in (1, 2, 3):
        _, state = act(state, seat, PASS)
    assert state.to_move == 1 and not state.trick.plays  # seat 0 went out: seat 1 leads
    refused(state, 1, play("9D", bounty_claim=1), "bounty")
    assert all("bounty_claim" not in c for c in engine.legal_commands(state, 1))
    events, _ = act(state, 1, play("9D"))
    assert of_type(events, "bounty_claimed") == []


def test_a_wild_13_in_the_final_hand_claims_no_bounty(position, act, refused):
    """Only "natural cards" claim the bounty: 9S + a wild 13 is a pair of 9s, but not natural."""
    state = position(["9S 13D", "6S 4C", "3S 8S"], bounty="9H", fake_pile=("AS",), to_move=0)
    refused(state, 0, play("9S 13D", bounty_claim=2), "only going out with natural cards")
    events, _ = act(state, 0, play("9S 13D"))
    assert of_type(events, "bounty_claimed") == [] and of_type(events, "placed")[0]["reason"] == "out"


def test_a_face_up_fake_of_the_bounty_value_counts_as_a_natural_bounty_card(position, act, refused):
    """RULINGS: "Face-up fakes and deck reward cards count as natural cards of their face (for the
    bounty ...)"."""
    state = position(["9S", "6S 4C", "3S 8S"], bounty="9H", fakes=(("9C",), (), ()), fake_pile=("AS",), to_move=0)
    command = play("9S", fake_up=["9C"], bounty_claim=2)
    refused(state, 0, {**command, "bounty_claim": 1}, "claim 2")
    events, after = act(state, 0, command)
    event = claimed(events)
    assert event["count"] == 2 and event["fakes"] == ["AS", "9C"]  # the played 9C went back to the pile first
    assert after.fakes[0] == ("AS", "9C")


def test_a_deck_reward_card_of_the_bounty_value_counts_too(position, act):
    state = position(["9S", "6S 4C", "3S 8S"], bounty="9H", bonus=(("9C",), (), ()), fake_pile=("AS", "KH"), to_move=0)
    events, _ = act(state, 0, play("9S", fake_up=["9C"], bounty_claim=2))
    assert claimed(events)["count"] == 2


def test_a_joker_hand_of_bounty_cards_as_the_last_play_claims_and_places_the_seat_last(position, act):
    """RULINGS: "Going out with natural bounty cards claims the bounty even when that play places the
    seat last." Five natural 7s are a joker hand."""
    state = position(
        ["7S 7H 7D 7C 7S", "6S 4C", "3S 8S"],
        bounty="7H",
        fake_pile=("AS", "KH", "4D"),
        deck="QS JC 5C 6C 8C 9C",
        to_move=0,
    )
    events, after = act(state, 0, play("7S 7H 7D 7C 7S", bounty_claim=5))
    assert of_type(events, "placed") == [{"type": "placed", "seat": 0, "place": 2, "reason": "joker_hand_at_the_end"}]
    event = claimed(events)
    assert event["count"] == 5 and event["fakes"] == ["AS", "KH", "4D"] and event["from_deck"] == ["QS", "JC"]
    assert after.places == (None, None, 0)


def test_a_buy_back_play_that_draws_goes_not_out_and_claims_nothing(position, act, refused):
    """RULINGS: "A buy-back play goes out only if nothing was drawn"."""
    plays = [(0, "4D"), (1, "6C"), (2, "9S"), (1, "10H"), (2, "QC")]
    state = position(["KS", "6S 4C", "3S 8S"], bounty="KH", fake_pile=("AS",), plays=plays, passed=(0,), to_move=0)
    refused(state, 0, play("KS", buy_back=1, bounty_claim=1), "only going out")
    events, after = act(state, 0, play("KS", buy_back=1))
    assert kinds(events) == ["played", "drew"] and after.hands[0] == ("4C",) and after.places[0] is None


def test_a_buy_back_play_on_an_empty_deck_goes_out_and_claims(position, act):
    """RULINGS: "draws stop at an empty deck"."""
    plays = [(0, "4D"), (1, "6C"), (2, "9S"), (1, "10H"), (2, "QC")]
    state = position(
        ["KS", "6S 4C", "3S 8S"], bounty="KH", fake_pile=("AS",), plays=plays, passed=(0,), to_move=0, deck=""
    )
    events, after = act(state, 0, play("KS", buy_back=1, bounty_claim=1))
    assert claimed(events)["fakes"] == ["AS"] and after.places[0] == 0


# --- legal_commands and redaction -------------------------------------------------------------------


def test_legal_commands_carry_bounty_claim_on_exactly_the_claiming_plays(engine, position):
    state = position(["9S 9D", "6S 4C", "3S 8S"], bounty="9H", fakes=(("9C",), (), ()), fake_pile=("AS",), to_move=0)
    claims = {}
    for command in engine.legal_commands(state, 0):
        if command["type"] == "play":
            key = (tuple(sorted(command["cards"])), tuple(command.get("fake_up", [])))
            claims[key] = command.get("bounty_claim")
    assert claims[(("9D", "9S"), ())] == 2
    assert claims[(("9D", "9S"), ("9C",))] == 3
    assert claims[(("9S",), ())] is None and claims[(("9S",), ("9C",))] is None
    assert claims[((), ("9C",))] is None
    assert {key for key, claim in claims.items() if claim} == {(("9D", "9S"), ()), (("9D", "9S"), ("9C",))}


def test_a_claim_s_deck_cards_are_shown_only_to_the_claimer(engine, position, act):
    state = position(["9S 9D", "6S 4C", "3S 8S"], bounty="9H", fake_pile=("AS",), deck="QS JC 5C", to_move=0)
    events, _ = act(state, 0, play("9S 9D", bounty_claim=2))
    event = claimed(events)
    assert engine.redact_event(event, 0)["from_deck"] == ["QS"]
    for seat in (1, 2, None):
        redacted = engine.redact_event(event, seat)
        assert "from_deck" not in redacted and redacted["from_deck_count"] == 1
        assert "QS" not in str(redacted) and "5C" not in str(redacted)
        assert redacted["bounty"] == "JC"  # the new bounty is turned up for all


def test_a_claim_s_fake_faces_are_shown_only_to_the_claimer(engine, position, act):
    """The view shows a seat's fake faces to that seat only (players[i]["fake_jokers"]); the event
    that gives them should not show them to the other seats either."""
    state = position(["9S", "6S 4C", "3S 8S"], bounty="9H", fake_pile=("AS", "KH"), to_move=0)
    events, _ = act(state, 0, play("9S", bounty_claim=1))
    event = claimed(events)
    assert engine.redact_event(event, 0)["fakes"] == ["AS"]
    for seat in (1, 2, None):
        assert "AS" not in str(engine.redact_event(event, seat))

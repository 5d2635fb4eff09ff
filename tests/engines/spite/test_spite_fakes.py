"""Fake jokers and deck reward cards (rules/spite.md: Fake Jokers; RULINGS.md: Spite: finer points;
/tmp/spec/spite2.md): face up they play as their face value, alone or in a hand, and go back to the
common pile at once; a face-up fake in a lead leaves the arity open; face down a fake resets the
ranking, keeps the arity, may not lead, may not be played by a seat that passed or under a consec,
and counts as a joker for "last or second last play"; fakes persist across rounds; deck reward
cards are face up only, no fake jokers for ranking, go to the discard with the trick and expire at
the round's end; the view and the redacted events show a fake's face only to its owner."""

import random

import pytest
from contract.profiles.spite import canonical
from spite_helpers import FULL_DECK, PASS, every_card, kinds, of_type, play

FACES = ["9C", "AS", "KH", "4D", "7C"]


def up(*extras, cards=(), **more):
    """A play of face-up fakes (or deck reward cards), with any regular ``cards``."""
    return {"type": "play", "cards": list(cards), "fake_up": list(extras), **more}


def down(fake):
    return {"type": "play_fake_down", "fake": fake}


def with_fakes(position, hands, fakes, pile=("AS", "KH"), **more):
    """A position where seat i holds ``fakes[i]`` (strings of faces) and the common pile holds ``pile``."""
    return position(hands, fakes=tuple(tuple(f.split()) for f in fakes), fake_pile=tuple(pile), **more)


# --- face up ---------------------------------------------------------------------------------------


def test_a_face_up_fake_plays_alone_as_its_face_value(position, act, refused):
    """ "When played face-up, they will take on their natural face value and can be used whenever
    that face value is valid." """
    state = with_fakes(position, ["5S 4D", "6S 4C", "4S 3D"], ["", "9C", ""], to_move=1, plays=[(0, "8D")])
    events, after = act(state, 1, up("9C"))
    assert events[0]["cards"] == [] and events[0]["fake_up"] == ["9C"] and events[0]["value"] == "9"
    assert after.trick.top.value == "9" and after.hands[1] == ("6S", "4C")
    state = with_fakes(position, ["5S 4D", "6S 4C", "4S 3D"], ["", "9C", ""], to_move=1, plays=[(0, "10D")])
    refused(state, 1, up("9C"), "does not beat")


def test_a_face_up_fake_completes_a_hand_of_its_value(position, act):
    """A pair 9S + fake 9C is a pair of 9s."""
    state = with_fakes(position, ["5S 4D", "9S 6S", "4S 3D"], ["", "9C", ""], to_move=1, plays=[(0, "8D 8H")])
    events, after = act(state, 1, up("9C", cards=["9S"]))
    assert events[0]["kind"] == "pair" and events[0]["value"] == "9"
    assert events[0]["cards"] == ["9S"] and events[0]["fake_up"] == ["9C"]
    assert after.hands[1] == ("6S",) and after.trick.top.value == "9"


def test_a_played_fake_goes_back_to_the_common_pile_at_once_not_to_the_discard(position, act):
    """ "Once a fake joker has been played, it shall be returned to the fake joker pile." """
    state = with_fakes(position, ["5S 4D", "9S 6S", "4S 3D"], ["", "9C", ""], to_move=1, plays=[(0, "8D")])
    _, after = act(state, 1, up("9C"))
    assert after.fakes[1] == () and after.fake_pile == ("AS", "KH", "9C")
    _, after = act(after, 2, PASS)
    events, after = act(after, 0, PASS)
    assert kinds(events) == ["passed", "trick_won"]
    assert "9C" not in after.discard and sorted(after.discard) == ["8D"]
    assert after.fake_pile == ("AS", "KH", "9C")


def test_a_lead_of_a_face_up_fake_leaves_the_arity_open_and_the_next_hand_sets_it(position, act, refused):
    """ "When played face-up to lead a trick, the arity of the trick is indeterminate, regardless of
    current game direction. The next player may play any valid hand, and that hand determines the
    arity of the trick." """
    state = with_fakes(position, ["5S 4D", "4S 4C 6S", "3S 3H 8S"], ["9C", "", ""], to_move=0)
    _, after = act(state, 0, up("9C"))
    assert after.trick.arity is None and after.trick.top is None
    _, after = act(after, 1, play("4S 4C"))  # lower than the 9 and of another size: free
    assert after.trick.arity == 2
    refused(after, 2, play("8S"), "2 cards")
    refused(after, 2, play("3S 3H"), "does not beat")  # and the pair of 4s is now the hand to beat


@pytest.mark.parametrize("direction", ["higher", "lower"])
def test_a_face_up_fake_anywhere_in_a_lead_leaves_the_arity_open_in_either_direction(position, act, direction):
    """RULINGS: "A face-up fake joker anywhere in a lead leaves the arity open"; the rule text:
    "regardless of current game direction"."""
    state = with_fakes(position, ["9S 5D", "4S 6S", "3S 8S"], ["9C", "", ""], to_move=0, direction=direction)
    _, after = act(state, 0, up("9C", cards=["9S"]))
    assert after.trick.arity is None and after.trick.top is None
    _, after = act(after, 1, play("4S"))
    assert after.trick.arity == 1 and after.trick.top.value == "4"


def test_a_deck_reward_card_in_a_lead_sets_the_arity_as_a_normal_card(position, act, refused):
    """Deck reward cards "are not considered fake jokers for the purpose of card ranking"."""
    state = position(["5S 4D", "4S 4C 6S", "3S 8S"], bonus=(("9C",), (), ()), to_move=0)
    events, after = act(state, 0, up("9C"))
    assert events[0]["bonus_up"] == ["9C"] and events[0]["fake_up"] == []
    assert after.trick.arity == 1 and after.trick.top.value == "9"
    refused(after, 1, play("4S 4C"), "1 card")
    refused(after, 1, play("6S"), "does not beat")


# --- face down -------------------------------------------------------------------------------------


def test_a_face_down_fake_resets_the_ranking_and_keeps_the_arity(position, act, refused):
    """ "When played face-down during a trick, they reset the ranking in play such that any valid
    hand that follows the trick's arity may be played on top of it." """
    state = with_fakes(position, ["KS 5D", "6S 4C", "3S 4S 4H"], ["", "9C", ""], to_move=1, plays=[(0, "KS")])
    events, after = act(state, 1, down("9C"))
    assert kinds(events) == ["played_fake_down"]
    assert after.trick.top is None and after.trick.arity == 1
    assert after.fakes[1] == () and after.fake_pile[-1] == "9C"
    refused(after, 2, play("4S 4H"), "1 card")
    act(after, 2, play("3S"))


def test_a_face_down_fake_may_not_lead(position, refused):
    state = with_fakes(position, ["5S", "6S", "4S"], ["9C", "", ""], to_move=0)
    refused(state, 0, down("9C"), "lead")


def test_a_face_down_fake_may_not_be_played_by_a_seat_that_passed(position, refused):
    """RULINGS: "may not be played by a seat that has passed (it is not a buy-back play)"."""
    state = with_fakes(
        position, ["5S", "6S", "4S"], ["9C", "", ""], to_move=0, plays=[(1, "6D"), (2, "8C")], passed=(0,)
    )
    refused(state, 0, down("9C"), "passed")


def test_a_face_down_fake_may_not_be_played_under_a_consecutive(position, refused):
    state = with_fakes(
        position, ["5S 9S", "6S", "4S"], ["9C", "", ""], to_move=0, plays=[(0, "3D"), (1, "4C"), (2, "5H")]
    )
    assert state.trick.step == 1
    refused(state, 0, down("9C"), "consecutive")


def test_a_face_down_fake_as_the_second_last_play_places_the_seat_last(position, act):
    """ "Fake jokers are not allowed to be played face-down as the last or second last play of a
    player. The same penalty as playing joker hands as the last or second last play shall apply." """
    state = with_fakes(position, ["5S", "6S 7D", "4S 8D"], ["9C", "", ""], to_move=0, plays=[(2, "4D")])
    _, state = act(state, 0, down("9C"))
    _, state = act(state, 1, PASS)
    events, state = act(state, 2, PASS)
    assert events[-1] == {"type": "trick_won", "seat": 0, "leader": 0}
    events, state = act(state, 0, play("5S"))
    assert of_type(events, "placed") == [{"type": "placed", "seat": 0, "place": 2, "reason": "joker_hand_at_the_end"}]


def test_a_face_up_fake_as_the_second_last_play_does_not(position, act):
    """ "However, fake jokers may be played face-up as the second last play." """
    state = with_fakes(position, ["5S", "6S 7D", "4S 8D"], ["9C", "", ""], to_move=0, plays=[(2, "4D")])
    _, state = act(state, 0, up("9C"))
    _, state = act(state, 1, PASS)
    _, state = act(state, 2, PASS)
    events, state = act(state, 0, play("5S"))
    assert of_type(events, "placed") == [{"type": "placed", "seat": 0, "place": 0, "reason": "out"}]


# --- going out, rounds ----------------------------------------------------------------------------


def test_a_seat_whose_regular_hand_is_empty_has_gone_out_even_holding_fakes(engine, position, act):
    """ "A player is considered to have gone out of a round when their regular hand is exhausted,
    regardless of whether they still hold any fake jokers." """
    state = with_fakes(position, ["5S", "6S 7D", "4S 8D"], ["9C 7C", "", ""], bonus=(("QS",), (), ()), to_move=0)
    events, after = act(state, 0, play("5S"))
    assert of_type(events, "placed") == [{"type": "placed", "seat": 0, "place": 0, "reason": "out"}]
    assert after.fakes[0] == ("9C", "7C") and after.to_move == 1
    assert engine.legal_commands(after, 0) == [{"type": "start_countdown"}]  # no turn, only a countdown on seat 1


def test_fakes_persist_into_the_next_round_and_deck_reward_cards_are_gone(position, act):
    """ "Fake jokers persist across rounds until they are played or lost." Reward cards from the deck
    go back to the deck at the round's end (RULINGS: finer points)."""
    state = with_fakes(
        position,
        ["5S", "6S", "4S 9D"],
        ["", "AS", "9C"],
        pile=("KH", "4D", "7C"),
        bonus=((), (), ("QS",)),
        to_move=0,
        options={"fake_joker_faces": FACES},
    )
    _, state = act(state, 0, play("5S"))
    events, state = act(state, 1, play("6S"))
    assert kinds(events)[-3:] == ["round_ended", "dealt", "swapped"]
    assert state.round == 2
    assert state.fakes == ((), ("AS",), ("9C",)) and state.fake_pile == ("KH", "4D", "7C")
    assert state.bonus == ((), (), ())
    assert every_card(state) == FULL_DECK  # QS is back among the 189 cards, counted once
    assert all(len(hand) == 11 for hand in state.hands)


# --- deck reward cards ----------------------------------------------------------------------------


def test_a_deck_reward_card_may_only_be_played_face_up(position, act, refused, engine):
    """ "Such cards are also not part of the player's regular hand, but can only be played face-up"."""
    state = position(["5S 4D", "6S 4C", "3S 8S"], bonus=((), ("QS",), ()), to_move=1, plays=[(0, "5S")])
    refused(state, 1, down("QS"), "no fake joker")
    assert {"type": "play_fake_down", "fake": "QS"} not in engine.legal_commands(state, 1)
    act(state, 1, up("QS"))


def test_a_played_deck_reward_card_goes_to_the_discard_with_the_trick(position, act):
    state = position(
        ["5S 4D", "6S 4C", "3S 8S"], bonus=((), ("QS",), ()), fake_pile=("AS",), to_move=1, plays=[(0, "5S")]
    )
    _, state = act(state, 1, up("QS"))
    assert state.bonus[1] == () and state.fake_pile == ("AS",)
    _, state = act(state, 2, PASS)
    events, state = act(state, 0, PASS)
    assert events[-1]["type"] == "trick_won"
    assert sorted(state.discard) == ["5S", "QS"]


def test_fake_up_naming_a_card_held_as_both_uses_the_deck_reward_card_first(position, act):
    """RULINGS: the deck's reward cards are used first (they expire at the round's end; fakes are kept)."""
    state = position(
        ["5S 4D", "6S 4C", "3S 8S"],
        bonus=((), ("9C",), ()),
        fakes=((), ("9C",), ()),
        fake_pile=("AS",),
        to_move=1,
        plays=[(0, "5S")],
    )
    events, after = act(state, 1, up("9C"))
    assert events[0]["bonus_up"] == ["9C"] and events[0]["fake_up"] == []
    assert after.bonus[1] == () and after.fakes[1] == ("9C",) and after.fake_pile == ("AS",)


# --- what each seat sees -----------------------------------------------------------------------------


def test_the_view_shows_fake_faces_only_to_their_owner(engine, position):
    state = position(
        ["5S 4D", "6S 4C", "3S 8S"], fakes=(("9C", "AS"), (), ("KH",)), bonus=((), ("QS",), ()), fake_pile=("4D",)
    )
    for seat in (0, 1, 2, None):
        view = engine.view(state, seat)
        assert [p["fake_joker_count"] for p in view["players"]] == [2, 0, 1]
        assert [p["reward_card_count"] for p in view["players"]] == [0, 1, 0]
        assert view["fake_joker_pile"] == 1
        for other, player in enumerate(view["players"]):
            assert ("fake_jokers" in player) == (other == seat)
            assert ("reward_cards" in player) == (other == seat)
    assert engine.view(state, 0)["players"][0]["fake_jokers"] == ["9C", "AS"]
    assert engine.view(state, 1)["players"][1]["reward_cards"] == ["QS"]


def test_a_face_down_fake_is_hidden_from_others_in_the_event_and_the_trick(engine, position, act):
    state = with_fakes(position, ["KS 5D", "6S 4C", "3S 4S"], ["", "9C", ""], to_move=1, plays=[(0, "KS")])
    events, after = act(state, 1, down("9C"))
    event = events[0]
    assert engine.redact_event(event, 1)["fake"] == "9C"
    for seat in (0, 2, None):
        redacted = engine.redact_event(event, seat)
        assert redacted["type"] == "played_fake_down" and redacted["seat"] == 1
        assert redacted["fake"] is None and "9C" not in str(redacted)
    shown = engine.view(after, 0)["trick"]["plays"][-1]
    assert shown["face_down"] is True and shown["cards"] == [] and shown["kind"] == "fake_joker"
    assert "9C" not in str(engine.view(after, 0)["trick"])


def test_a_face_up_fake_is_shown_in_the_trick(engine, position, act):
    state = with_fakes(position, ["5S 4D", "9S 6S", "4S 3D"], ["", "9C", ""], to_move=1, plays=[(0, "8D 8H")])
    _, after = act(state, 1, up("9C", cards=["9S"]))
    shown = engine.view(after, None)["trick"]["plays"][-1]
    assert shown["face_down"] is False and sorted(shown["cards"]) == ["9C", "9S"] and shown["fake_up"] == ["9C"]


# --- legal_commands -------------------------------------------------------------------------------------


def fake_downs(engine, state, seat):
    return sorted(c["fake"] for c in engine.legal_commands(state, seat) if c["type"] == "play_fake_down")


def test_legal_commands_list_play_fake_down_exactly_when_it_is_allowed(engine, position):
    hands = ["5S 9S", "6S", "4S"]
    fakes = (("9C", "AS"), (), ())
    following = position(hands, fakes=fakes, to_move=0, plays=[(1, "6D"), (2, "8C")])
    assert fake_downs(engine, following, 0) == ["9C", "AS"]
    assert fake_downs(engine, position(hands, fakes=fakes, to_move=0), 0) == []  # leading
    assert (
        fake_downs(engine, position(hands, fakes=fakes, to_move=0, plays=[(1, "6D"), (2, "8C")], passed=(0,)), 0) == []
    )  # passed
    assert (
        fake_downs(engine, position(hands, fakes=fakes, to_move=0, plays=[(0, "3D"), (1, "4C"), (2, "5H")]), 0) == []
    )  # consec
    assert fake_downs(engine, position(hands, fakes=fakes, to_move=1, plays=[(0, "6D")]), 0) == []  # not my turn
    for fake in ("9C", "AS"):
        engine.decide(following, 0, down(fake), rng=random.Random(0))


def test_legal_commands_list_plays_with_fakes_under_fake_up(engine, position):
    state = position(["9S 4D", "6S", "4S"], fakes=(("9C",), (), ()), bonus=(("QS",), (), ()), to_move=0)
    listed = {canonical(c) for c in engine.legal_commands(state, 0)}
    assert canonical(up("9C")) in listed  # a lead of the fake alone
    assert canonical(up("9C", cards=["9S"])) in listed  # the pair 9S + fake 9C
    assert canonical(up("QS")) in listed  # a deck reward card alone
    assert canonical(play("9S")) in listed and canonical(play("4D")) in listed
    for command in engine.legal_commands(state, 0):
        if command["type"] == "play":
            assert set(command.get("fake_up", [])) <= {"9C", "QS"}
            assert set(command["cards"]) <= {"9S", "4D"}
            engine.decide(state, 0, command, rng=random.Random(0))

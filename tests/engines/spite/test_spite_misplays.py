"""Table mode (RULINGS "Table mode (misplays)"; rules/spite.md "Misplays"): an illegal play made in
turn from held cards is accepted and kept secret; any other seat may call it until the next play
or the trick's end; the server judges at once. A correct call restores the trick to the hand before
it and applies the penalties; a wrong call is a misplay by the caller; an uncalled misplay stands."""

import re

import pytest
from spite_helpers import PASS, of_type, play

TABLE = {"misplays": "table"}


def call(play_id):
    return {"type": "call_misplay", "play": play_id}


@pytest.fixture
def table(position):
    """A position in table mode."""

    def make(hands, options=None, **more):
        return position(hands, options={**TABLE, **(options or {})}, **more)

    return make


def ruling(events):
    return of_type(events, "misplay_called")[0]


# Each kind of misplay the rules name: a position (seat 0 leads 8D, seat 1 to play), the illegal
# command, the rule it breaks, and a legal command of the same kind for the wrong-call case.
KINDS = {
    "wrong arity": (dict(), play("9S", "9H"), "follow", play("9S")),
    "does not beat": (dict(), play("6S"), "follow", play("9S")),
    "announcement on a non-7": (dict(), play("9S", announce="lower"), "announcement", play("9S")),
    "missing buy back": (dict(passed=(1,)), play("2S"), "buy_back", play("2S", buy_back=1)),
    "wrong buy back count": (dict(passed=(1,)), play("2S", buy_back=2), "buy_back", play("2S", buy_back=1)),
    "forbidden come-at-me": (dict(), play("2S", come_at_me=True), "come_at_me", play("9S", come_at_me=True)),
    "wrong bounty claim": (dict(), play("9S", bounty_claim=1), "bounty_claim", play("9S")),
    "fake joker face down by a passed seat": (
        dict(passed=(1,), fakes=((), ("QH",), ())),
        {"type": "play_fake_down", "fake": "QH"},
        "fake_down",
        play("2S", buy_back=1),
    ),
}


def kind_position(table, act, **more):
    """Seat 0 has led 8D (a real play, so it was open to a call and is now closed by seat 1's)."""
    passed = more.pop("passed", ())
    state = table(["8D 5C 5D", "9S 9H 6S 2S 4C", "10S 10H 3C JK"], to_move=0, fake_pile=("AS", "KH"), **more)
    _, state = act(state, 0, play("8D"))
    if passed:  # seat 1 passes once round the table: seat 2 plays on, seat 0 passes, back to seat 1
        _, state = act(state, 1, PASS)
        _, state = act(state, 2, play("10S"))
        _, state = act(state, 0, PASS)
    return state


@pytest.mark.parametrize("name", KINDS)
def test_each_misplay_is_accepted_secretly_and_a_correct_call_restores_the_trick(engine, table, act, name):
    setup, illegal, rule, _ = KINDS[name]
    state = kind_position(table, act, **setup)
    before_trick, hand_before = state.trick, state.hands[1]
    events, after = act(state, 1, illegal)
    played = events[0]
    assert played["misplay"]["rule"] == rule and played["misplay"]["text"]
    for seat in (None, 0, 1, 2):  # nobody is told, not even the player
        assert all("misplay" not in engine.redact_event(event, seat) for event in events)
        assert "misplay" not in str(engine.view(after, seat)["trick"])
    assert {"type": "call_misplay", "play": played["id"]} in engine.legal_commands(after, 2)
    events, called = act(after, 2, call(played["id"]))
    judged = ruling(events)
    assert judged["correct"] and judged["rule"] == rule and judged["seat"] == 1 and judged["caller"] == 2
    assert judged["text"] == played["misplay"]["text"]
    restored = engine.evolve(after, judged)
    assert sorted(restored.hands[1]) == sorted(hand_before)  # the illegal hand went back
    assert restored.trick.plays == before_trick.plays  # the trick is as it was before it
    assert 1 in restored.trick.barred and restored.skips[1] == 1 and restored.misplays[1] == 1
    assert engine.view(restored, None)["players"][1]["barred"]
    # Out of the trick, seat 1 passes at once (here the trick then ends if everyone else had passed).
    passed = of_type(events, "passed")[0]
    assert passed["seat"] == 1 and passed["barred"]
    assert called.to_move == 2 and called.hands[1] == restored.hands[1]
    view = engine.view(called, None)
    assert view["rulings"][-1]["text"] == judged["text"] and view["rulings"][-1]["correct"]
    assert view["players"][1]["skips"] == 1 and view["players"][1]["misplays"] == 1


@pytest.mark.parametrize("name", KINDS)
def test_calling_a_legal_play_of_each_kind_is_a_misplay_by_the_caller(engine, table, act, name):
    setup, _, _, legal = KINDS[name]
    state = kind_position(table, act, **setup)
    events, after = act(state, 1, legal)
    assert events[0]["misplay"] is None
    events, called = act(after, 0, call(events[0]["id"]))
    judged = ruling(events)
    assert not judged["correct"] and judged["rule"] == "wrong_call" and judged["caller"] == 0
    assert judged["text"].startswith("Wrong call by {seat:0}: {seat:1}'s ")
    assert called.trick.plays == after.trick.plays  # the play stands
    assert called.skips[0] == 1 and called.misplays[0] == 1 and called.misplays[1] == 0
    assert 0 in called.trick.barred  # out of this trick: when its turn comes it passes
    assert engine.view(called, 2)["rulings"][-1]["correct"] is False


@pytest.mark.parametrize("name", KINDS)
def test_an_uncalled_misplay_of_each_kind_stands_when_the_next_play_is_made(engine, table, act, refused, name):
    setup, illegal, rule, _ = KINDS[name]
    state = kind_position(table, act, **setup)
    events, after = act(state, 1, illegal)
    play_id = events[0]["id"]
    assert after.to_move == 2
    _, after = act(after, 2, play("JK"))  # the next play closes the window
    refused(after, 0, call(play_id), "not open to a call")
    assert [p.id for p in after.trick.plays][-2] == play_id  # the illegal play stands
    assert after.uncalled[-1] == {"play": play_id, "seat": 1, **events[0]["misplay"]}
    assert after.uncalled[-1]["rule"] == rule
    assert engine.view(after, None)["uncalled_misplays"] is None  # revealed only when the match is over


def test_a_ruling_reads_in_words_seats_as_data_and_the_play_as_what_was_played(engine, table, act):
    """Issue 13: "A wrong call reads 'Wrong call by seat 1: seat 2's single 5 (play 2) kept the rules.'
    Every sentence a player reads names players by their display names and plays by what was played,
    never by seat or play numbers; the engine's sentences carry seats as data the platform fills in"."""
    state = table(["8D 5C", "9S 6S 4C", "3C 4D", "QS QH"], to_move=0, fakes=((), (), (), ()))
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("9S"))
    events, state = act(state, 2, call(events[0]["id"]))
    judged = ruling(events)
    assert judged["text"] == "Wrong call by {seat:2}: {seat:1}'s single 9 kept the rules. A wrong call is a misplay."
    shown = engine.view(state, None)["rulings"][-1]
    assert shown["what"] == "single 9" and shown["caller"] == 2 and shown["seat"] == 1
    events, state = act(state, 3, play("QS"))
    events, state = act(state, 0, call(events[0]["id"]))
    assert engine.view(state, 3)["rulings"][-1]["what"] == "single Q"
    events, state = act(state, None, overturn(2, "The caller was right."))
    assert events[0]["not_undone"] == [
        "{seat:3}'s single Q stood although it was called rightly; it cannot be taken back now."
    ]
    for text in [r.text for r in state.rulings] + events[0]["not_undone"]:  # seats only as "{seat:N}"
        assert not re.search(r"\b(seat|play) \d", text, flags=re.I), text


def test_the_window_closes_when_the_trick_ends(engine, table, act, refused):
    state = table(["8D 5C", "9S 6S 4C", "3C 4D"], to_move=0)
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("6S"))  # does not beat 8D
    play_id = events[0]["id"]
    _, state = act(state, 2, PASS)
    _, state = act(state, 0, PASS)  # the turn would come back to seat 1: it wins the trick
    assert state.trick.plays == () and state.to_move == 1
    refused(state, 0, call(play_id), "not open to a call")
    assert state.uncalled[-1]["play"] == play_id


def test_passes_keep_the_window_open_and_a_later_call_undoes_them(engine, table, act):
    state = table(["8D 5C", "9S 6S 4C", "3C 4D", "QC QD"], to_move=0)
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("6S"))
    _, state = act(state, 2, PASS)
    events, state = act(state, 0, call(events[0]["id"]))
    # Back to 8D led by seat 0; seat 1 is out of the trick, seat 2's pass on the illegal hand is void.
    assert [p.cards for p in state.trick.plays] == [("8D",)]
    assert state.to_move == 2 and state.trick.passed == frozenset({1})


def test_the_first_correct_caller_takes_the_misplayers_fake_jokers(engine, table, act, refused):
    state = table(["8D 5C", "9S 6S 4C", "3C 4D"], to_move=0, fakes=((), ("JH", "7C"), ()), fake_pile=("AS",))
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, {"type": "play", "cards": [], "fake_up": ["7C"]})  # a 7 does not beat 8D
    assert state.fakes[1] == ("JH",) and state.fake_pile == ("AS", "7C")
    events, state = act(state, 2, call(events[0]["id"]))
    judged = ruling(events)
    assert sorted(judged["fakes"]) == ["7C", "JH"] and judged["from_pile"] == []
    assert sorted(state.fakes[2]) == ["7C", "JH"] and state.fakes[1] == () and state.fake_pile == ("AS",)
    refused(state, 0, call(events[0]["play"]), "not open to a call")  # only the first caller


def test_a_caller_gets_one_from_the_pile_when_the_misplayer_held_no_fakes(table, act):
    state = table(["8D 5C", "9S 6S 4C", "3C 4D"], to_move=0, fake_pile=("AS", "KH"))
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("6S"))
    events, state = act(state, 2, call(events[0]["id"]))
    assert ruling(events)["from_pile"] == ["AS"] and state.fakes[2] == ("AS",) and state.fake_pile == ("KH",)


def test_a_correct_caller_earns_the_next_deck_card_when_the_fake_joker_pile_is_empty(engine, table, act):
    """RULINGS, Table mode: "A correct caller whose reward is a fake joker while the fake-joker pile is
    empty earns the next card of the deck instead, as the rule text says for every fake-joker reward"."""
    state = table(
        ["8D 5C", "9S 6S 4C", "3C 4D", "QS QH"], to_move=0, fake_pile=(), deck="4H 5H 6H 7H", picked_up=(0, 0, 0, 0)
    )
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("6S"))
    events, state = act(state, 2, call(events[0]["id"]))
    judged = ruling(events)
    assert judged["from_pile"] == [] and judged["from_deck"] == ["4H"]
    assert state.fakes[2] == () and state.bonus[2] == ("4H",) and state.deck == ("5H", "6H", "7H")
    assert state.picked_up[2] == 1  # picked up: a countdown on seat 2 runs a second longer
    assert engine.view(state, None)["rulings"][-1]["from_deck"] == 1
    assert engine.view(state, 2)["players"][2]["reward_cards"] == ["4H"]
    assert engine.redact_event(judged, 2)["from_deck"] == ["4H"]
    assert engine.redact_event(judged, 0)["from_deck_count"] == 1 and "4H" not in repr(engine.redact_event(judged, 0))
    # Like a deck card from the bounty, it is played face up only.
    _, state = act(state, 2, {"type": "play", "cards": [], "fake_up": ["4H"]})
    assert state.trick.plays[-1].bonus_up == ("4H",)


def test_the_deck_card_after_the_cards_a_called_buy_back_drew_is_the_callers(table, act):
    state = table(["8D 5C", "9S 9H 6S", "10S 3C"], to_move=0, fake_pile=(), deck="4C 5D 6D 7D")
    _, state = act(state, 0, play("8D"))
    _, state = act(state, 1, PASS)
    _, state = act(state, 2, play("10S"))
    _, state = act(state, 0, PASS)
    events, state = act(state, 1, play("9S", buy_back=2))  # drew 4C 5D, which are discarded on the call
    events, state = act(state, 2, call(events[0]["id"]))
    assert ruling(events)["discarded"] == ["4C", "5D"] and ruling(events)["from_deck"] == ["6D"]
    assert state.bonus[2] == ("6D",) and state.deck == ("7D",)


def test_overturning_a_correct_call_takes_back_the_deck_card_it_earned_and_discards_it(engine, table, act):
    state = table(["8D 5C", "9S 6S 4C", "3C 4D", "QS QH"], to_move=0, fake_pile=(), deck="4H 5H 6H 7H")
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("6S"))
    _, state = act(state, 2, call(events[0]["id"]))
    events, state = act(state, None, overturn(1))
    undone = events[0]
    assert undone["discarded"] == ["4H"] and undone["caller"] == 2
    assert state.bonus[2] == () and state.discard[-1] == "4H"
    assert engine.redact_event(undone, 2)["discarded"] == ["4H"]
    assert engine.redact_event(undone, 1)["discarded_count"] == 1 and "4H" not in repr(engine.redact_event(undone, 1))
    # Played since, it stays where it is, and the event says so.
    state = table(["8D 5C", "9S 6S 4C", "3C 4D", "QS QH"], to_move=0, fake_pile=(), deck="4H 5H 6H 7H")
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("6S"))
    _, state = act(state, 2, call(events[0]["id"]))
    _, state = act(state, 2, {"type": "play", "cards": [], "fake_up": ["4H"]})
    events, state = act(state, None, overturn(1))
    assert events[0]["discarded"] == [] and "card earned from the deck" in " ".join(events[0]["not_undone"])


def test_a_wrong_caller_forfeits_its_fakes_to_the_pile(table, act):
    state = table(["8D 5C", "9S 6S 4C", "3C 4D"], to_move=0, fakes=((), (), ("JH",)), fake_pile=("AS",))
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("9S"))
    events, state = act(state, 2, call(events[0]["id"]))
    assert ruling(events)["fakes"] == ["JH"] and state.fakes[2] == () and state.fake_pile == ("AS", "JH")


def test_a_wrong_caller_to_move_passes_at_once_and_may_not_call_twice(engine, table, act, refused):
    state = table(["8D 5C", "9S 6S 4C", "10C 4D", "QS QH"], to_move=0)
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("9S"))
    play_id = events[0]["id"]
    events, state = act(state, 2, call(play_id))
    assert [e["type"] for e in events] == ["misplay_called", "passed"] and events[1]["barred"]
    assert state.to_move == 3
    refused(state, 2, call(play_id), "already called")
    assert {"type": "call_misplay", "play": play_id} not in engine.legal_commands(state, 2)


def test_the_penalty_skips_come_in_the_next_trick(table, act):
    state = table(["8D 5C 6C", "9S 6S 4C 7H", "10C 4D QD"], to_move=0)
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("6S"))
    events, state = act(state, 2, call(events[0]["id"]))
    assert state.to_move == 2 and state.skips[1] == 1  # seat 1's own pass took no skip
    _, state = act(state, 2, play("10C"))
    events, state = act(state, 0, PASS)  # seat 1 is barred: passes by itself, the trick ends
    assert of_type(events, "trick_won")[0]["seat"] == 2 and state.skips[1] == 1
    _, state = act(state, 2, play("4D"))
    events, state = act(state, 0, play("5C"))
    assert of_type(events, "skipped")[0]["seat"] == 1 and state.skips[1] == 0


def test_a_called_lead_hands_the_lead_on(engine, table, act):
    state = table(["8D 9D 5C", "9S 6S 4C", "10C 4D"], to_move=0)
    events, state = act(state, 0, play("8D", announce="lower"))  # only natural 7s announce
    assert events[0]["misplay"]["rule"] == "announcement" and state.direction == "lower"
    events, state = act(state, 1, call(events[0]["id"]))
    assert state.trick.plays == () and state.trick.leader == 1 and state.to_move == 1
    assert state.direction == "higher" and sorted(state.hands[0]) == ["5C", "8D", "9D"]
    assert of_type(events, "passed")[0] == {"type": "passed", "seat": 0, "next": 1, "barred": True}


def test_a_correct_call_discards_the_buy_back_cards_the_misplayer_saw(table, act):
    state = table(["8D 5C", "9S 9H 6S", "10S 3C"], to_move=0, deck="4C 5D 6D 7D")
    _, state = act(state, 0, play("8D"))
    _, state = act(state, 1, PASS)
    _, state = act(state, 2, play("10S"))
    _, state = act(state, 0, PASS)
    events, state = act(state, 1, play("9S", buy_back=2))  # the counter asks for 1; does not beat 10S
    assert of_type(events, "drew")[0]["cards"] == ["4C", "5D"]
    events, state = act(state, 2, call(events[0]["id"]))
    assert ruling(events)["discarded"] == ["4C", "5D"]
    assert sorted(state.hands[1]) == ["6S", "9H", "9S"] and state.deck == ("6D", "7D")
    assert state.discard == ("4C", "5D", "8D", "10S")  # then seat 2 won the trick
    assert state.buy_backs == 0  # the called buy back never happened: the counter still asks for 1


def test_a_called_misplay_that_went_out_puts_the_seat_back_in_the_round(table, act):
    state = table(["8D 5C", "6S", "10S 3C", "QS QH"], to_move=0)
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("6S"))  # goes out on a card that does not beat
    assert of_type(events, "placed")[0]["seat"] == 1 and 1 in state.places
    events, state = act(state, 2, call(events[0]["id"]))
    assert 1 not in state.places and state.hands[1] == ("6S",)


def test_a_wrong_reward_declaration_may_be_called(engine, table, act, refused):
    state = table(["5S 9H JD", "6D 4H", "4S 8H"], to_move=0, fake_pile=("AS",))
    _, state = act(state, 0, play("5S", come_at_me=True))
    _, state = act(state, 1, play("6D"))
    _, state = act(state, 2, PASS)
    _, state = act(state, 0, play("9H"))
    _, state = act(state, 1, PASS)
    _, state = act(state, 2, PASS)
    assert state.reward.count == 3 and engine.view(state, 0)["reward"]["count"] is None  # declare it yourself
    events, state = act(state, 0, {"type": "reward", "declared": 4, "swap": None})
    rewarded = events[0]
    assert rewarded["misplay"]["rule"] == "reward" and "misplay" not in engine.redact_event(rewarded, 0)
    events, state = act(state, 1, call(rewarded["id"]))
    judged = ruling(events)
    assert judged["correct"] and judged["rule"] == "reward" and not judged["barred"]
    # Seat 0 was to lead: its penalty skip hands the lead on at once.
    assert of_type(events, "skipped")[0]["seat"] == 0 and state.to_move == 1 and state.fakes[1] == ("AS",)


def test_an_uncalled_wrong_size_hand_stands_and_the_trick_goes_on_at_its_size(table, act):
    state = table(["8D 5C", "9S 9H 6S", "10S 10H 3C"], to_move=0)
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("9S", "9H"))
    assert events[0]["misplay"]["rule"] == "follow" and state.trick.arity == 2
    events, state = act(state, 2, play("10S", "10H"))
    assert events[0]["misplay"] is None  # a higher pair beats the standing pair


def test_strict_mode_has_nothing_to_call(position, act, refused):
    state = position(["8D 5C", "9S 6S 4C", "3C 4D"], to_move=0)
    events, state = act(state, 0, play("8D"))
    assert "misplay" not in events[0]
    refused(state, 1, call(events[0]["id"]), "strict")


@pytest.mark.parametrize(
    "command, words",
    [
        ({"type": "call_misplay"}, "number of the play"),
        ({"type": "call_misplay", "play": "7"}, "number of the play"),
        ({"type": "call_misplay", "play": True}, "number of the play"),
        ({"type": "call_misplay", "play": 99}, "not open to a call"),
    ],
)
def test_malformed_calls_are_refused(table, act, refused, command, words):
    state = table(["8D 5C", "9S 6S 4C", "3C 4D"], to_move=0)
    _, state = act(state, 0, play("8D"))
    refused(state, 1, command, words)


def test_a_seat_cannot_call_its_own_play_and_a_non_seat_cannot_call(table, act, refused):
    state = table(["8D 5C", "9S 6S 4C", "3C 4D"], to_move=0)
    events, state = act(state, 0, play("8D"))
    refused(state, 0, call(events[0]["id"]), "your own play")
    refused(state, 7, call(events[0]["id"]), "no seat")


def test_cards_not_held_and_plays_out_of_turn_are_still_refused(table, act, refused):
    state = table(["8D 5C", "9S 6S 4C", "3C 4D"], to_move=0)
    refused(state, 0, play("QS"), "do not hold")
    refused(state, 0, play("8D", "8D"), "only 1 time")
    refused(state, 1, play("9S"), "turn")
    refused(state, 0, {"type": "play", "cards": []}, "one or more card codes")


MALFORMED = "A pair, trips or quads must be cards of one value (a 13 may stand in for any value)."


def test_a_malformed_hand_is_a_misplay_accepted_hidden_and_callable(engine, table, act):
    """RULINGS, Table mode: "a malformed hand that is no valid hand at all, such as 6S 9S played as a
    pair" is accepted like any misplay: hidden, and callable."""
    state = table(["8D 5C", "9S 6S 4C", "3C 4D"], to_move=0)
    _, state = act(state, 0, play("8D"))
    events, after = act(state, 1, play("6S", "9S"))
    played = events[0]
    assert played["misplay"] == {"rule": "malformed", "text": MALFORMED}
    assert played["kind"] is None and played["value"] is None
    for seat in (None, 0, 1, 2):
        assert all("misplay" not in engine.redact_event(event, seat) for event in events)
        shown = engine.view(after, seat)["trick"]["plays"][-1]
        assert shown["cards"] == ["6S", "9S"] and shown["kind"] is None and shown["description"] == "6S 9S"
    events, called = act(after, 2, call(played["id"]))
    judged = ruling(events)
    assert judged["correct"] and judged["rule"] == "malformed" and judged["text"] == MALFORMED
    assert sorted(called.hands[1]) == ["4C", "6S", "9S"] and [p.cards for p in called.trick.plays] == [("8D",)]


def test_a_malformed_hand_is_refused_in_strict_mode_with_the_reason(position, refused):
    state = position(["8D 5C", "9S 6S 4C JK", "3C 4D"], to_move=1, plays=[(0, "8D")])
    assert refused(state, 1, play("6S", "9S")) == MALFORMED
    refused(state, 1, play("6S", "JK"), "joker is only ever played alone")


def test_an_uncalled_malformed_hand_resets_the_ranking_so_any_valid_hand_of_its_size_follows(table, act):
    """RULINGS, Table mode: "A malformed hand that stands uncalled resets the ranking as a face-down fake
    joker does: any valid hand of its size may follow it (when it leads, its size is the trick's arity)"."""
    state = table(["8D 5C 5H", "9S 6S 4C", "3C 3D 2S", "QS QH"], to_move=0)
    _, state = act(state, 0, play("8D"))
    _, state = act(state, 1, play("6S", "9S"))  # a pair that is no pair
    assert state.trick.arity == 2 and state.trick.top is None
    events, state = act(state, 2, play("3C", "3D"))  # the lowest pair follows it
    assert events[0]["misplay"] is None and state.trick.top.value == "3"
    # Leading, its size is the trick's arity and nothing is to beat.
    state = table(["8D 5C 5H", "9S 6S 4C", "3C 3D 2S", "QS QH"], to_move=1)
    events, state = act(state, 1, play("6S", "9S", "4C"))
    assert events[0]["misplay"]["rule"] == "malformed"
    assert state.trick.arity == 3 and state.trick.top is None
    events, state = act(state, 2, play("3C"))  # a single does not follow a trick of threes
    assert events[0]["misplay"]["rule"] == "follow"


def test_a_malformed_hand_breaks_a_consec_and_wins_no_come_at_me(engine, table, act):
    state = table(["3D 9H 5S 8C", "4C 8S 8H 6H", "5C 6D 10S QD"], to_move=0)
    for seat, card in ((0, "3D"), (1, "4C"), (2, "5C")):
        _, state = act(state, seat, play(card))
    assert state.trick.step == 1  # a numerical consec asks for a 6
    _, state = act(state, 0, play("9H", "5S"))
    assert state.trick.step is None and state.trick.suits is None
    events, state = act(state, 1, play("8S", "8H"))  # any pair follows: the 6 is no longer asked
    assert events[0]["misplay"] is None
    state = table(["8D 5C 5H", "9S 6S 4C", "3C 3D 2S"], to_move=0)
    _, state = act(state, 0, play("8D", come_at_me=True))
    _, state = act(state, 1, play("6S", "9S", come_at_me=True))
    assert state.window.misplay.rule == "malformed"  # the first rule broken is the one recorded
    _, state = act(state, 2, PASS)
    events, state = act(state, 0, PASS)
    won = of_type(events, "trick_won")[0]
    assert won["seat"] == 1 and not won["came_at_me_won"] and won["reward"] is None
    assert won["penalties"] == [1, 1, 0]  # won with a reset: a failed come-at-me, like seat 0's


def test_the_match_end_reveals_uncalled_misplays(engine, table, act):
    state = table(["8D", "6S", "3C 4C"], to_move=0, options={"rounds": 1})
    _, state = act(state, 0, play("8D"))  # goes out first
    events, state = act(state, 1, play("6S"))  # goes out on a card that does not beat: the round ends
    assert state.over and of_type(events, "match_ended")
    assert engine.view(state, 2)["uncalled_misplays"] == [
        {"play": events[0]["id"], "seat": 1, "rule": "follow", "text": events[0]["misplay"]["text"]}
    ]


# --- staff overturning a disputed ruling ---------------------------------------------------------


def overturn(number, reason="The play was legal: 9S beats 8D."):
    return {"type": "overturn", "ruling": number, "reason": reason}


def test_overturning_a_correct_call_gives_back_fakes_and_skips_and_says_what_stays(engine, table, act, refused):
    state = table(["8D 5C", "9S 6S 4C", "3C 4D"], to_move=0, fakes=((), ("JH",), ()), fake_pile=("AS",))
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("6S"))
    events, state = act(state, 2, call(events[0]["id"]))
    assert state.fakes == ((), (), ("JH",)) and state.skips[1] == 1
    events, state = act(state, None, overturn(1))
    undone = events[0]
    assert undone["moves"] == [{"face": "JH", "from": 2, "to": 1}] and undone["skips"] == 1
    assert "cannot be replayed" in undone["not_undone"][0]
    assert state.fakes == ((), ("JH",), ()) and state.skips[1] == 0 and state.misplays[1] == 0
    assert engine.view(state, 0)["rulings"][0]["overturned"] == "The play was legal: 9S beats 8D."
    refused(state, None, overturn(1), "already overturned")


def test_overturning_a_wrong_call_gives_the_caller_its_fakes_back_from_the_pile(table, act):
    state = table(["8D 5C", "9S 6S 4C", "3C 4D"], to_move=0, fakes=((), (), ("JH", "QC")), fake_pile=("AS",))
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("9S"))
    _, state = act(state, 2, call(events[0]["id"]))
    assert state.fake_pile == ("AS", "JH", "QC")
    events, state = act(state, None, overturn(1, "The caller was right after all."))
    assert sorted(state.fakes[2]) == ["JH", "QC"] and state.fake_pile == ("AS",)
    assert state.skips[2] == 0


def test_fakes_played_since_are_not_taken_back_and_the_event_says_so(table, act):
    state = table(["8D 5C", "9S 6S 4C", "3C 4D 10D"], to_move=0, fakes=((), ("JH",), ()), fake_pile=())
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("6S"))
    _, state = act(state, 2, call(events[0]["id"]))
    _, state = act(state, 2, {"type": "play", "cards": [], "fake_up": ["JH"]})  # the caller plays it
    events, state = act(state, None, overturn(1))
    assert events[0]["moves"] == []
    assert "1 fake joker was played or passed on since and stays where it is." in events[0]["not_undone"]


@pytest.mark.parametrize(
    "command, words",
    [
        ({"type": "overturn", "ruling": 5, "reason": "x"}, "no ruling 5"),
        ({"type": "overturn", "ruling": "1", "reason": "x"}, "number of a ruling"),
        ({"type": "overturn", "ruling": 1, "reason": "  "}, "why"),
        ({"type": "overturn", "ruling": 1}, "why"),
    ],
)
def test_bad_overturns_are_refused(table, act, refused, command, words):
    state = table(["8D 5C", "9S 6S 4C", "3C 4D"], to_move=0)
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("6S"))
    _, state = act(state, 2, call(events[0]["id"]))
    refused(state, None, command, words)
    refused(state, 1, command, "")  # a seat cannot overturn


# --- what the events of a ruling show each seat while the match runs ------------------------------

FACES = ("JH", "7C", "AS", "4C", "5D")  # every fake joker and deck card the rulings below move


def faces_in(value):
    return {face for face in FACES if f"'{face}'" in repr(value)}


def test_a_correct_calls_fakes_and_discarded_cards_show_only_to_the_seats_that_held_or_get_them(engine, table, act):
    state = table(
        ["8D 5C", "9S 9H 6S", "10S 3C", "QS QH"], to_move=0, deck="4C 5D 6D 7D", fakes=((), ("JH", "7C"), (), ())
    )
    _, state = act(state, 0, play("8D"))
    _, state = act(state, 1, PASS)
    _, state = act(state, 2, play("10S"))
    _, state = act(state, 3, PASS)
    _, state = act(state, 0, PASS)
    events, state = act(state, 1, play("9S", buy_back=2))  # the counter asks for 1; draws 4C 5D
    events, state = act(state, 2, call(events[0]["id"]))
    judged = ruling(events)
    assert sorted(judged["fakes"]) == ["7C", "JH"] and judged["discarded"] == ["4C", "5D"]
    shown = {seat: engine.redact_event(judged, seat) for seat in (None, 0, 1, 2, 3)}
    assert faces_in(shown[1]) == {"JH", "7C", "4C", "5D"}  # its own fakes and the cards it drew
    assert faces_in(shown[2]) == {"JH", "7C"}  # the fakes it receives
    for seat in (None, 0, 3):
        assert faces_in(shown[seat]) == set()
        assert shown[seat]["fakes_count"] == 2 and shown[seat]["discarded_count"] == 2
    assert all(shown[seat]["text"] == judged["text"] and shown[seat]["correct"] for seat in shown)


def test_a_fake_from_the_pile_shows_only_to_the_caller_and_a_wrong_callers_fakes_only_to_it(engine, table, act):
    state = table(["8D 5C", "9S 6S 4C", "3C 4D", "QS QH"], to_move=0, fake_pile=("AS",), fakes=((), (), (), ("JH",)))
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("6S"))
    judged = ruling(act(state, 2, call(events[0]["id"]))[0])
    assert judged["from_pile"] == ["AS"]
    assert faces_in(engine.redact_event(judged, 2)) == {"AS"}
    for seat in (None, 0, 1, 3):
        assert faces_in(engine.redact_event(judged, seat)) == set()
        assert engine.redact_event(judged, seat)["from_pile_count"] == 1
    state = table(["8D 5C", "9S 6S 4C", "3C 4D", "QS QH"], to_move=0, fakes=((), (), (), ("JH",)))
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("9S"))  # a legal play: seat 3's call is wrong
    judged = ruling(act(state, 3, call(events[0]["id"]))[0])
    assert not judged["correct"] and judged["fakes"] == ["JH"]
    assert faces_in(engine.redact_event(judged, 3)) == {"JH"}
    for seat in (None, 0, 1, 2):
        assert faces_in(engine.redact_event(judged, seat)) == set()


def test_an_overturn_moves_fakes_back_showing_their_faces_only_to_the_seats_they_move_between(engine, table, act):
    state = table(["8D 5C", "9S 6S 4C", "3C 4D", "QS QH"], to_move=0, fakes=((), ("JH",), (), ()))
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("6S"))
    _, state = act(state, 2, call(events[0]["id"]))
    undone = act(state, None, overturn(1))[0][0]
    assert undone["moves"] == [{"face": "JH", "from": 2, "to": 1}]
    for seat in (1, 2):
        assert engine.redact_event(undone, seat)["moves"] == undone["moves"]
    for seat in (None, 0, 3):
        assert engine.redact_event(undone, seat)["moves"] == [{"face": None, "from": 2, "to": 1}]


def test_no_sentence_of_an_overturn_names_a_fake_jokers_face_not_even_one_recorded_before(engine, table, act):
    state = table(["8D 5C", "9S 6S 4C", "3C 4D 10D"], to_move=0, fakes=((), ("JH", "7C"), ()), fake_pile=())
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("6S"))
    _, state = act(state, 2, call(events[0]["id"]))
    _, state = act(state, 2, {"type": "play_fake_down", "fake": "JH"})
    undone = act(state, None, overturn(1))[0][0]
    assert "2 fake jokers were played or passed on since" not in " ".join(undone["not_undone"])
    assert "1 fake joker was played or passed on since and stays where it is." in undone["not_undone"]
    assert faces_in(undone["not_undone"]) == set()
    legacy = {**undone, "not_undone": ["Fake joker(s) JH, 7C were played or passed on since and stay where they are."]}
    for seat in (None, 0, 1, 2):
        assert engine.redact_event(legacy, seat)["not_undone"] == [
            "2 fake jokers were played or passed on since and stay where they are."
        ]
    one = {**undone, "not_undone": ["Fake joker(s) JH were played or passed on since and stay where they are."]}
    assert engine.redact_event(one, 0)["not_undone"] == [
        "1 fake joker was played or passed on since and stays where it is."
    ]


def test_a_correct_call_keeps_a_resignation_made_after_the_misplay(engine, table, act):
    """Restoring the state from before the misplay keeps what did not depend on it: seat 0's resignation."""
    state = kind_position(table, act)
    events, after = act(state, 1, play("6S"))
    _, resigned = act(after, 0, {"type": "resign"})
    judged, called = act(resigned, 2, call(events[0]["id"]))
    assert ruling(judged)["correct"]
    assert called.clock.resigned == {0} and 0 in called.clock.bots and not called.over

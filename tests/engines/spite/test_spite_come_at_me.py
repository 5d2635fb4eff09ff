"""Come at me (rules/spite.md "Come At Me"; RULINGS "Spite: finer points"): the reward and its
sequence, failure penalties as skipped turns, the forbidden cases, and the reward step."""

import pytest
from spite_helpers import PASS, of_type, play


def cam(*codes, **more):
    return play(*codes, come_at_me=True, **more)


def won(events):
    return of_type(events, "trick_won")[-1]


def test_the_rule_texts_reward_sequence_4_then_2(engine, position, act, refused):
    """Wins a trick with two come-at-mes (4), wins one without, wins one with one come-at-me (3 - 1 = 2)."""
    state = position(["5S 9H JD QC KD 6C 7H", "6D 4H 4D", "4S 4C 8H"], to_move=0)
    _, state = act(state, 0, cam("5S"))
    _, state = act(state, 1, play("6D"))
    _, state = act(state, 2, PASS)
    _, state = act(state, 0, cam("9H"))
    _, state = act(state, 1, PASS)
    events, state = act(state, 2, PASS)
    assert won(events)["reward"] == 4 and won(events)["came_at_me_won"]
    assert state.to_move == 0 and state.reward.count == 4
    view = engine.view(state, 0)
    assert view["reward"]["cards"] == ["4C", "5C", "6C", "8C"] and view["reward"]["count"] == 4
    refused(state, 0, play("JD"), "take your come-at-me reward")
    refused(state, 0, {"type": "reward", "declared": 3, "swap": None}, "not the reward")
    _, state = act(state, 0, {"type": "reward", "declared": 4, "swap": {"take": "8C", "give": "KD"}})
    assert "8C" in state.hands[0] and "KD" not in state.hands[0]
    assert state.discard[-4:] == ("4C", "5C", "6C", "KD") and state.deck[0] == "9C"
    _, state = act(state, 0, play("JD"))  # a trick won without coming at me
    _, state = act(state, 1, PASS)
    events, state = act(state, 2, PASS)
    assert "reward" not in won(events)
    _, state = act(state, 0, cam("QC"))
    _, state = act(state, 1, PASS)
    events, state = act(state, 2, PASS)
    assert won(events)["reward"] == 2
    assert engine.view(state, 0)["reward"]["cards"] == ["9C", "10C"]


def test_a_trick_won_by_another_seat_resets_the_decrease(position, act):
    state = position(["5S 9S 10S", "6D 4H 4D", "4S 4C 8H"], to_move=0, streaks=(2, 0, 0))
    _, state = act(state, 0, play("5S"))
    _, state = act(state, 1, play("6D"))
    _, state = act(state, 2, PASS)
    events, state = act(state, 0, PASS)
    assert won(events)["seat"] == 1 and state.streaks == (0, 0, 0)
    _, state = act(state, 1, play("4H"))
    _, state = act(state, 2, PASS)
    _, state = act(state, 0, cam("9S"))
    _, state = act(state, 1, PASS)
    events, state = act(state, 2, PASS)
    assert won(events)["reward"] == 3


def test_failing_twice_in_a_trick_owes_two_skipped_turns_taken_as_passes(engine, position, act):
    state = position(["5S 8C 10S 11S QS", "6D 9H JH 4H 4D", "4S 4C 8H"], to_move=0)
    _, state = act(state, 0, cam("5S"))
    _, state = act(state, 1, play("6D"))
    _, state = act(state, 2, PASS)
    _, state = act(state, 0, cam("8C"))
    _, state = act(state, 1, play("9H"))
    _, state = act(state, 2, PASS)
    events, state = act(state, 0, PASS)
    assert won(events)["penalties"] == [2, 0, 0] and won(events)["reward"] is None
    assert not won(events)["came_at_me_won"]
    assert state.skips == (2, 0, 0) and engine.view(state, None)["players"][0]["skips"] == 2
    # seat 1 leads; seat 0's turn comes next and is skipped: it counts as a pass
    _, state = act(state, 1, play("JH"))
    assert state.to_move == 2
    events, state = act(state, 2, PASS)
    assert of_type(events, "skipped") == [{"type": "skipped", "seat": 0, "next": None}]
    assert state.skips == (1, 0, 0)
    assert won(events)["seat"] == 1  # the skipped seat's pass closed the trick


def test_a_seat_owing_skips_hands_on_its_lead_and_counts_as_passed(position, act):
    state = position(["5S 9S", "6D 4H 4D", "4S 4C 8H"], to_move=1, plays=[(0, "5S")], skips=(1, 0, 0))
    _, state = act(state, 1, PASS)
    events, state = act(state, 2, PASS)
    assert won(events)["seat"] == 0 and won(events)["leader"] == 0
    assert of_type(events, "skipped") == [{"type": "skipped", "seat": 0, "next": 1}]
    assert state.trick.leader == 1 and state.to_move == 1 and 0 in state.trick.passed
    _, state = act(state, 1, play("4H"))
    _, state = act(state, 2, PASS)
    # seat 0 skipped its lead, so it passed: to come back in it buys back
    events, state = act(state, 0, play("9S", buy_back=1))
    assert events[0]["buy_back"] == 1


def test_a_reward_of_0_gives_nothing_and_below_0_that_many_penalties(position, act):
    state = position(["5S 9S 10S", "4H 4D", "4S 4C"], to_move=0, streaks=(3, 0, 0))
    _, state = act(state, 0, cam("5S"))
    _, state = act(state, 1, PASS)
    events, state = act(state, 2, PASS)
    assert won(events)["reward"] is None and won(events)["penalties"] == [0, 0, 0]
    assert state.reward is None and state.streaks[0] == 4
    _, state = act(state, 0, cam("9S"))
    _, state = act(state, 1, PASS)
    events, state = act(state, 2, PASS)
    assert won(events)["penalties"] == [1, 0, 0]  # 3 - 4 = -1
    assert of_type(events, "skipped")[0]["seat"] == 0 and state.to_move == 1


@pytest.mark.parametrize(
    "hands, plays, direction, cards, why",
    [
        (["JK 9S", "4D", "4C"], [], "higher", "JK", "joker hand"),
        (["7S 7S 7S 7S 7S 9S", "4D", "4C"], [], "higher", "7S 7S 7S 7S 7S", "joker hand"),
        (["2S 9S", "4D", "4C"], [(1, "5H")], "higher", "2S", "only a joker hand"),
        (["2H 2H 9S", "4D", "4C"], [(1, "5H 5D")], "higher", "2H 2H", "only a joker hand"),
        (["3S 13H 9S", "4D", "4C"], [(1, "5H 5D")], "lower", "3S 13H", "only a joker hand"),
    ],
)
def test_come_at_me_is_refused_on_a_play_only_a_joker_hand_could_follow(
    position, refused, hands, plays, direction, cards, why
):
    state = position(hands, to_move=0, plays=plays, direction=direction, leader=1 if plays else 0)
    refused(state, 0, cam(cards), why)


@pytest.mark.parametrize(
    "hands, plays, direction, cards",
    [
        (["2S 2C 9S", "4D", "4C"], [(1, "5H 5D")], "higher", "2S 2C"),  # mixed 2s: coloured or suited 2s beat them
        (["3S 9S", "4D", "4C"], [(1, "5H")], "lower", "3S"),  # a natural 3 bounces the game higher
        (["7S 9S", "4D", "4C"], [(1, "5H")], "higher", "7S"),  # 7s may always follow 7s
        (["13H 13D 9S", "4D", "4C"], [(1, "5H 5D")], "higher", "13H 13D"),
    ],
)
def test_come_at_me_is_allowed_on_a_play_another_hand_could_follow(position, act, hands, plays, direction, cards):
    state = position(hands, to_move=0, plays=plays, direction=direction, leader=1)
    events, _ = act(state, 0, cam(cards))
    assert events[0]["come_at_me"] is True


def test_come_at_me_on_a_2_under_a_numerical_consec_is_allowed_but_not_under_a_suited_one(position, act, refused):
    numerical = position(["2C 9S", "4D", "4C"], to_move=0, plays=[(1, "QH"), (2, "KS"), (1, "AD")], leader=1)
    act(numerical, 0, cam("2C"))
    suited = position(["2H 9S", "4D", "4C"], to_move=0, plays=[(1, "5H"), (2, "9H")], leader=1)
    refused(suited, 0, cam("2H", announce="unbeatable"), "come at me")


def test_come_at_me_on_a_face_down_fake_is_refused(position, refused):
    state = position(["9S 4S", "4D", "4C"], to_move=0, plays=[(1, "5H")], leader=1, fakes=(("QD",), (), ()))
    refused(state, 0, {"type": "play_fake_down", "fake": "QD", "come_at_me": True}, "come at me")


def test_winning_the_trick_with_a_joker_hand_after_coming_at_me_fails(position, act):
    state = position(["5S JK 9S", "6D 4H", "4S 4C"], to_move=0)
    _, state = act(state, 0, cam("5S"))
    _, state = act(state, 1, play("6D"))
    _, state = act(state, 2, PASS)
    _, state = act(state, 0, play("JK"))
    _, state = act(state, 1, PASS)
    events, state = act(state, 2, PASS)
    assert won(events)["seat"] == 0 and won(events)["reward"] is None
    assert won(events)["penalties"] == [1, 0, 0] and not won(events)["came_at_me_won"]


def test_a_trick_won_by_going_out_gives_no_reward_step(position, act):
    state = position(["5S", "4H 4D", "4S 4C", "4C 8C"], to_move=0, bounty="KD")
    events, state = act(state, 0, cam("5S"))
    assert of_type(events, "placed")[0]["seat"] == 0
    _, state = act(state, 1, PASS)
    _, state = act(state, 2, PASS)
    events, state = act(state, 3, PASS)
    assert won(events)["reward"] is None and won(events)["came_at_me_won"]
    assert state.reward is None and state.to_move == 1


def test_a_trick_cut_short_by_the_rounds_end_has_no_reward_and_no_penalty(position, act):
    state = position(["", "6H 9D", "8D"], to_move=1, places=[0, None, None], plays=[(2, "4C")], leader=2)
    _, state = act(state, 1, cam("6H"))
    events, state = act(state, 2, play("8D"))  # seat 2 goes out: only seat 1 is left, the round ends
    assert of_type(events, "round_ended") and not of_type(events, "trick_won") and not of_type(events, "skipped")
    assert state.round == 2 and state.skips == (0, 0, 0)


def test_the_reward_step_refuses_bad_swaps_and_lists_every_swap(engine, position, act, refused):
    state = position(["5S 9S", "4H 4D", "4S 4C"], to_move=0, deck="8C 9C")
    _, state = act(state, 0, cam("5S"))
    _, state = act(state, 1, PASS)
    _, state = act(state, 2, PASS)
    assert state.reward.count == 3 and engine.view(state, 0)["reward"]["cards"] == ["8C", "9C"]
    refused(state, 0, {"type": "reward", "declared": 2, "swap": None}, "not the reward")  # the deck is short
    refused(state, 0, {"type": "reward", "declared": 3, "swap": {"take": "QS", "give": "9S"}}, "not among")
    refused(state, 0, {"type": "reward", "declared": 3, "swap": {"take": "8C", "give": "KS"}}, "do not hold")
    refused(state, 0, {"type": "reward", "declared": "3", "swap": None}, "whole number")
    for swap in ({"take": "8C"}, {"take": ["8C"], "give": ["9S"]}, "8C", {"take": "8C", "give": None}):
        refused(state, 0, {"type": "reward", "declared": 3, "swap": swap}, "swap")
    refused(state, 1, {"type": "reward", "declared": 3, "swap": None}, "turn")
    legal = engine.legal_commands(state, 0)
    assert {"type": "reward", "declared": 3, "swap": None} in legal
    assert {"type": "reward", "declared": 3, "swap": {"take": "9C", "give": "9S"}} in legal
    assert len(legal) == 1 + 2 * 1  # two viewed cards, one card left in hand
    assert engine.legal_commands(state, 1) == []
    assert engine.view(state, 1)["reward"] == {
        "seat": 0,
        "declared": None,
        "card_count": 2,
        "cards": None,
        "count": None,
    }
    events, state = act(state, 0, {"type": "reward", "declared": 3, "swap": None})
    assert state.deck == () and state.hands[0] == ("9S",) and state.to_move == 0
    seen_by_other = engine.redact_event(events[0], 1)
    assert seen_by_other == {"type": "rewarded", "seat": 0, "declared": 3, "viewed_count": 2, "swapped": False}
    assert engine.redact_event(events[0], 0)["viewed"] == ["8C", "9C"]


def test_the_extreme_hands_really_are_unbeatable_by_any_hand_of_their_size(engine):
    """The check behind "only a joker hand could follow": no hand of a size beats the best going higher
    or goes under the lowest going lower (every same-value hand; a random sample of five-card hands)."""
    import random
    from itertools import combinations_with_replacement

    from spite_helpers import ORDER, SUITS

    from games.engines import IllegalCommand
    from games.engines.spite.come_at_me import extreme_hand

    codes = [r + s for r in ORDER for s in SUITS if r != "13"] + ["13H", "13D"]
    hands = {1: [[c] for c in codes]}
    for size in (2, 3, 4):
        hands[size] = [
            list(combo)
            for value in ORDER
            for combo in combinations_with_replacement([c for c in codes if c[:-1] in (value, "13")], size)
        ]
    rng = random.Random(5)
    hands[5] = [rng.sample(codes, 5) for _ in range(4000)]
    for size, candidates in hands.items():
        best, worst = extreme_hand(size, "higher"), extreme_hand(size, "lower")
        for cards in candidates:
            try:
                hand = engine.classify(cards)
            except IllegalCommand:
                continue
            if hand["kind"] in ("joker", "joker_hand"):
                continue
            assert not engine.beats(cards, list(best.cards), "higher"), cards
            assert not engine.beats(cards, list(worst.cards), "lower"), cards


# --- table mode: the reward step asks for the count first (RULINGS, Table mode) ------------------


def table_reward_won(position, act, deck="8C 9C 10C JC QC KC"):
    """Table mode: seat 0 came at them with the 5S and won: a reward of 3 is owed."""
    state = position(["5S 9S", "4H 4D", "4S 4C"], to_move=0, deck=deck, options={"misplays": "table"})
    _, state = act(state, 0, cam("5S"))
    _, state = act(state, 1, PASS)
    _, state = act(state, 2, PASS)
    assert state.reward.count == 3
    return state


def test_the_reward_step_asks_for_the_declared_count_before_any_reward_card_is_shown(engine, position, act, refused):
    """RULINGS, Table mode: "The come-at-me reward step asks for the declared count before any reward card
    is shown, so the number of cards shown cannot give the count away"."""
    state = table_reward_won(position, act)
    for seat in (None, 0, 1, 2):
        assert engine.view(state, seat)["reward"] == {
            "seat": 0,
            "declared": None,
            "card_count": None,
            "cards": None,
            "count": None,
        }
    # Declared first (no "swap" key): the seat views as many cards as it declared, here one too many.
    events, state = act(state, 0, {"type": "reward", "declared": 4})
    declared = events[0]
    assert [e["type"] for e in events] == ["reward_declared"]
    assert declared["viewed"] == ["8C", "9C", "10C", "JC"] and declared["misplay"]["rule"] == "reward"
    assert state.deck == ("QC", "KC") and state.reward.viewed == ("8C", "9C", "10C", "JC")
    assert engine.view(state, 0)["reward"] == {
        "seat": 0,
        "declared": 4,
        "card_count": 4,
        "cards": ["8C", "9C", "10C", "JC"],
        "count": None,
    }
    assert engine.view(state, 1)["reward"] == {"seat": 0, "declared": 4, "card_count": 4, "cards": None, "count": None}
    assert engine.redact_event(declared, 1) == {
        "type": "reward_declared",
        "seat": 0,
        "declared": 4,
        "viewed_count": 4,
        "id": declared["id"],
    }
    assert "misplay" not in engine.redact_event(declared, 0)
    # Now the swap, or none; the declaration cannot be made again or changed.
    refused(state, 0, {"type": "reward", "declared": 3}, "now swap")
    refused(state, 0, {"type": "reward", "declared": 3, "swap": None}, "cannot be taken back")
    refused(state, 0, PASS, "reward")
    assert engine.legal_commands(state, 0) == [{"type": "reward", "swap": None}] + [
        {"type": "reward", "swap": {"take": take, "give": "9S"}} for take in ("10C", "8C", "9C", "JC")
    ]
    events, state = act(state, 0, {"type": "reward", "swap": {"take": "JC", "give": "9S"}})
    assert events[0] == {
        "type": "rewarded",
        "seat": 0,
        "declared": 4,
        "viewed": ["8C", "9C", "10C", "JC"],
        "take": "JC",
        "give": "9S",
    }
    assert state.reward is None and state.hands[0] == ("JC",) and state.deck == ("QC", "KC")
    assert state.discard[-4:] == ("8C", "9C", "10C", "9S") and state.to_move == 0
    # The declaration stays open to a call until the next play.
    assert {"type": "call_misplay", "play": declared["id"]} in engine.legal_commands(state, 1)
    events, state = act(state, 1, {"type": "call_misplay", "play": declared["id"]})
    assert of_type(events, "misplay_called")[0]["correct"] and of_type(events, "skipped")[0]["seat"] == 0


def test_a_declaration_called_before_the_swap_stands_and_the_step_goes_on(engine, position, act):
    state = table_reward_won(position, act)
    events, state = act(state, 0, {"type": "reward", "declared": 2})
    events, state = act(state, 2, {"type": "call_misplay", "play": events[0]["id"]})
    assert [e["type"] for e in events] == ["misplay_called"] and state.reward.viewed == ("8C", "9C")
    events, state = act(state, 0, {"type": "reward", "swap": None})
    assert [e["type"] for e in events] == [
        "rewarded",
        "skipped",
    ] and state.to_move == 1  # its penalty hands the lead on


def test_in_table_mode_the_contracts_reward_command_still_declares_and_swaps_at_once(engine, position, act):
    state = table_reward_won(position, act)
    legal = engine.legal_commands(state, 0)
    assert legal[:2] == [{"type": "reward", "declared": 3, "swap": None}, {"type": "reward", "declared": 3}]
    events, state = act(state, 0, {"type": "reward", "declared": 3, "swap": {"take": "9C", "give": "9S"}})
    assert (
        events[0]["type"] == "rewarded" and events[0]["misplay"] is None and events[0]["viewed"] == ["8C", "9C", "10C"]
    )
    assert state.reward is None and state.deck == ("JC", "QC", "KC") and state.hands[0] == ("9C",)


def test_the_turn_clock_finishes_a_declared_reward_without_a_swap(engine, position, act):
    state = table_reward_won(position, act)
    _, state = act(state, 0, {"type": "reward", "declared": 3})
    events, state = act(state, None, {"type": "turn_timeout", "seat": 0})
    rewarded = of_type(events, "rewarded")[0]
    assert rewarded["declared"] == 3 and rewarded["take"] is None and state.reward is None

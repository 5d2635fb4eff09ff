"""What each seat may see: the view and the redacted events. Hidden: other hands, the cards
another seat draws, the draw pile's order (and a refill's), the win cards under each top.
Public: play piles, every discard pile in full, win tops and counts, plays and turn ends."""

import copy
import json
import random
from dataclasses import replace

import pytest
from sm_helpers import kinds, random_game

PUBLIC = ("played", "win_turned", "pile_retired", "won", "turn_ended", "stalemated")


@pytest.fixture(scope="module")
def game(engine):
    """The events of a few whole random games (every event type, refills, a stalemate) and a
    3-seat position from the middle of one."""
    events, states = [], []
    for players, options, seeds in [
        (3, {"win_pile": 15, "decks": 3}, range(4)),
        (2, {"win_pile": 30, "decks": 2}, range(5)),
    ]:
        for seed in seeds:
            events += engine.start(players, options=options, rng=random.Random(seed))
            for _, _, _, new_events, following in random_game(engine, players, options, seed):
                events += new_events
                if players == 3:
                    states.append(following)
    assert {"dealt", "played", "win_turned", "pile_retired", "won", "drew", "turn_ended", "stalemated"} <= set(
        kinds(events)
    )
    assert any(event["type"] == "drew" and event["refill"] for event in events)
    middle = [state for state in states if not state.over and all(state.hands) and any(state.play_piles)]
    return events, middle[len(middle) // 2]


# --- The view ------------------------------------------------------------------------------


def test_view_has_the_contract_keys(engine, game):
    _, state = game
    for seat in (0, 1, 2, None):
        view = engine.view(state, seat)
        assert {"game", "to_move", "over", "winner", "players", "play_piles", "draw_count"} <= set(view)
        assert view["game"] == "spite_and_malice"
        assert view["to_move"] == state.to_move and view["over"] is False and view["winner"] is None
        assert view["draw_count"] == len(state.draw_pile)
        assert len(view["play_piles"]) == 4
        for pile in view["play_piles"]:
            assert pile is None or ({"cards", "value"} <= set(pile) and 1 <= pile["value"] <= 12)
        assert len(view["players"]) == 3
        for player in view["players"]:
            assert {"win_top", "win_count", "discards", "hand_count"} <= set(player)
            assert len(player["discards"]) == 4 and all(isinstance(pile, list) for pile in player["discards"])
        json.dumps(view)


def test_view_shows_the_viewers_own_hand_only(engine, game):
    _, state = game
    for seat in range(3):
        view = engine.view(state, seat)
        assert view["players"][seat]["hand"] == list(state.hands[seat])
        assert [("hand" in player) for player in view["players"]] == [i == seat for i in range(3)]
        assert [player["hand_count"] for player in view["players"]] == [len(hand) for hand in state.hands]


def test_spectator_sees_no_hand(engine, game):
    _, state = game
    view = engine.view(state, None)
    assert not any("hand" in player for player in view["players"])
    assert [player["hand_count"] for player in view["players"]] == [len(hand) for hand in state.hands]


def test_view_never_shows_other_hands_the_draw_order_or_win_cards_under_the_top_ruling_10(engine, game):
    _, state = game
    hidden_changed = replace(
        state,
        hands=tuple(hand if seat == 0 else ("JK",) * len(hand) for seat, hand in enumerate(state.hands)),
        draw_pile=tuple(reversed(state.draw_pile)),
        win_piles=tuple(pile[:1] + ("AS",) * (len(pile) - 1) for pile in state.win_piles),
    )
    assert engine.view(hidden_changed, 0) == engine.view(state, 0)
    everything_changed = replace(hidden_changed, hands=tuple(("QH",) * len(hand) for hand in state.hands))
    assert engine.view(everything_changed, None) == engine.view(state, None)


def test_every_discard_pile_is_public_in_full_bottom_to_top_ruling_10(engine, position):
    state = position(["9C", "2H"], discards=["AS 5H KD | | QC | QD JK", "2C 3C | 4C | 5C 6C 7C | 8C"])
    for seat in (0, 1, None):
        view = engine.view(state, seat)
        assert view["players"][0]["discards"] == [["AS", "5H", "KD"], [], ["QC"], ["QD", "JK"]]
        assert view["players"][1]["discards"] == [["2C", "3C"], ["4C"], ["5C", "6C", "7C"], ["8C"]]


def test_of_a_win_pile_only_the_top_and_the_count_are_shown(engine, position):
    state = position(["9C", "2H"], win=["7D AS 2S 3S", ""])
    for seat in (0, 1, None):
        player = engine.view(state, seat)["players"][0]
        assert player["win_top"] == "7D" and player["win_count"] == 4
        assert engine.view(state, seat)["players"][1]["win_top"] is None
        assert engine.view(state, seat)["players"][1]["win_count"] == 0
        assert "AS" not in json.dumps(engine.view(state, seat))


def test_play_piles_show_their_cards_and_value_with_a_joker_shown_as_the_value_it_stands_for(engine, position):
    state = position(["9C", "2H"], play="AS JK 3D JK | | AH | AC 2C JK JK JK 6C")
    piles = engine.view(state, None)["play_piles"]
    assert piles[0]["cards"] == ["AS", "JK", "3D", "JK"] and piles[0]["value"] == 4
    assert piles[1] is None
    assert piles[2]["cards"] == ["AH"] and piles[2]["value"] == 1
    assert piles[3]["value"] == 6


def test_view_counts_the_draw_pile_and_the_retired_cards(engine, position):
    state = position(["9C", "2H"], draw="2C 3C 4C", retired="AS 2S 3S")
    view = engine.view(state, 1)
    assert view["draw_count"] == 3 and view["retired_count"] == 3


def test_view_of_a_finished_game(engine, act, position):
    state = position(["9C 8C", "2H 3H"], win=["5H", "KH"], play="AS 2S 3S 4S | | | ")
    _, state = act(state, 0, {"type": "play", "from": "win", "to": 0})
    view = engine.view(state, 1)
    assert view["over"] is True and view["winner"] == 0 and view["to_move"] is None
    assert "hand" in view["players"][1] and "hand" not in view["players"][0]


# --- redact_event --------------------------------------------------------------------------


def test_redacted_deal_hides_other_hands_the_draw_pile_and_win_cards_under_the_tops(engine, stacked):
    seats = [("2S 3S 4S 5S 6S", "7S 8S 9S 10S", "JS QS KS 2C 3C"), ("3H 4H 5H 6H 7H", "8H 9H 10H JH", "QH KH 4C 5C 6C")]
    other_seats = [seats[0][:2] + ("JS 9C 9C 9D 9D",), ("8D 9D 10D JD QD", "8H 9H 10H JH", "QH 7C 7C 7D 7D")]
    options = {"win_pile": 5}
    deck = stacked(*seats, draw="AS AH", options=options)
    other_deck = stacked(*other_seats, draw="AH AS", options=options)
    dealt = engine.start(2, options=options, deck=deck, rng=random.Random(1))[0]
    other = engine.start(2, options=options, deck=other_deck, rng=random.Random(2))[0]
    assert dealt != other
    # Apart from the commitment to the order (a digest, different for every deal), nothing differs.
    assert uncommitted(engine.redact_event(dealt, 0)) == uncommitted(engine.redact_event(other, 0))
    no_hands = dict(other, hands=[["KD"] * 5, ["KD"] * 5])
    assert uncommitted(engine.redact_event(dealt, None)) == uncommitted(engine.redact_event(no_hands, None))
    seen = json.dumps(engine.redact_event(dealt, 0))
    assert json.dumps(dealt["hands"][0]) in seen  # the own hand
    assert "3H" not in seen and "2C" not in seen  # seat 1's hand, a win card under a top
    for seat in (0, 1, None):
        assert "QS" not in json.dumps(engine.redact_event(dealt, seat))  # even the owner's win cards
    assert json.dumps(dealt["discards"]) in seen  # the discards are public


def uncommitted(redacted):
    return {key: value for key, value in redacted.items() if key != "commitment"}


def test_redacted_deal_still_tells_the_public_facts(engine):
    dealt = engine.start(3, options={"win_pile": 6}, rng=random.Random(4))[0]
    seen = engine.redact_event(dealt, None)
    assert seen["type"] == "dealt" and seen["first"] == dealt["first"]
    assert seen["discards"] == dealt["discards"]
    text = json.dumps(seen)
    for pile in dealt["win_piles"]:
        assert json.dumps(pile[0]) in text


def test_redacted_draw_shows_the_cards_only_to_the_drawer(engine):
    drew = {"type": "drew", "seat": 1, "cards": ["9S", "AH"], "refill": None}
    other = {"type": "drew", "seat": 1, "cards": ["JK", "KD"], "refill": None}
    for seat in (0, 2, None):
        assert engine.redact_event(drew, seat) == engine.redact_event(other, seat)
        assert "9S" not in json.dumps(engine.redact_event(drew, seat))
    assert engine.redact_event(drew, 1) != engine.redact_event(other, 1)
    assert json.dumps(["9S", "AH"]) in json.dumps(engine.redact_event(drew, 1))


def test_redacted_draw_hides_the_refill_order_from_everyone_ruling_10(engine):
    refill = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]
    drew = {"type": "drew", "seat": 1, "cards": ["7C", "AS"], "refill": refill}
    shuffled = {"type": "drew", "seat": 1, "cards": ["7C", "AS"], "refill": list(reversed(refill[1:])) + ["AS"]}
    for seat in (0, 1, 2, None):
        assert engine.redact_event(drew, seat) == engine.redact_event(shuffled, seat)
        assert "QS" not in json.dumps(engine.redact_event(drew, seat))


def test_table_events_are_public(engine, game):
    events, _ = game
    public = [event for event in events if event["type"] in PUBLIC]
    assert {event["type"] for event in public} == set(PUBLIC)
    for event in public:
        for seat in (0, 1, 2, None):
            assert engine.redact_event(event, seat) == event
    stalemated = {"type": "stalemated", "win_counts": [3, 1], "winner": 1}
    assert engine.redact_event(stalemated, None) == stalemated


def test_redact_event_leaves_the_log_untouched_and_is_json_safe(engine, game):
    events, _ = game
    snapshot = copy.deepcopy(events)
    for event in events:
        for seat in (0, 1, 2, None):
            json.dumps(engine.redact_event(event, seat))
    assert events == snapshot


def test_a_seats_redacted_events_never_hold_another_seats_hand_cards(engine):
    """Follow a whole game as seat 0 sees it: every card it is shown is on the table or was its own."""
    options = {"win_pile": 5}
    log = engine.start(2, options=options, rng=random.Random(7))
    for _, _, _, new_events, _ in random_game(engine, 2, options, 7):
        log += new_events
    for event in log:
        seen = engine.redact_event(event, 0)
        if event["type"] == "drew" and event["seat"] == 1:
            assert seen.get("cards") is None
        if event["type"] == "dealt":
            assert json.dumps(event["hands"][1]) not in json.dumps(seen)

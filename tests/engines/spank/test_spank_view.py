"""What each seat may see: the view and the redacted events. Hidden: other hands, other
seats' draws, the stock order. Public: everything on the table."""

import json
import random
from dataclasses import replace

import pytest

FULL = ["9S", "10H", "JD", "QC", "KS"]


@pytest.fixture(scope="module")
def game(engine):
    """A whole 3-seat game (every event type, two reshuffles) and a position from its middle."""
    rng = random.Random(1)
    events = engine.start(3, options={"sequence": True}, rng=rng)
    states = [engine.fold(events)]
    while not states[-1].over:
        state = states[-1]
        legal = engine.legal_commands(state, state.to_move)
        kind = rng.choice(sorted({command["type"] for command in legal}))
        command = rng.choice([command for command in legal if command["type"] == kind])
        new = engine.decide(state, state.to_move, command, rng=rng)
        events += new
        states.append(engine.fold(new, state))
    assert {event["type"] for event in events} == {
        "dealt",
        "scored",
        "won",
        "discarded",
        "spanked",
        "moved",
        "retired",
        "placed",
        "drew",
    }
    assert any(event["type"] == "drew" and event["reshuffled"] for event in events)
    return events, states[len(states) // 2]


def test_view_has_the_contract_keys(engine, game):
    _, state = game
    view = engine.view(state, 0)
    assert {"game", "to_move", "over", "winner", "players", "phase", "stock_count"} <= set(view)
    assert view["game"] == "spank"
    assert view["phase"] in {"upkeep", "spank", "move", "play", "over"}
    for player in view["players"]:
        assert {"score", "stacks", "hand_count"} <= set(player)
        assert len(player["stacks"]) == 5
    json.dumps(view)


def test_view_shows_the_viewers_own_hand_only(engine, game):
    _, state = game
    for seat in range(3):
        view = engine.view(state, seat)
        assert view["players"][seat]["hand"] == list(state.hands[seat])
        assert [("hand" in player) for player in view["players"]] == [i == seat for i in range(3)]


def test_spectator_sees_no_hand(engine, game):
    _, state = game
    view = engine.view(state, None)
    assert not any("hand" in player for player in view["players"])
    assert [player["hand_count"] for player in view["players"]] == [len(hand) for hand in state.hands]


def test_view_never_leaks_other_hands_or_the_stock_order(engine, game):
    _, state = game
    other_hands = tuple(tuple(reversed(hand)) if i else hand for i, hand in enumerate(state.hands))
    swapped = replace(
        state,
        hands=tuple(("AS",) * len(hand) if i else hand for i, hand in enumerate(other_hands)),
        stock=tuple(reversed(state.stock)),
    )
    assert engine.view(swapped, 0) == engine.view(state, 0)
    assert engine.view(replace(state, hands=tuple(("9H",) * len(h) for h in state.hands)), None) == engine.view(
        state, None
    )


def test_view_stacks_are_in_run_order(engine, position):
    state = position(["QH", "9C"], [["KS AS 9S", "", "", "", ""], FULL])
    assert engine.view(state, 1)["players"][0]["stacks"][0] == ["KS", "AS", "9S"]


def test_view_names_the_phases(engine, act, position):
    table = position(["QH KH AH 9D 10D", "9C"], [FULL, ["JS", "QD KD", "AS", "10S", "9H"]])
    assert engine.view(table, 0)["phase"] == "upkeep"
    _, spanked = act(table, 0, {"type": "spank", "card": "QH", "seat": 1, "stack": 0})
    assert engine.view(spanked, 0)["phase"] == "move"
    assert engine.view(spanked, 0)["spanked"] is True
    _, moved = act(spanked, 0, {"type": "move", "from": 1, "to": 0})
    assert engine.view(moved, 0)["phase"] == "play"
    assert engine.view(moved, 0)["moved"] == "move"
    assert engine.view(moved, 0)["must_place"] is True
    empty_handed = position(["", "9C"], [FULL, FULL])
    assert engine.view(empty_handed, 0)["phase"] == "spank"


def test_view_shows_the_public_extras(engine, act, position):
    state = position(["9S", "9H"], [FULL, ["9C 10C", "JC", "QD", "KD", "AD"]], discard="10D")
    view = engine.view(state, 0)
    assert view["target"] == 1000
    assert view["options"] == {"sequence": False, "two_set": None}
    assert view["discard_count"] == 1 and view["discard_top"] == "10D"
    _, after = act(state, 0, {"type": "end_turn"})
    assert engine.view(after, 0)["last_score"] == {"seat": 1, "points": 20, "retired": []}


def test_view_shows_sequence_patterns(engine, position):
    state = position(
        ["QH", "9C"], [["9S 10S", "9S 10C", "9S 10H", "AH 9S 10H", "AD 9S 10H"], FULL], options={"sequence": True}
    )
    assert engine.view(state, None)["players"][0]["patterns"] == [
        "same_suit",
        "same_colour",
        "alternating",
        "alternating_suits",
        "alternating_colours",
    ]


def test_view_of_a_finished_game(engine, act, position):
    state = position(["9S", "9H"], [FULL, ["9C 10C", "", "", "", ""]], scores=(0, 990))
    _, state = act(state, 0, {"type": "end_turn"})
    view = engine.view(state, 0)
    assert view["over"] is True and view["winner"] == 1 and view["phase"] == "over" and view["to_move"] is None
    assert "hand" in view["players"][0] and "hand" not in view["players"][1]  # still hidden


# --- redact_event -------------------------------------------------------------------------


def test_redacted_deal_shows_only_the_own_hand_and_no_stock(engine):
    dealt = engine.start(3, rng=random.Random(2))[0]
    for seat in (0, 1, 2, None):
        seen = engine.redact_event(dealt, seat)
        assert seen["hands"] == [hand if i == seat else None for i, hand in enumerate(dealt["hands"])]
        assert seen["hand_counts"] == [5, 5, 5]
        assert "stock" not in seen and seen["stock_count"] == len(dealt["stock"])
        assert seen["stacks"] == dealt["stacks"] and seen["first"] == dealt["first"]


def test_redacted_draw_shows_the_cards_only_to_the_drawer_and_the_new_stock_to_nobody(engine):
    drew = {"type": "drew", "seat": 1, "cards": ["9S", "AH"], "reshuffled": ["AH", "KS", "QD"]}
    assert engine.redact_event(drew, 1) == {
        "type": "drew",
        "seat": 1,
        "count": 2,
        "cards": ["9S", "AH"],
        "reshuffled": 3,
    }
    for seat in (0, 2, None):
        assert engine.redact_event(drew, seat) == {"type": "drew", "seat": 1, "count": 2, "reshuffled": 3}
    plain = {"type": "drew", "seat": 1, "cards": [], "reshuffled": None}
    assert engine.redact_event(plain, 0) == {"type": "drew", "seat": 1, "count": 0, "reshuffled": None}


def test_table_events_are_public_including_upkeep_discards(engine, game):
    events, _ = game
    public = [e for e in events if e["type"] not in ("dealt", "drew")]
    assert {e["type"] for e in public} >= {"scored", "placed"}
    for event in public:
        for seat in (0, 1, 2, None):
            assert engine.redact_event(event, seat) == event
    discarded = {"type": "discarded", "seat": 0, "cards": ["9S", "KH"]}
    assert engine.redact_event(discarded, None) == discarded


def test_redact_event_leaves_the_log_untouched(engine, game):
    events, _ = game
    before = json.loads(json.dumps(events))
    for event in events:
        seen = engine.redact_event(event, 0)
        for value in seen.values():
            if isinstance(value, list):
                value.append("X")
    assert events == before


def test_redacted_events_never_show_another_seats_hidden_cards(engine, game):
    events, _ = game
    for seat in (0, 1, 2, None):
        for event in events:
            seen = engine.redact_event(event, seat)
            if event["type"] == "dealt":
                assert all(hand is None for i, hand in enumerate(seen["hands"]) if i != seat)
            if event["type"] == "drew":
                assert ("cards" in seen) == (event["seat"] == seat)
                assert not isinstance(seen["reshuffled"], list)
            json.dumps(seen)


def test_events_are_json_safe_and_replay_from_json(engine, game):
    events, _ = game
    assert engine.fold(json.loads(json.dumps(events))) == engine.fold(events)

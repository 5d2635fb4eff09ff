"""legal_commands (docs/engines.md: "every command decide would accept from that seat now, each once"): in small hand-made
positions every sub-multiset of the seat's hand is tried as a play (with the right buy back for a
seat that has passed), plus pass and decline (the candidates of tests/contract/profiles/spite.py);
decide must accept exactly the listed commands. Seats not to act get only the countdown. A 19-card
hand's list is produced (no timing is asserted). In random matches: tests/contract/."""

import random
from dataclasses import replace

import pytest
from contract.profiles.spite import candidates, canonical
from spite_helpers import random_match

from games.engines import IllegalCommand
from games.engines.spite.state import Reward


def accepted(engine, state, seat):
    found = set()
    for command in candidates(state, seat, limit=False):
        try:
            engine.decide(state, seat, command, rng=random.Random(0))
        except IllegalCommand:
            continue
        found.add(canonical(command))
    return found


def check_exact(engine, state, seat):
    legal = engine.legal_commands(state, seat)
    keys = [canonical(command) for command in legal]
    assert len(keys) == len(set(keys)), "a command is listed twice"
    assert set(keys) == accepted(engine, state, seat)
    return legal


POSITIONS = {
    "lead with wild 13s and a straight": dict(hands=["5S 5H 13H 13D 7S 8S 9S 10S 6D", "4C", "4D"]),
    "lead with 7s, a joker and a flush": dict(hands=["7S 7H 7D JK 4H 6H 8H 10H QH", "4C", "4D"]),
    "lead with five of a kind": dict(hands=["6S 6H 6D 6C 6S 13H 2C JK", "4C", "4D"]),
    "lead with many 13s": dict(hands=["13H 13H 13D 13D 13H 5S 6S 8C", "4C", "4D"]),
    "lead with repeated values of one suit": dict(hands=["5H 5H 5H 9H 9H 9D 13H 13D", "4C", "4D"]),
    "follow a single going higher": dict(hands=["9C", "3S 7S 7H 8D 13D JK 2C", "4D"], to_move=1, plays=[(0, "7C")]),
    "follow a pair going lower": dict(
        hands=["9C", "3S 3H 5D 5C 6S 13H 13D 8S", "4D"], to_move=1, plays=[(0, "6H 6D")], direction="lower"
    ),
    "follow a straight": dict(
        hands=["9C", "4D 5S 6D 7C 8H 9H 13D 13H 10S", "4D"], to_move=1, plays=[(0, "4S 5H 6H 7D 8C")]
    ),
    "follow a flush with a straight flush in hand": dict(
        hands=["9C", "3H 4H 5H 6H 7H 13H 2H 9D", "4D"], to_move=1, plays=[(0, "3S 5S 8S 10S QS")]
    ),
    "follow 7s with 7s": dict(hands=["9C", "7S 7H 7D 13H 8S 8C", "4D"], to_move=1, plays=[(0, "7C 7D")]),
    "joker led going higher": dict(
        hands=["9C", "JK 5S 5H 5D 5C 5S 2S 2H", "4D"], to_move=1, plays=[(0, "JK")], arity=None, top="JK"
    ),
    "joker led going lower": dict(
        hands=["9C", "JK 5S 5H 13D 2S 2H 4C", "4D"],
        to_move=1,
        plays=[(0, "JK")],
        arity=None,
        top=None,
        direction="lower",
    ),
    "joker mid-trick going lower": dict(
        hands=["9C", "5S 5H 13D 2S 2H 4C", "4D"],
        to_move=1,
        leader=2,
        plays=[(2, "8D"), (0, "JK")],
        arity=1,
        top=None,
        direction="lower",
    ),
    "joker mid-trick going higher": dict(
        hands=["9C", "JK 5S 5H 5D 5C 5S 2S", "4D"], to_move=1, leader=2, plays=[(2, "8D"), (0, "JK")], arity=1, top="JK"
    ),
    "passed seat: buy back 2": dict(
        hands=["9S 10S 2D 13H JK 7C", "4H 4D", "4S 4C"],
        to_move=0,
        plays=[(1, "5S"), (2, "6S"), (1, "8S")],
        passed=[0, 2],
        buy_backs=2,
    ),
    "lead with fakes and deck reward cards": dict(
        hands=["5S 9S 9H 13H", "4C", "4D"], fakes=(("9C", "5D"), (), ()), bonus=(("9C", "QS"), (), ())
    ),
    "follow with fakes, one face down": dict(
        hands=["9C", "6S 6H 7D 13D", "4D"],
        to_move=1,
        plays=[(0, "5C 5C")],
        fakes=((), ("6D", "KH"), ()),
        bonus=((), ("8S",), ()),
    ),
    "a passed seat with fakes": dict(
        hands=["9S 2D", "4H 4D", "4S 4C"],
        to_move=0,
        fakes=(("10H",), (), ()),
        plays=[(1, "5S"), (2, "6H"), (1, "8D")],
        passed=[0, 2],
    ),
    "under a consec with fakes": dict(
        hands=["6S 6C 13H 9S", "4H", "4S"],
        to_move=0,
        fakes=(("6H",), (), ()),
        plays=[(1, "3D"), (2, "4C"), (1, "5C")],
        leader=1,
    ),
    "suited consec: unbeatable": dict(
        hands=["2H 2D KH 9S", "4H", "4S"], to_move=0, plays=[(1, "5H"), (2, "9H")], leader=1
    ),
    "going out on the bounty": dict(hands=["9S 9D", "4H 4D", "4S 4C"], to_move=0, bounty="9H", fakes=(("9C",), (), ())),
    "the reward step": dict(hands=["5S 9S 9D", "4H 4D", "4S 4C"], to_move=0, reward=Reward(seat=0, count=3)),
    "passed seat: buy back 1": dict(
        hands=["9S 9H 10S 3D 7C", "4H 4D", "4S 4C"],
        to_move=0,
        plays=[(1, "5S 5H"), (2, "6S 6H"), (1, "8S 8H")],
        passed=[0, 2],
    ),
}


@pytest.mark.parametrize("name", POSITIONS)
def test_decide_accepts_exactly_the_listed_commands(engine, position, name):
    spec = POSITIONS[name]
    state = position(**spec)
    legal = check_exact(engine, state, spec.get("to_move", 0))
    assert legal


def test_the_leader_gets_no_pass_and_a_follower_does(engine, position):
    lead = engine.legal_commands(position(["5S 9S", "4C", "4D"]), 0)
    assert {"type": "pass"} not in lead
    follow = engine.legal_commands(position(["5S 9S", "4C 6C", "4D"], to_move=1, plays=[(0, "5S")]), 1)
    assert {"type": "pass"} in follow


def test_a_passed_seats_plays_carry_the_buy_back(engine, position):
    state = position(**POSITIONS["passed seat: buy back 2"])
    plays = [command for command in engine.legal_commands(state, 0) if command["type"] == "play"]
    assert plays and all(command["buy_back"] == 2 for command in plays)
    state = position(["9S 9H", "4H 4D", "4S 4C"], to_move=1, plays=[(0, "5S")])
    plays = [command for command in engine.legal_commands(state, 1) if command["type"] == "play"]
    assert plays == [] or all(not command.get("buy_back") for command in plays)


def test_opening_phase_leads_and_decline_are_exactly_the_listed_ones(engine, deal):
    _, state = deal("3S 3H 13H 4D 5C 6S 7H JK", "3C 4H", "5D 6D")
    assert engine.legal_commands(state, 2) == []
    # the dealt hands hold 11 cards (padded): the same opening with small hands
    state = replace(state, hands=(("3S", "3H", "13H", "4D", "5C", "6S", "7H", "JK"), ("3C", "4H"), ("5D", "6D")))
    for seat in range(3):
        check_exact(engine, state, seat)
    assert {"type": "decline"} in engine.legal_commands(state, 1)


def test_seats_not_to_act_get_only_the_countdown_on_the_seat_to_act(engine, position):
    state = position(["5S 9S", "4C 6C", "4D 7D", ""], to_move=1, plays=[(0, "5S")], places=[None, None, None, 3])
    for seat in (0, 2, 3):
        assert engine.legal_commands(state, seat) == [{"type": "start_countdown"}]
        assert accepted(engine, state, seat) == {canonical({"type": "start_countdown"})}
    assert {"type": "start_countdown"} not in engine.legal_commands(state, 1)
    for seat in (None, -1, 4, True, "1"):
        assert engine.legal_commands(state, seat) == []


def test_nothing_is_listed_after_the_match(engine):
    following = None
    for _, _, _, _, following in random_match(engine, 3, {"rounds": 1}, seed=2):
        pass
    assert following.over
    assert all(engine.legal_commands(following, seat) == [] for seat in range(3))


def test_a_19_card_hand_gets_its_legal_list(engine, position):
    hand = "3S 3H 3D 4S 5S 6S 7S 7H 7D 8S 9S 10S 13H 13D 13H JK QS QH 2C"
    state = position([hand, "4C", "4D"], to_move=0)
    legal = engine.legal_commands(state, 0)
    keys = [canonical(command) for command in legal]
    assert len(keys) == len(set(keys))
    assert {"type": "play", "cards": ["JK"]} in legal
    assert any(len(command["cards"]) == 5 for command in legal)
    for command in random.Random(0).sample(legal, 40):
        engine.decide(state, 0, command, rng=random.Random(0))
    # following a pair with the same hand: only pairs and joker hands
    state = position(["9C", hand, "4D"], to_move=1, plays=[(0, "5H 5D")])
    legal = engine.legal_commands(state, 1)
    assert all(
        command["type"] == "pass" or len(command["cards"]) == 2 or command["cards"] == ["JK"] for command in legal
    )


# --- offered_commands: what a seat is told it may send ----------------------------------------

JUDGED_TYPES = {"play", "play_fake_down"}


def test_in_table_mode_a_seat_is_offered_its_plays_only_by_their_kind_so_nothing_tells_it_which_are_legal(
    engine, position, act
):
    """RULINGS, Table mode: "nothing a player is sent tells whether a play they are about to make is legal"
    (bots and tests keep the engine's legal_commands on the server)."""
    hands = ["9S 5C", "4C 5S", "QS 8H"]
    cannot = position(hands, to_move=1, plays=[(0, "9S")], fakes=((), ("8C",), ()), options={"misplays": "table"})
    can = position(
        ["9S 5C", "QC KS", "QS 8H"],
        to_move=1,
        plays=[(0, "9S")],
        fakes=((), ("8C",), ()),
        options={"misplays": "table"},
    )
    assert not [c for c in engine.legal_commands(cannot, 1) if c["type"] == "play"]
    assert [c for c in engine.legal_commands(can, 1) if c["type"] == "play"]
    for state in (cannot, can):
        assert engine.offered_commands(state, 1) == [{"type": "play"}, {"type": "play_fake_down"}, {"type": "pass"}]
        assert engine.board_commands(state, 1) == engine.offered_commands(state, 1)
        # Each kind offered is taken by decide, a misplay or not.
        act(state, 1, {"type": "play", "cards": [state.hands[1][0]]})
        act(state, 1, {"type": "play_fake_down", "fake": "8C"})
        # The others are offered what they may do out of turn, as listed.
        assert engine.offered_commands(state, 0) == engine.legal_commands(state, 0) == [{"type": "start_countdown"}]
    # On a lead, a fake joker face down is a misplay too: still offered by its kind.
    lead = position(hands, to_move=1, fakes=((), ("8C",), ()), options={"misplays": "table"})
    assert engine.offered_commands(lead, 1) == [{"type": "play"}, {"type": "play_fake_down"}]
    assert not any(c["type"] == "play_fake_down" for c in engine.legal_commands(lead, 1))
    # Strict mode offers the legal commands themselves.
    strict = replace(can, options=replace(can.options, misplays="strict"))
    assert engine.offered_commands(strict, 1) == engine.legal_commands(strict, 1)


def test_the_opening_offers_a_play_and_decline_to_the_seats_holding_the_asked_rank(engine, deal):
    _, state = deal("3S 4S", "5S 6S", "3H 8S", options={"misplays": "table"})
    assert [engine.offered_commands(state, seat) for seat in range(3)] == [
        [{"type": "play"}, {"type": "decline"}],
        [],
        [{"type": "play"}, {"type": "decline"}],
    ]


@pytest.mark.parametrize("seed", [21, 22])
def test_in_random_table_mode_matches_every_legal_command_is_offered_at_least_by_its_kind(engine, seed):
    for state, *_ in random_match(engine, 4, {"rounds": 1}, seed):
        table = replace(state, options=replace(state.options, misplays="table"))
        for seat in range(state.players):
            offered = engine.offered_commands(table, seat)
            kinds = {c["type"] for c in offered if c["type"] in JUDGED_TYPES or c == {"type": "reward"}}
            assert all(c == {"type": c["type"]} for c in offered if c["type"] in kinds)
            for command in engine.legal_commands(table, seat):
                assert command in offered or command["type"] in kinds, (command, offered)

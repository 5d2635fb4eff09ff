"""Properties of random legal matches (3 to 9 seats, 1 or 2 rounds), driving every seat that has
legal commands (in the opening phase any such seat may act): the match finishes; all 189 cards
are conserved at every step (hands + trick + deck + discard + the bounty card, counted once);
fold(all events) equals evolving step by step; every listed command is accepted; views are
JSON-safe and never show another seat's hand; redacted events never show another seat's cards."""
import copy
import json
import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from games.engines import get_engine
from spite_helpers import FULL_DECK, OUT_OF_TURN, canonical, every_card, kinds, random_match
from test_spite_view import assert_no_hidden_cards

ENGINE = get_engine("spite")
MAX_COMMANDS = 4000  # random matches take a few hundred commands; the cap only guards against a hang
# A match is drawn from a seed, so shrinking finds nothing smaller and only costs minutes: skip it.
PHASES = (Phase.explicit, Phase.reuse, Phase.generate)


@st.composite
def setups(draw):
    return {
        "players": draw(st.integers(3, 9)),
        "rounds": draw(st.integers(1, 2)),
        "seed": draw(st.integers(0, 2**32 - 1)),
        "eagerness": draw(st.sampled_from([0.3, 0.7, 0.95])),
    }


def turn_commands(state, seat):
    return [command for command in ENGINE.legal_commands(state, seat) if command["type"] not in OUT_OF_TURN]


def check_view(state, seat):
    view = ENGINE.view(state, seat)
    assert json.loads(json.dumps(view)) == view
    for other, player in enumerate(view["players"]):
        assert ("hand" in player) == (other == seat)
        assert player["hand_count"] == len(state.hands[other])
    assert_no_hidden_cards(view, seat)


@settings(max_examples=110, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_random_matches_finish_conserve_cards_and_fold_equals_step_by_step(setup):
    players, options = setup["players"], {"rounds": setup["rounds"], "misplays": "strict"}
    events = ENGINE.start(players, options=options, rng=random.Random(setup["seed"]))
    state = ENGINE.fold(events)
    assert every_card(state) == FULL_DECK
    states, boundaries = [state], [len(events)]
    checker = random.Random(setup["seed"] + 1)
    following = state
    lost_cards = None
    for step, (state, seat, command, new_events, following) in enumerate(
            random_match(ENGINE, players, options, setup["seed"], MAX_COMMANDS, setup["eagerness"])):
        json.dumps(new_events)
        if lost_cards is None and every_card(following) != FULL_DECK:
            # kept for the end, so that one failure does not hide the other properties
            lost_cards = (kinds(new_events), FULL_DECK - every_card(following), every_card(following) - FULL_DECK)
        if state.phase == "playing":
            assert seat == state.to_move
            assert all(turn_commands(state, other) == [] for other in range(players) if other != seat)
        # the listed commands: each once, and (for a sample) each accepted without touching the state
        legal = ENGINE.legal_commands(state, seat)
        keys = [canonical(c) for c in legal]
        assert len(keys) == len(set(keys))
        snapshot = copy.deepcopy(state)
        for listed in checker.sample(legal, min(len(legal), 6)):
            ENGINE.decide(state, seat, listed, rng=random.Random(0))
        assert state == snapshot
        if step % 7 == 0:
            check_view(following, checker.randrange(players))
            check_view(following, None)
        events += new_events
        states.append(following)
        boundaries.append(len(events))
    assert following.over, "the random match hit the command cap"
    assert kinds(events).count("round_ended") == setup["rounds"]
    assert events[-1]["type"] == "match_ended" and following.winner == events[-1]["winner"]
    # fold of the whole log equals evolving event by event, at every command's boundary
    assert ENGINE.fold(events) == following
    assert ENGINE.fold(json.loads(json.dumps(events))) == following
    replayed, index = None, 0
    for count, event in enumerate(events, start=1):
        replayed = ENGINE.evolve(replayed, event)
        if count == boundaries[index]:
            assert replayed == states[index]
            index += 1
    assert index == len(states)
    # redaction of the whole log for one seat and a spectator
    for viewer in (checker.randrange(players), None):
        for event in events:
            redacted = ENGINE.redact_event(event, viewer)
            json.dumps(redacted)
            if event["type"] == "dealt":
                assert all(not hand for other, hand in enumerate(redacted["hands"]) if other != viewer)
                assert not isinstance(redacted.get("deck"), list)
            if event["type"] == "drew" and event["seat"] != viewer:
                assert not redacted.get("cards")
    assert lost_cards is None, "cards not conserved after {}: missing {}, extra {}".format(*lost_cards)


@settings(max_examples=60, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_every_listed_command_is_accepted_in_random_positions(setup):
    rng = random.Random(setup["seed"])
    for step, (state, seat, _, _, _) in enumerate(
            random_match(ENGINE, setup["players"], {"rounds": 1}, setup["seed"], MAX_COMMANDS, setup["eagerness"])):
        if rng.random() < 0.2:
            for command in ENGINE.legal_commands(state, seat):
                new_events = ENGINE.decide(state, seat, command, rng=random.Random(0))
                assert new_events and json.loads(json.dumps(new_events)) == new_events

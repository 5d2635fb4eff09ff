"""Properties of random legal matches (3 to 9 seats, 1 or 2 rounds), driving every seat that has
legal commands (in the opening phase any such seat may act): the match finishes after its rounds;
all 189 cards are conserved at every step (hands + trick + deck + discard + the bounty card, counted
once); only the seat to act has turn commands once a trick is led; views show no card but the seat's
own, the trick's and the bounty; redacted events never show another seat's cards. The checks every
engine shares (fold, decide, legal_commands, views, bad commands) are in tests/contract/."""

import json
import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from spite_helpers import FULL_DECK, every_card, kinds, random_match
from test_spite_view import assert_no_hidden_cards

from games.engines import get_engine
from games.engines.base import SEAT_TO_ACT

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
    return [command for command in ENGINE.legal_commands(state, seat) if ENGINE.sender_of(command) == SEAT_TO_ACT]


def check_view(state, seat):
    view = ENGINE.view(state, seat)
    for other, player in enumerate(view["players"]):
        assert player["hand_count"] == len(state.hands[other])
    assert_no_hidden_cards(view, seat)


@settings(max_examples=110, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_random_matches_finish_conserve_cards_and_show_no_hidden_card(setup):
    players, options = setup["players"], {"rounds": setup["rounds"], "misplays": "strict"}
    events = ENGINE.start(players, options=options, rng=random.Random(setup["seed"]))
    state = ENGINE.fold(events)
    assert every_card(state) == FULL_DECK
    checker = random.Random(setup["seed"] + 1)
    following = state
    lost_cards = None
    for step, (state, seat, command, new_events, following) in enumerate(
        random_match(ENGINE, players, options, setup["seed"], MAX_COMMANDS, setup["eagerness"])
    ):
        if lost_cards is None and every_card(following) != FULL_DECK:
            # kept for the end, so that one failure does not hide the other properties
            lost_cards = (kinds(new_events), FULL_DECK - every_card(following), every_card(following) - FULL_DECK)
        if state.phase == "playing":
            assert seat == state.to_move
            assert all(turn_commands(state, other) == [] for other in range(players) if other != seat)
        if step % 7 == 0:
            check_view(following, checker.randrange(players))
            check_view(following, None)
        events += new_events
    assert following.over, "the random match hit the command cap"
    assert kinds(events).count("round_ended") == setup["rounds"]
    assert events[-1]["type"] == "match_ended" and following.winner == events[-1]["winner"]
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

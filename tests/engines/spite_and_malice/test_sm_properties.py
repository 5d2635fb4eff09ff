"""Properties of whole random 2-, 3- and 4-player games, driven by legal_commands and a seeded rng:
cards are conserved at every step, every game finishes (a win or the stalemate ruling), fold
equals step-by-step evolve, and decide never raises for a listed command."""
import copy
import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import event as note
from hypothesis import strategies as st

from games.engines import IllegalCommand, get_engine
from games.engines.spite_and_malice.deck import full_deck, value
from sm_helpers import canonical, every_card, random_game

ENGINE = get_engine("spite_and_malice")
MAX_COMMANDS = 5000  # random games end in a few hundred commands; the cap only guards against a hang
STANDARD_DECKS = {2: 3, 3: 4, 4: 5}


@st.composite
def game_setups(draw):
    players = draw(st.integers(2, 4))
    return {
        "seed": draw(st.integers(0, 2**32 - 1)),
        "players": players,
        "options": {"win_pile": draw(st.sampled_from([5, 6, 8, 12])),
                    "decks": STANDARD_DECKS[players] - draw(st.integers(0, 1))},
        "eagerness": draw(st.sampled_from([0.0, 0.5, 0.85, 1.0])),  # 0: a lazy table that stalemates
    }


def play(setup, max_commands=MAX_COMMANDS):
    return random_game(ENGINE, setup["players"], setup["options"], setup["seed"], max_commands,
                       setup["eagerness"])


def check_play_piles(state):
    for pile in state.play_piles:
        assert len(pile) <= 12, "a pile reaching K must have retired"
        assert pile.count("JK") <= 3
        for position, card in enumerate(pile, start=1):
            assert card == "JK" and position > 1 or value(card) == position


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_setups())
def test_random_games_conserve_cards_finish_and_fold_equals_step_by_step_evolve(setup):
    events = ENGINE.start(setup["players"], options=setup["options"], rng=random.Random(setup["seed"]))
    deck = Counter(full_deck(ENGINE.fold(events).options))
    assert every_card(ENGINE.fold(events)) == deck
    states, boundaries = [ENGINE.fold(events)], [len(events)]
    following = states[0]
    for state, seat, command, new_events, following in play(setup):
        assert every_card(following) == deck
        check_play_piles(following)
        json.dumps(new_events)
        events += new_events
        states.append(following)
        boundaries.append(len(events))
        for event in new_events:
            if event["type"] == "turn_ended":
                assert event["seat"] == seat and event["next"] == (seat + 1) % setup["players"]
    assert following.over, "the random game hit the command cap"
    note(f"{setup['players']} players: {following.result}")
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
    # the end: a win, or the stalemate ruling
    counts = [len(pile) for pile in following.win_piles]
    if following.result == "win":
        assert events[-1] == {"type": "won", "seat": following.winner}
        assert counts[following.winner] == 0
    else:
        assert following.result == "stalemate"
        assert following.draw_pile == () and following.retired == ()
        fewest = [seat for seat, count in enumerate(counts) if count == min(counts)]
        assert following.winner == (fewest[0] if len(fewest) == 1 else None)
        assert events[-1] == {"type": "stalemated", "win_counts": counts, "winner": following.winner}
    assert all(ENGINE.legal_commands(following, seat) == [] for seat in range(setup["players"]))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_setups())
def test_every_listed_command_is_accepted_listed_once_and_decide_changes_nothing(setup):
    for state, seat, _, _, _ in play(setup):
        snapshot = copy.deepcopy(state)
        legal = ENGINE.legal_commands(state, seat)
        assert legal, "the seat to move always has something to do"
        assert len({canonical(command) for command in legal}) == len(legal)
        for command in legal:
            new_events = ENGINE.decide(state, seat, command, rng=random.Random(0))
            assert new_events and all("type" in event for event in new_events)
        assert state == snapshot
        for other in range(state.players):
            if other != seat:
                assert ENGINE.legal_commands(state, other) == []


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_setups())
def test_plays_follow_the_pile_rules_and_win_cards_turn_up_at_once(setup):
    for state, seat, command, new_events, following in play(setup):
        for index, event in enumerate(new_events):
            if event["type"] != "played":
                continue
            pile = state.play_piles[event["to"]]
            assert event["value"] == len(pile) + 1
            if not pile:
                assert event["card"] != "JK" and value(event["card"]) == 1
            elif event["card"] != "JK":
                assert value(event["card"]) == len(pile) + 1
            if event["from"] == "win" and len(state.win_piles[seat]) > 1:
                assert new_events[index + 1] == {"type": "win_turned", "seat": seat,
                                                 "card": state.win_piles[seat][1]}


@settings(max_examples=25, deadline=None)
@given(game_setups())
def test_views_are_json_safe_and_show_no_other_hand(setup):
    for _, _, _, new_events, following in play(setup, max_commands=400):
        for viewer in [None, *range(following.players)]:
            view = ENGINE.view(following, viewer)
            json.dumps(view)
            assert [("hand" in player) for player in view["players"]] == \
                [seat == viewer for seat in range(following.players)]
            for event in new_events:
                json.dumps(ENGINE.redact_event(event, viewer))


def _positions():
    """Positions from a few games, for throwing garbage at."""
    positions = []
    for seed, players in [(1, 2), (2, 3), (3, 4)]:
        setup = {"seed": seed, "players": players, "options": {"win_pile": 8}, "eagerness": 0.85}
        for index, (state, *_rest) in enumerate(play(setup)):
            if index % 5 == 0:
                positions.append(state)
    return positions


POSITIONS = _positions()
CARDS = ["AS", "2H", "3D", "9C", "10H", "QS", "KD", "JK", "13D", "1S"]
scalars = (st.none() | st.booleans() | st.integers(-3, 6) | st.floats() | st.text(max_size=4)
           | st.sampled_from(CARDS))
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)
field_values = st.integers(-2, 6) | st.sampled_from(CARDS) | json_values
placements = st.fixed_dictionaries({}, optional={"card": st.sampled_from(CARDS) | field_values,
                                                 "pile": field_values})
garbage_commands = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {"type": st.sampled_from(["play", "draw", "end_turn"]) | st.text(max_size=8) | json_values},
        optional={
            "from": st.sampled_from(["hand", "win", "discard"]) | field_values,
            "card": st.sampled_from(CARDS) | field_values,
            "pile": field_values, "to": field_values,
            "fills": st.lists(placements | field_values, max_size=4) | field_values,
            "discard": placements | field_values,
        },
    ),
)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(POSITIONS), garbage_commands, st.none() | st.integers(-1, 5) | json_values)
def test_garbage_commands_only_ever_raise_illegal_command(state, command, seat):
    seat = state.to_move if seat is None else seat
    snapshot = copy.deepcopy(state)
    try:
        new_events = ENGINE.decide(state, seat, command, rng=random.Random(0))
    except IllegalCommand:
        pass
    else:
        assert canonical(command) in [canonical(legal) for legal in ENGINE.legal_commands(state, seat)]
        json.dumps(new_events)
    assert state == snapshot

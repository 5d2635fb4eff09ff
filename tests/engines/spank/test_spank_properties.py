"""Properties of whole random games, driven by legal_commands and a seeded rng."""
import copy
import json
import random
from collections import Counter
from itertools import product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engines import IllegalCommand, get_engine
from games.engines.spank.deck import full_deck
from games.engines.spank.legal import sub_multisets

ENGINE = get_engine("spank")
MAX_COMMANDS = 3000  # random games end in a few hundred; the cap only guards against a hang
TYPES = ["discard", "spank", "move", "retire", "place", "end_turn"]

game_setups = st.fixed_dictionaries({
    "seed": st.integers(0, 2**32 - 1),
    "players": st.integers(2, 9),
    "options": st.fixed_dictionaries({
        "sequence": st.booleans(),
        "two_set": st.sampled_from([None, "full", "half"]),
    }),
})


def choose(rng, legal):
    """A random legal command: first a command type, then one of that type (so that the many
    upkeep discards do not crowd out everything else)."""
    kind = rng.choice(sorted({command["type"] for command in legal}))
    return rng.choice([command for command in legal if command["type"] == kind])


def play(setup):
    """Yield (state, seat, command, events, next state) through one random game."""
    rng = random.Random(setup["seed"])
    events = ENGINE.start(setup["players"], options=setup["options"], rng=rng)
    state = ENGINE.fold(events)
    for _ in range(MAX_COMMANDS):
        if state.over:
            return
        seat = state.to_move
        command = choose(rng, ENGINE.legal_commands(state, seat))
        new_events = ENGINE.decide(state, seat, command, rng=rng)
        following = ENGINE.fold(new_events, state)
        yield state, seat, command, new_events, following
        state = following


def every_card(state):
    cards = Counter(state.stock) + Counter(state.discard)
    for hand in state.hands:
        cards.update(hand)
    for seat_stacks in state.stacks:
        for stack in seat_stacks:
            cards.update(stack)
    return cards


def canonical(command):
    """A command reduced to the fields its type uses, with discards sorted."""
    fields = {"discard": ["cards"], "spank": ["card", "seat", "stack"], "move": ["from", "to"],
              "retire": ["stack"], "place": ["card", "stack"], "end_turn": []}[command["type"]]
    reduced = {"type": command["type"], **{field: command[field] for field in fields}}
    if "cards" in reduced:
        reduced["cards"] = sorted(reduced["cards"])
    return json.dumps(reduced, sort_keys=True)


@settings(max_examples=100, deadline=None)
@given(game_setups)
def test_random_games_conserve_cards_replay_and_end(setup):
    deck = Counter(full_deck(setup["players"], ENGINE.fold(ENGINE.start(
        setup["players"], options=setup["options"], rng=random.Random(0))).options))
    events = ENGINE.start(setup["players"], options=setup["options"], rng=random.Random(setup["seed"]))
    state = None
    for state, seat, command, new_events, following in play(setup):
        assert every_card(following) == deck
        events += new_events
        json.dumps(new_events)
        assert len(following.hands[seat]) <= 5
        assert all(len(stack) <= 5 for seat_stacks in following.stacks for stack in seat_stacks)
    assert state is not None and following.over, "the random game hit the command cap"
    assert ENGINE.fold(events) == following
    assert ENGINE.fold(json.loads(json.dumps(events))) == following
    assert following.scores[following.winner] >= 1000
    assert all(ENGINE.legal_commands(following, seat) == [] for seat in range(setup["players"]))


@settings(max_examples=40, deadline=None)
@given(game_setups)
def test_every_listed_command_is_accepted_and_decide_never_changes_the_state(setup):
    for state, seat, _, _, _ in play(setup):
        snapshot = copy.deepcopy(state)
        for command in ENGINE.legal_commands(state, seat):
            new_events = ENGINE.decide(state, seat, command, rng=random.Random(0))
            assert new_events and all("type" in event for event in new_events)
        assert state == snapshot
        for other in range(state.players):
            if other != seat:
                assert ENGINE.legal_commands(state, other) == []


def candidates(state, seat):
    """Every command worth trying from the seat: all fields over all their sensible values."""
    hand = sorted(set(state.hands[seat])) + ["AS", "2H"]
    stacks, seats = range(5), range(state.players)
    yield {"type": "end_turn"}
    for cards in sub_multisets(state.hands[seat] + ("AS",)):
        yield {"type": "discard", "cards": list(cards)}
    for card, target, stack in product(hand, seats, stacks):
        yield {"type": "spank", "card": card, "seat": target, "stack": stack}
    for source, target in product(stacks, stacks):
        yield {"type": "move", "from": source, "to": target}
    for stack in stacks:
        yield {"type": "retire", "stack": stack}
    for card, stack in product(hand, stacks):
        yield {"type": "place", "card": card, "stack": stack}


@settings(max_examples=15, deadline=None)
@given(game_setups)
def test_legal_commands_lists_exactly_what_decide_accepts(setup):
    for state, seat, _, _, _ in play(setup):
        accepted = set()
        for command in candidates(state, seat):
            try:
                ENGINE.decide(state, seat, command, rng=random.Random(0))
            except IllegalCommand:
                continue
            accepted.add(canonical(command))
        legal = [canonical(command) for command in ENGINE.legal_commands(state, seat)]
        assert len(legal) == len(set(legal)), "a command is listed twice"
        assert set(legal) == accepted


def _positions():
    """Positions from the middle of a few games, for throwing garbage at."""
    positions = []
    for seed, players, options in [(1, 2, {}), (2, 5, {"sequence": True}), (3, 9, {"two_set": "half"})]:
        setup = {"seed": seed, "players": players, "options": options}
        for index, (state, *_rest) in enumerate(play(setup)):
            if index % 7 == 0:
                positions.append(state)
    return positions


POSITIONS = _positions()
CARDS = ["9S", "10H", "JD", "QC", "KS", "AH", "2C", "7D", "8S", "JK", "13D"]
scalars = (st.none() | st.booleans() | st.integers(-3, 12) | st.floats() | st.text(max_size=4)
           | st.sampled_from(CARDS))
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)
field_values = st.integers(-2, 10) | st.sampled_from(CARDS) | json_values
garbage_commands = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {"type": st.sampled_from(TYPES) | st.text(max_size=8) | json_values},
        optional={
            "cards": st.lists(st.sampled_from(CARDS) | field_values, max_size=6) | field_values,
            "card": field_values, "seat": field_values, "stack": field_values,
            "from": field_values, "to": field_values,
        },
    ),
)


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(POSITIONS), garbage_commands, st.none() | st.integers(-1, 9) | json_values)
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


@settings(max_examples=20, deadline=None)
@given(game_setups)
def test_views_are_json_safe_and_show_no_other_hand(setup):
    for state, _, _, new_events, following in play(setup):
        for viewer in [None, *range(following.players)]:
            view = ENGINE.view(following, viewer)
            json.dumps(view)
            assert [("hand" in player) for player in view["players"]] == \
                [seat == viewer for seat in range(following.players)]
            for event in new_events:
                json.dumps(ENGINE.redact_event(event, viewer))

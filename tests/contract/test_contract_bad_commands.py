"""Bad commands (docs/engines.md, "The Decider"): unknown command types, missing or malformed fields, and out-of-range or
negative indexes raise IllegalCommand, never another exception, and change nothing; and the commands every
game shares (docs/engines.md, "Commands") are the system's and the host's, in every game."""

import copy
import functools
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contract.play import positions
from contract.profiles import profile_of
from games.engines import GAMES, IllegalCommand, get_engine
from games.engines.base import HOST, SYSTEM

pytestmark = pytest.mark.parametrize("game", GAMES)
CARDS = ["AS", "2H", "3D", "9C", "10H", "QS", "KD", "JK", "13D", "1S", "ZZ"]
scalars = st.none() | st.booleans() | st.integers(-3, 12) | st.floats() | st.text(max_size=4) | st.sampled_from(CARDS)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)
field_values = (
    st.integers(-2, 12)
    | st.sampled_from(CARDS)
    | st.lists(st.sampled_from(CARDS), max_size=5)
    | st.fixed_dictionaries(
        {}, optional={"card": st.sampled_from(CARDS) | json_values, "pile": st.integers(-1, 5) | json_values}
    )
    | st.lists(st.fixed_dictionaries({"card": st.sampled_from(CARDS), "pile": st.integers(-1, 5)}), max_size=4)
    | json_values
)


@functools.cache
def listed_values(game):
    """{field: the values it takes in the commands listed at the positions}, as JSON (to be hashable)."""
    engine, found = get_engine(game), {}
    for state in positions(game):
        for seat in range(engine.seat_count(state)):
            for command in engine.legal_commands(state, seat):
                for key, value in command.items():
                    found.setdefault(key, set()).add(json.dumps(value, sort_keys=True))
    return {key: sorted(values) for key, values in found.items()}


@st.composite
def garbage_commands(draw, game, state):
    """Anything at all; or a command of one of the game's types (or none) with some of its fields (or others)
    set to anything, or to a value that field takes in a listed command; or a listed command with fields
    left out or spoiled."""
    engine, profile = get_engine(game), profile_of(game)
    shape = draw(st.sampled_from(["anything", "typed", "listed"]))
    if shape == "anything":
        return draw(json_values)
    listed = [command for seat in range(engine.seat_count(state)) for command in engine.legal_commands(state, seat)]
    if shape == "listed" and listed:
        command = dict(draw(st.sampled_from(listed)))
        for field in draw(st.lists(st.sampled_from(sorted(command)), max_size=2, unique=True)):
            if draw(st.booleans()):
                del command[field]
            else:
                command[field] = draw(field_value(game, field))
        return command
    kind = draw(st.sampled_from(sorted(engine.commands)) | st.text(max_size=8) | json_values)
    fields = profile.fields.get(kind, []) if isinstance(kind, str) else []
    others = sorted({field for names in profile.fields.values() for field in names} | {"seat", "ruling", "countdown"})
    command = {"type": kind}
    names = (st.sampled_from(fields) if fields else st.nothing()) | st.sampled_from(others)
    for field in draw(st.lists(names, max_size=5, unique=True)):
        command[field] = draw(field_value(game, field))
    return command


def field_value(game, field):
    listed = listed_values(game).get(field)
    return (st.sampled_from(listed).map(json.loads) if listed else st.nothing()) | field_values


def refused_or_listed(engine, profile, state, seat, command):
    """decide refuses the command with IllegalCommand, or (from a seat) it is one of the listed ones, or one
    of the seat's commands that are no move of the game (resign, take back: bots never give them, so they
    are offered apart, by seat_commands_now); either way the state is left alone."""
    snapshot = copy.deepcopy(state)
    try:
        new_events = engine.decide(state, seat, command, rng=random.Random(0))
    except IllegalCommand as refusal:
        assert str(refusal).strip(), "a refusal carries a sentence"
    else:
        json.dumps(new_events)
        if seat is not None:
            seat_commands = {entry["command"]["type"] for entry in engine.seat_commands_now(state, seat)}
            if command["type"] not in seat_commands:
                assert profile.canonical(command) in {profile.canonical(c) for c in engine.legal_commands(state, seat)}
    assert state == snapshot


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_garbage_commands_only_ever_raise_illegal_command(game, data):
    engine, profile = get_engine(game), profile_of(game)
    state = data.draw(st.sampled_from(positions(game)))
    command = data.draw(garbage_commands(game, state))
    seat = data.draw(st.sampled_from(["to act", "to act", None]) | st.integers(-1, 9) | json_values)
    if seat == "to act":
        seat = getattr(state, "to_move", None)
    refused_or_listed(engine, profile, state, seat, command)


def spoiled(value):
    """Each way to spoil one field of a command: a negative or out-of-range number, a card no deck has,
    a list with such a card in it; nested objects (fills) field by field."""
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int):
        yield -1
        yield 99
    elif isinstance(value, str):
        yield "ZZ"
    elif isinstance(value, list):
        yield value + ["ZZ"]
        for index, item in enumerate(value):
            for bad in spoiled(item):
                yield value[:index] + [bad] + value[index + 1 :]
    elif isinstance(value, dict):
        for key, item in value.items():
            for bad in spoiled(item):
                yield {**value, key: bad}


def test_a_listed_command_with_a_field_out_of_range_negative_or_no_card_is_refused(game):
    engine = get_engine(game)
    sampler = random.Random(0)
    for state in positions(game):
        for seat in range(engine.seat_count(state)):
            legal = engine.legal_commands(state, seat)
            for command in sampler.sample(legal, min(len(legal), 5)):
                for key, value in command.items():
                    for bad in spoiled(value) if key != "type" else ():
                        with pytest.raises(IllegalCommand):
                            engine.decide(state, seat, {**command, key: bad}, rng=random.Random(0))


@pytest.mark.parametrize(
    "command",
    [None, "end_turn", ["pass"], 7, {}, {"type": None}, {"type": 3}, {"type": "no_such_command"}, {"type": "PASS"}],
)
def test_unknown_types_and_commands_that_are_no_object_are_refused(game, command):
    engine = get_engine(game)
    for state in positions(game)[:3]:
        for seat in (None, 0, getattr(state, "to_move", None)):
            with pytest.raises(IllegalCommand):
                engine.decide(state, seat, command, rng=random.Random(0))


def test_every_game_takes_the_systems_turn_timeout_and_the_hosts_abandon_and_carry_on_from_no_seat(game):
    engine = get_engine(game)
    shared = {"turn_timeout": SYSTEM, "abandon": HOST, "carry_on": HOST}
    assert {kind: engine.sender_of({"type": kind}) for kind in shared} == shared
    state = positions(game)[0]
    for command in (
        {"type": "turn_timeout", "seat": getattr(state, "to_move", 0)},
        {"type": "abandon"},
        {"type": "carry_on"},
    ):
        with pytest.raises(IllegalCommand):
            engine.decide(state, 0, command, rng=random.Random(0))

"""Shared fixtures for the Spank! engine tests.

Positions are written compactly: a hand is a string of card codes ("9S 10H
QD"), a seat's stacks are five such strings in run order ("" is an empty
stack).
"""

import random
from dataclasses import replace

import pytest

from games.engines import get_engine
from games.engines.spank.options import parse_options
from games.engines.spank.state import UPKEEP, State


def cards(text):
    return tuple(text.split())


@pytest.fixture(scope="session")
def engine():
    return get_engine("spank")


@pytest.fixture(scope="session")
def deal(engine):
    """Start a game from a stacked deck given seat by seat as (hand, stacks) strings."""

    def start(*seats, stock="", options=None, seed=0):
        deck = []
        for hand, stacks in seats:
            deck += list(cards(hand)) + list(cards(stacks))
        deck += list(cards(stock))
        events = engine.start(len(seats), options=options, deck=deck, rng=random.Random(seed))
        return events, engine.fold(events)

    return start


@pytest.fixture(scope="session")
def position():
    """An exact mid-game position, seat ``to_move`` at the start of its turn (after Score)."""

    def make(hands, stacks, *, stock="", discard="", scores=None, to_move=0, step=UPKEEP, options=None, **more):
        players = len(hands)
        state = State(
            players=players,
            options=parse_options(options),
            hands=tuple(cards(hand) for hand in hands),
            stacks=tuple(tuple(cards(stack) for stack in seat_stacks) for seat_stacks in stacks),
            stock=cards(stock),
            discard=cards(discard),
            scores=tuple(scores or (0,) * players),
            first=0,
            turn=1,
            to_move=to_move,
            step=step,
        )
        return replace(state, **more)

    return make


@pytest.fixture(scope="session")
def act(engine):
    """Decide a command and apply its events: (events, new state)."""

    def play(state, seat, command, seed=0):
        events = engine.decide(state, seat, command, rng=random.Random(seed))
        return events, engine.fold(events, state)

    return play

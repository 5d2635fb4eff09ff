"""Shared fixtures for the Spite & Malice engine tests.

Positions are written compactly: a hand or a pile is a string of card codes
("7H 9D JK"); a row of piles (a seat's four discard piles, the four play
slots) is one string with the piles separated by "|", bottom card first
("AS 5H | | QC | QD"), or a list of four such strings. Win piles and the draw
pile are written top card first.
"""

import copy
import random
from collections import Counter
from dataclasses import replace

import pytest
from sm_helpers import cards, row

from games.engines import IllegalCommand, get_engine
from games.engines.spite_and_malice.deck import full_deck
from games.engines.spite_and_malice.options import parse_options
from games.engines.spite_and_malice.state import State

# Cards that a helper may use to pad a stacked win pile: nothing that plays early.
FILLER = [rank + suit for rank in ("9", "10", "J", "Q", "8", "7", "6") for suit in "SHDC"]
DEFAULT_DISCARDS = "QC | QD | QH | QS"
DEFAULT_WIN = "KC KD KH KS KC"
DEFAULT_DRAW = "9C 9D 9H 9S 8C 8D 8H 8S 7C 7D"


@pytest.fixture(scope="session")
def engine():
    return get_engine("spite_and_malice")


@pytest.fixture(scope="session")
def stacked(engine):
    """A stacked deck (top card first) from the seats' blocks and the draw pile's top cards.

    Each seat is (hand, discards, win): five hand cards, four discard cards
    (piles 0 to 3), and the win pile top first. A win pile shorter than the
    game's is padded with filler cards under the given ones.
    """

    def build(*seats, draw="", options=None):
        opts = parse_options(options, len(seats))
        left = Counter(full_deck(opts))
        deck = []
        for hand, discards, win in seats:
            hand, discards, win = list(cards(hand)), list(cards(discards)), list(cards(win))
            assert len(hand) == 5 and len(discards) == 4 and len(win) <= opts.win_pile
            deck += hand + discards + win
            deck += [None] * (opts.win_pile - len(win))
        deck += list(cards(draw))
        left.subtract(card for card in deck if card is not None)
        padding = iter([card for card in FILLER for _ in range(max(left[card], 0))])
        return [card if card is not None else next(padding) for card in deck]

    return build


@pytest.fixture(scope="session")
def deal(engine, stacked):
    """Start a game from a stacked deck given seat by seat: (events, state)."""

    def start(*seats, draw="", options=None, seed=0):
        deck = stacked(*seats, draw=draw, options=options)
        events = engine.start(len(seats), options=options, deck=deck, rng=random.Random(seed))
        return events, engine.fold(events)

    return start


@pytest.fixture(scope="session")
def position():
    """An exact mid-game position, seat ``to_move`` at the start of its turn (after its draw).

    ``hands`` holds one string a seat; ``discards`` one row a seat; ``win`` one
    string a seat (top first); ``play`` is the row of the four slots.
    """

    def make(
        hands,
        *,
        discards=None,
        win=None,
        draw=DEFAULT_DRAW,
        play=" | | | ",
        retired="",
        to_move=0,
        options=None,
        **more,
    ):
        players = len(hands)
        state = State(
            players=players,
            options=parse_options(options, players),
            hands=tuple(cards(hand) for hand in hands),
            discards=tuple(row(seat) for seat in (discards or [DEFAULT_DISCARDS] * players)),
            win_piles=tuple(cards(pile) for pile in (win or [DEFAULT_WIN] * players)),
            draw_pile=cards(draw),
            play_piles=row(play),
            retired=cards(retired),
            first=0,
            to_move=to_move,
            turn=7,
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


@pytest.fixture(scope="session")
def refused(engine):
    """Assert that decide refuses the command with IllegalCommand and leaves the state alone;
    the refusal's message (a sentence for the player) is returned."""

    def check(state, seat, command, words=""):
        snapshot = copy.deepcopy(state)
        with pytest.raises(IllegalCommand) as caught:
            engine.decide(state, seat, command, rng=random.Random(0))
        message = str(caught.value)
        assert message.strip(), "an IllegalCommand must carry a sentence"
        assert words.lower() in message.lower()
        assert state == snapshot
        return message

    return check

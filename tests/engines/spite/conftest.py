"""Shared fixtures for the Spite engine tests: strict mode unless a test's options say "table".

Two ways to an exact position:

- ``deal``: a real start from a stacked deck, given seat by seat (11 cards a
  seat, then the bounty, then the deck's top cards), as the contract deals.
- ``position``: a started match whose state is rewritten with
  ``dataclasses.replace``: any hands (of any size), a trick in progress, the
  direction, passed seats, scores, the buy-back counter and so on.
"""

import copy
import random
from collections import Counter
from dataclasses import replace

import pytest
from spite_helpers import FULL_DECK, cards

from games.engines import IllegalCommand, get_engine
from games.engines.spite.hands import classify
from games.engines.spite.state import PLAYING, Play, Trick
from games.engines.spite.trick import with_play

# Cards a short stacked hand is padded with: high ranks only, so the opening's ask (3s, 4s, ...)
# is decided by the cards a test names.
FILLER = [r + s for r in ("2", "A", "K", "Q", "J", "12", "11", "10", "9") for s in "SHDC"]
# A known deck for positions: what buy backs draw, top first.
DEFAULT_DECK = "4C 5C 6C 8C 9C 10C 4D 5D 6D 8D 9D 10D 4S 5S 6S 8S 9S 10S"


@pytest.fixture(scope="session")
def engine():
    return get_engine("spite")


@pytest.fixture(scope="session")
def stacked():
    """A stacked deck (top card first): each seat's hand (padded to 11 with high filler cards), then
    the bounty card (if given), then the deck's top cards."""

    def build(*hands, bounty=None, deck=""):
        named = [card for hand in hands for card in cards(hand)] + ([bounty] if bounty else []) + cards(deck)
        left = FULL_DECK - Counter(named)
        padding = iter([card for card in FILLER for _ in range(left[card])])
        result = []
        for hand in hands:
            hand = cards(hand)
            assert len(hand) <= 11, f"a hand is 11 cards: {hand}"
            result += hand + [next(padding) for _ in range(11 - len(hand))]
        if bounty:
            result.append(bounty)
        return result + cards(deck)

    return build


@pytest.fixture(scope="session")
def deal(engine, stacked):
    """Start a match from a stacked deck given seat by seat: (events, state)."""

    def start(*hands, bounty=None, deck="", options=None, seed=0):
        events = engine.start(
            len(hands),
            options=strict_unless_told(options),
            deck=stacked(*hands, bounty=bounty, deck=deck),
            rng=random.Random(seed),
        )
        return events, engine.fold(events)

    return start


_UNSET = object()


def strict_unless_told(options):
    """Most tests check the rules by their refusals, which strict mode gives; table mode is the default."""
    return {"misplays": "strict", **(options or {})}


@pytest.fixture(scope="session")
def position(engine):
    """An exact position in the playing phase of a round.

    ``hands``: one string a seat. ``plays``: the trick so far, as (seat, "cards") or
    (seat, "cards", announce); its arity is the first play's size and its top the last play,
    unless ``arity``/``top`` are given (``top`` as a card string, or None for a reset).
    ``passed``: seats that passed in this trick; ``options`` go to ``start``. Consecutives formed by
    ``plays`` are in force (each play taken as made in ``direction``). Anything else is a State field.
    """

    def make(
        hands,
        *,
        to_move=0,
        plays=(),
        direction="higher",
        passed=(),
        deck=DEFAULT_DECK,
        discard="",
        bounty="9H",
        round=1,
        scores=None,
        buy_backs=0,
        places=None,
        arity=_UNSET,
        top=_UNSET,
        leader=None,
        last_play_joker=None,
        finish_history=(),
        options=None,
        **more,
    ):
        players = len(hands)
        base = engine.fold(engine.start(players, options=strict_unless_told(options), rng=random.Random(0)))
        trick_plays = []
        for number, entry in enumerate(plays, start=1):
            seat, text = entry[0], entry[1]
            announce = entry[2] if len(entry) > 2 else None
            trick_plays.append(
                Play(id=number, seat=seat, cards=tuple(cards(text)), hand=classify(cards(text)), announce=announce)
            )
        if arity is _UNSET:
            arity = len(trick_plays[0].cards) if trick_plays else None
            assert not any(p.hand.is_joker for p in trick_plays), "give arity and top for a trick with jokers"
        if top is _UNSET:
            top = trick_plays[-1].hand if trick_plays else None
        elif top is not None:
            top = classify(cards(top))
        built = Trick()
        for entry in trick_plays:  # arity, top and consecutives as the engine keeps them
            built = with_play(built, replace(entry, direction=direction))
        trick = replace(
            built,
            leader=leader if leader is not None else (trick_plays[0].seat if trick_plays else to_move),
            arity=arity,
            top=top,
            passed=frozenset(passed),
        )
        return replace(
            base,
            round=round,
            phase=PLAYING,
            hands=tuple(tuple(cards(hand)) for hand in hands),
            deck=tuple(cards(deck)),
            discard=tuple(cards(discard)),
            bounty=bounty,
            direction=direction,
            buy_backs=buy_backs,
            trick=trick,
            to_move=to_move,
            ask=None,
            declined=frozenset(),
            places=tuple(places) if places is not None else (None,) * players,
            last_play_joker=tuple(last_play_joker) if last_play_joker is not None else (False,) * players,
            next_play_id=len(trick_plays) + 1,
            scores=tuple(scores) if scores is not None else (0,) * players,
            finish_history=tuple(tuple(p) for p in finish_history),
            **more,
        )

    return make


@pytest.fixture(scope="session")
def act(engine):
    """Decide a command and apply its events: (events, new state). Checks that decide left the
    state alone and that fold over the events equals evolving them one by one."""

    def run(state, seat, command, rng=None, seed=0):
        snapshot = copy.deepcopy(state)
        events = engine.decide(state, seat, command, rng=rng if rng is not None else random.Random(seed))
        assert state == snapshot, "decide changed the state"
        following = state
        for event in events:
            following = engine.evolve(following, event)
        assert engine.fold(events, state) == following
        return events, following

    return run


@pytest.fixture(scope="session")
def refused(engine):
    """Assert that decide refuses the command with IllegalCommand (a readable sentence) and leaves
    the state alone; returns the message."""

    def check(state, seat, command, words=""):
        snapshot = copy.deepcopy(state)
        with pytest.raises(IllegalCommand) as caught:
            engine.decide(state, seat, command, rng=random.Random(0))
        message = str(caught.value)
        assert message.strip(), "an IllegalCommand must carry a sentence"
        assert words.lower() in message.lower(), message
        assert state == snapshot
        return message

    return check

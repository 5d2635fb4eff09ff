"""Climb, the tests' own game (tests/fixture_game/), for the contract checks and the tests that run over
every installed game."""

import json

from tests.fixture_game.engine import _APPLY, FULL_DECK

from .hidden import hands_and

FIELDS = {"play": ["card"], "take": [], "pass": [], "hurry": []}
EXTRA_CARDS = ("AS", "2H", "JK", "1S")  # cards a seat may not hold (or no pack has), to try anyway


def setup(rng):
    return rng.randint(2, 4), {"hand_size": rng.choice([None, 2, 3, 5])}


def choose(rng, legal):
    """A command type at random, then one of that type."""
    kind = rng.choice(sorted({command["type"] for command in legal}))
    return rng.choice([command for command in legal if command["type"] == kind])


def canonical(command):
    kind = command["type"]
    return json.dumps({"type": kind, **{field: command[field] for field in FIELDS.get(kind, [])}}, sort_keys=True)


def candidates(state, seat):
    for code in sorted(set(state.hands[seat])) + list(EXTRA_CARDS):
        yield {"type": "play", "card": code}
    yield from ({"type": "take"}, {"type": "pass"}, {"type": "hurry"})


def check_view(view):
    assert isinstance(view["stock_count"], int) and isinstance(view["pile"], list)
    assert view["top"] == (view["pile"][-1] if view["pile"] else None)


def dealt(view, seat):
    """A seat's block of the deal is its hand alone."""
    return view["players"][seat]["hand"], []


def check_after_deal(view, rest):
    assert view["stock_count"] == len(rest)  # the rest is the stock


def known(state, seat):
    """What a seat (None: a watcher) may know from the full state: the pile, and its own hand."""
    return set(state.pile) | (set(state.hands[seat]) if seat is not None else set())


def public_in_events(event):
    """A card played is face up for everyone, even once the pile it went on is cleared."""
    return {event["card"]} if event["type"] == "played" else set()


PROFILE = dict(
    setup=setup,
    choose=choose,
    canonical=canonical,
    candidates=candidates,
    fields=FIELDS,
    view_keys=frozenset({"pile", "top", "stock_count", "hurry"}),
    player_keys=frozenset({"hand_count"}),
    check_view=check_view,
    full_deck=lambda players, options: list(FULL_DECK),
    dealt=dealt,
    check_after_deal=check_after_deal,
    bad_options=[{"hand_size": True}, {"hand_size": 1.0}],
    short=(3, {}),
    known=known,
    public_in_events=public_in_events,
    redeal=hands_and("stock"),
    event_types=frozenset(_APPLY),
)

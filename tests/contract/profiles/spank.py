"""Spank! for the contract checks."""

import json
from itertools import product

from games.engines.spank.deck import full_deck as spank_deck
from games.engines.spank.evolve import _APPLY
from games.engines.spank.legal import sub_multisets
from games.engines.spank.options import parse_options

from .hidden import hands_and

# Each command type's fields (docs/engines.md).
FIELDS = {
    "discard": ["cards"],
    "spank": ["card", "seat", "stack"],
    "move": ["from", "to"],
    "retire": ["stack"],
    "place": ["card", "stack"],
    "end_turn": [],
}


def setup(rng):
    return rng.randint(2, 9), {"sequence": rng.random() < 0.5, "two_set": rng.choice([None, "full", "half"])}


def choose(rng, legal):
    """First a command type, then one of that type (so that the many upkeep discards do not crowd out
    everything else)."""
    kind = rng.choice(sorted({command["type"] for command in legal}))
    return rng.choice([command for command in legal if command["type"] == kind])


def canonical(command):
    """A command reduced to the fields its type uses, with discards sorted."""
    reduced = {"type": command["type"], **{field: command[field] for field in FIELDS[command["type"]]}}
    if "cards" in reduced:
        reduced["cards"] = sorted(reduced["cards"])
    return json.dumps(reduced, sort_keys=True)


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


def check_view(view):
    for player in view["players"]:
        assert len(player["stacks"]) == 5 and all(isinstance(stack, list) for stack in player["stacks"])


def dealt(view, seat):
    """Hand (5), then stacks 0-4 (1 each)."""
    own = view["players"][seat]
    return own["hand"], [stack[0] for stack in own["stacks"]]


def check_after_deal(view, rest):
    assert view["stock_count"] == len(rest)  # the rest is the stock


def known(state, seat):
    """What a seat (None: a watcher) may know from the full state: the stacks, the discard pile, its hand."""
    known = {card for stacks in state.stacks for stack in stacks for card in stack} | set(state.discard)
    return known | (set(state.hands[seat]) if seat is not None else set())


PROFILE = dict(
    setup=setup,
    choose=choose,
    canonical=canonical,
    candidates=candidates,
    fields=FIELDS,
    view_keys=frozenset({"phase", "stock_count"}),
    player_keys=frozenset({"score", "stacks", "hand_count"}),
    check_view=check_view,
    full_deck=lambda players, options: spank_deck(players, parse_options(options)),
    dealt=dealt,
    check_after_deal=check_after_deal,
    bad_options=[{"sequence": "yes"}, {"sequence": 1}, {"two_set": "quarter"}, {"two_set": True}],
    short=(3, {}),
    known=known,
    redeal=hands_and("stock"),
    event_types=frozenset(_APPLY),
)

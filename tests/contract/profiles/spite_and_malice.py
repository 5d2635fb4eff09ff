"""Spite & Malice for the contract checks."""

import json
from dataclasses import replace
from itertools import combinations_with_replacement, product

from games.engines.spite_and_malice.deck import full_deck as sm_deck
from games.engines.spite_and_malice.evolve import _APPLY
from games.engines.spite_and_malice.options import parse_options

from .hidden import others
from .hidden import redeal as redeal_places

FIELDS = {"play": ["from", "card", "pile", "to"], "draw": [], "end_turn": ["fills", "discard"]}
STANDARD_DECKS = {2: 3, 3: 4, 4: 5}
EXTRA_CARDS = ("AS", "2H", "JK", "KD")  # cards a seat may not hold, to try anyway


def setup(rng):
    players = rng.randint(2, 4)
    return players, {"win_pile": rng.choice([5, 6, 8, 12]), "decks": STANDARD_DECKS[players] - rng.randint(0, 1)}


def choose(rng, legal, eagerness=0.85):
    """A random legal command that leans towards plays (win-pile plays first), so games finish:
    the many end_turn choices would otherwise crowd out everything else. With eagerness 0 the
    seat plays only when it must (the forced ace)."""
    plays = [command for command in legal if command["type"] == "play"]
    if eagerness <= 0:  # a lazy seat: withholds every play it may (a game of these stalemates)
        legal = [command for command in legal if command["type"] != "play"] or legal
        plays = []
    from_win = [command for command in plays if command["from"] == "win"]
    if from_win and rng.random() < eagerness:
        return rng.choice(from_win)
    if plays and rng.random() < eagerness:
        return rng.choice(plays)
    kind = rng.choice(sorted({command["type"] for command in legal}))
    return rng.choice([command for command in legal if command["type"] == kind])


def canonical(command):
    """A command reduced to the fields its type uses (fills sorted by pile), as a hashable string,
    so that {"type": "end_turn"} and {"type": "end_turn", "fills": [], "discard": None} compare equal."""
    kind = command["type"]
    if kind == "play":
        fields = {"hand": ["card", "to"], "win": ["to"], "discard": ["pile", "to"]}[command["from"]]
        reduced = {"type": kind, "from": command["from"], **{field: command[field] for field in fields}}
    elif kind == "end_turn":
        fills = sorted((fill["pile"], fill["card"]) for fill in command.get("fills") or [])
        discard = command.get("discard")
        if discard is not None:
            discard = {"card": discard["card"], "pile": discard["pile"]}
        reduced = {"type": kind, "fills": fills, "discard": discard}
    else:
        reduced = {"type": kind}
    return json.dumps(reduced, sort_keys=True)


def candidates(state, seat, limit=True):
    """Every command worth trying from the seat over small positions: all fields over all their sensible
    values, plus some out-of-range ones. None (with ``limit``) when the hand or the empty piles are too
    many to try every way to end the turn."""
    empty = [pile for pile, cards_ in enumerate(state.discards[seat]) if not cards_]
    if limit and (len(set(state.hands[seat])) > 3 or len(empty) > 2):
        return None
    return _candidates(state, seat, empty)


def _candidates(state, seat, empty):
    hand = sorted(set(state.hands[seat]))
    cards = hand + [card for card in EXTRA_CARDS if card not in hand]
    slots = range(-1, 5)
    yield {"type": "draw"}
    for card, to in product(cards, slots):
        yield {"type": "play", "from": "hand", "card": card, "to": to}
    for to in slots:
        yield {"type": "play", "from": "win", "to": to}
    for pile, to in product(range(-1, 5), slots):
        yield {"type": "play", "from": "discard", "pile": pile, "to": to}
    busy = [pile for pile in range(4) if pile not in empty][:1]
    fill_cards = hand + ["KD"]
    discards = [None] + [{"card": card, "pile": pile} for card, pile in product(hand + ["KD"], range(4))]
    for length in range(len(empty) + 2):
        for piles in combinations_with_replacement(empty + busy, length):
            for chosen in product(fill_cards, repeat=length):
                fills = [{"card": card, "pile": pile} for card, pile in zip(chosen, piles)]
                for discard in discards:
                    yield {"type": "end_turn", "fills": fills, "discard": discard}


def check_view(view):
    assert len(view["play_piles"]) == 4
    for pile in view["play_piles"]:
        assert pile is None or (isinstance(pile["cards"], list) and 1 <= pile["value"] <= 13)
    for player in view["players"]:
        assert len(player["discards"]) == 4 and all(isinstance(pile, list) for pile in player["discards"])


def dealt(view, seat):
    """Hand (5), discard piles 0-3 (1 each), win pile (its first card is the top, face up)."""
    own = view["players"][seat]
    return own["hand"], [pile[0] for pile in own["discards"]] + [own["win_top"]] + [None] * (own["win_count"] - 1)


def check_after_deal(view, rest):
    assert view["draw_count"] == len(rest)  # the rest is the draw pile


def known(state, seat):
    """What a seat (None: a watcher) may know from the full state: the discard and play piles, the retired
    cards (played face up), the win-pile tops and its hand."""
    known = {card for piles in state.discards for pile in piles for card in pile}
    known |= {card for pile in state.play_piles for card in pile} | set(state.retired)
    known |= {pile[0] for pile in state.win_piles if pile}
    return known | (set(state.hands[seat]) if seat is not None else set())


def redeal(state, seat, rng):
    """The other hands, the win piles under their tops and the draw pile dealt again."""
    other_seats = others(state, seat)
    places = [state.hands[other] for other in other_seats] + [pile[1:] for pile in state.win_piles] + [state.draw_pile]
    dealt = redeal_places(places, rng)
    hands = list(state.hands)
    for other, hand in zip(other_seats, dealt):
        hands[other] = hand
    unders = dealt[len(other_seats) : len(other_seats) + state.players]
    wins = tuple(pile[:1] + under for pile, under in zip(state.win_piles, unders))
    return replace(state, hands=tuple(hands), win_piles=wins, draw_pile=dealt[-1])


PROFILE = dict(
    setup=setup,
    choose=choose,
    canonical=canonical,
    candidates=candidates,
    fields=FIELDS,
    view_keys=frozenset({"play_piles", "draw_count"}),
    player_keys=frozenset({"win_top", "win_count", "discards", "hand_count"}),
    check_view=check_view,
    full_deck=lambda players, options: sm_deck(parse_options(options, players)),
    dealt=dealt,
    check_after_deal=check_after_deal,
    bad_options=[{"decks": 0}, {"decks": "3"}, {"win_pile": 0}, {"win_pile": True}],
    max_commands=5000,
    short=(2, {"win_pile": 5}),
    known=known,
    redeal=redeal,
    event_types=frozenset(_APPLY),
    # Filling empty discard piles: every way to fill them is too many to list.
    composed=lambda command: command["type"] == "end_turn" and command["fills"],
)

"""Helpers for the Spite engine tests (importable, unlike conftest).

Hands and piles are written as strings of card codes ("5S 5H 13D JK"). The
deck, the card order for the swap and the card counting are written out here
again from the rule text, so that the tests do not lean on the engine's own
tables.
"""

import json
import random
from collections import Counter

from contract.play import random_game
from contract.profiles.spite import choose

SUITS = "SHDC"
STANDARD = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# The single-card order (rules: "3 to 13, J, Q, K, A, 2"); the joker is above all for the swap.
ORDER = ("3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "J", "Q", "K", "A", "2")


def one_pack():
    """A 63-card pack: a regular 52-card deck, 11s and 12s of each suit, 13H, 13D and a joker."""
    return (
        [r + s for r in STANDARD for s in SUITS] + [r + s for r in ("11", "12") for s in SUITS] + ["13H", "13D", "JK"]
    )


FULL_DECK = Counter(one_pack() * 3)  # 189 cards


def cards(text):
    """A list of codes from "5S 5H 13D" (or a list, returned as a list)."""
    return list(text.split()) if isinstance(text, str) else list(text)


def kinds(events):
    return [event["type"] for event in events]


def of_type(events, kind):
    return [event for event in events if event["type"] == kind]


def rank_of(card):
    return card if card == "JK" else card[:-1]


def swap_key(card):
    """Lowest first: the single-card order, the joker highest; equal ranks S, H, D, C."""
    if card == "JK":
        return (len(ORDER), 0)
    return (ORDER.index(rank_of(card)), SUITS.index(card[-1]))


def lowest_first(hand):
    return sorted(hand, key=swap_key)


def highest_first(hand):
    return sorted(hand, key=lambda card: (-swap_key(card)[0], swap_key(card)[1]))


def every_card(state):
    """Every card of the round wherever it lies: hands, the trick, the deck, the discard, the cards a
    reward step is viewing and the bounty card (which is in neither the hands nor the deck), each
    counted once."""
    counted = Counter(state.deck) + Counter(state.discard)
    for hand in state.hands:
        counted.update(hand)
    for play in state.trick.plays:
        counted.update(play.cards + play.bonus_up)
    for held in state.bonus:
        counted.update(held)
    if state.reward is not None:  # table mode: cards viewed after the reward's count was declared
        counted.update(state.reward.viewed)
    if state.bounty is not None:
        counted[state.bounty] += 1
    return counted


def play(*codes, buy_back=None, announce=None, **more):
    """A play command: play("5S", "5H", buy_back=1)."""
    if len(codes) == 1 and " " in codes[0]:
        codes = tuple(codes[0].split())
    command = {"type": "play", "cards": list(codes)}
    if buy_back is not None:
        command["buy_back"] = buy_back
    if announce is not None:
        command["announce"] = announce
    command.update(more)
    return command


PASS = {"type": "pass"}
DECLINE = {"type": "decline"}


class StackedRandom(random.Random):
    """A random generator whose shuffles put the named cards on top, in the order given, and leave
    the rest in the order they came; everything else is seeded randomness. It lets a test fix the
    deal of round 2 and later rounds, which the engine always shuffles from all 189 cards."""

    def __init__(self, top, seed=0):
        super().__init__(seed)
        self.top = cards(top)

    def shuffle(self, items):
        rest = list(items)
        front = []
        for card in self.top:
            if card in rest:
                rest.remove(card)
                front.append(card)
        items[:] = front + rest


def json_round_trip(value):
    return json.loads(json.dumps(value))


def random_match(engine, players, options, seed, max_commands=4000, eagerness=0.7):
    """Yield (state, seat, command, new events, next state) through one random match, driving every
    seat that has a legal command (in the opening phase any such seat may act)."""
    options = {"misplays": "strict", **(options or {})}  # legal play only: strict mode refuses the rest
    return random_game(engine, players, options, seed, lambda rng, legal: choose(rng, legal, eagerness), max_commands)


# --- independent oracles for the end of a round (rules/spite.md: Scoring, Card Swapping) ---------


def points_for(place, players):
    """First out +2, second +1, second last -1, last -2 (three players: the middle gets +1 - 1)."""
    return (
        (2 if place == 0 else 0)
        + (1 if place == 1 else 0)
        - (1 if place == players - 2 else 0)
        - (2 if place == players - 1 else 0)
    )


def half_of(place, players):
    """ "top", "bottom", or None for the middle seat of an odd table (always in the other half)."""
    if players % 2 and place == players // 2:
        return None
    return "top" if place < players / 2 else "bottom"


def next_score(score, place, previous_place, players):
    """Decay by 1 towards 0; reset to 0 after changing halves (the middle seat always); add the points."""
    score = score - (score > 0) + (score < 0)
    if previous_place is not None:
        before, now = half_of(previous_place, players), half_of(place, players)
        if before is None or now is None or before != now:
            score = 0
    return score + points_for(place, players)


def expected_swap(hands, scores, last_places, deck):
    """The swap by the rule text and our rulings: (gave, took as sorted lists, from_deck, discarded sorted)."""
    players = len(hands)
    gave = []
    for hand, score in zip(hands, scores):
        if score > 0:
            gave.append(lowest_first(hand)[:score])
        elif score < 0:
            gave.append(highest_first(hand)[:-score])
        else:
            gave.append([])
    low = [card for seat in range(players) if scores[seat] > 0 for card in gave[seat]]
    high = [card for seat in range(players) if scores[seat] < 0 for card in gave[seat]]
    deck = list(deck)
    short = abs(len(low) - len(high))
    from_deck = deck[:short]
    if len(high) < len(low):
        high += from_deck
    else:
        low += from_deck
    place = {seat: index for index, seat in enumerate(last_places)}
    took = [[] for _ in range(players)]
    high = highest_first(high)
    for seat in sorted((s for s in range(players) if scores[s] > 0), key=lambda s: (-scores[s], place[s])):
        took[seat], high = high[: len(gave[seat])], high[len(gave[seat]) :]
    low = lowest_first(low)
    for seat in sorted((s for s in range(players) if scores[s] < 0), key=lambda s: (scores[s], -place[s])):
        took[seat], low = low[: len(gave[seat])], low[len(gave[seat]) :]
    return gave, [sorted(cards) for cards in took], from_deck, sorted(high + low)

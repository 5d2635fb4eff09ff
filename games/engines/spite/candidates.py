"""Every valid hand a seat could make from its cards, generated kind by kind.

Listing all subsets of a 19-card hand would mean tens of thousands of
classify calls; instead each kind is built from the values the seat holds
(same-value hands, straights by window, flushes by suit, full houses and
four-of-a-kinds from two values), and classify settles what each one is.
"""

from collections import defaultdict
from itertools import combinations, product

from ..cards import JOKER, rank, suit
from ..errors import IllegalCommand
from .hands import NUMERIC, WILD, classify


def possible_hands(cards, sizes=None):
    """The distinct valid hands (Hand values) among ``cards``; ``sizes``: only hands of these sizes (joker hands always)."""
    found = {}
    for combo in _candidates(tuple(cards), sizes):
        if combo not in found:
            try:
                found[combo] = classify(list(combo))
            except IllegalCommand:
                found[combo] = None
    return [hand for hand in found.values() if hand is not None]


def _candidates(cards, sizes):
    by_value = defaultdict(list)
    for card in cards:
        if card != JOKER:
            by_value[rank(card)].append(card)
    wilds = sorted(by_value.get(WILD, []))
    wanted = set(range(1, 6)) if sizes is None else set(sizes)
    if JOKER in cards:
        yield (JOKER,)
    for value, naturals in by_value.items():
        yield from _joker_hands(naturals)
        yield from _same_value(value, naturals, wilds, wanted)
    if 5 in wanted:
        yield from _straights(by_value, wilds)
        yield from _flushes(cards)
        yield from _two_values(by_value, wilds)


def _multisets(pool, size):
    return {tuple(sorted(combo)) for combo in combinations(sorted(pool), size)}


def _same_value(value, naturals, wilds, wanted):
    pool = naturals if value == WILD else naturals + wilds
    for size in sorted(wanted & {1, 2, 3, 4}):
        for combo in _multisets(pool, size):
            if any(rank(card) == value for card in combo):
                yield combo


def _joker_hands(naturals):
    for size in range(5, len(naturals) + 1):
        yield from _multisets(naturals, size)


def _straights(by_value, wilds):
    for start in range(len(NUMERIC) - 4):
        window = NUMERIC[start : start + 5]
        choices = [sorted(set(by_value.get(value, []))) + [None] for value in window]
        for picked in product(*choices):
            naturals = [card for card in picked if card is not None]
            gaps = 5 - len(naturals)
            if naturals and gaps <= len(wilds):
                for fill in _multisets(wilds, gaps):
                    yield tuple(sorted(naturals + list(fill)))


def _flushes(cards):
    by_suit = defaultdict(list)
    for card in cards:
        if card != JOKER:
            by_suit[suit(card)].append(card)
    for pool in by_suit.values():
        yield from _multisets(pool, 5)


def _two_values(by_value, wilds):
    """Full houses and four-of-a-kinds: cards of at most two values, plus wild 13s."""
    values = [value for value in by_value if value != WILD]
    for index, first in enumerate(values):
        for second in values[index:]:
            pool = by_value[first] + (by_value[second] if second != first else []) + wilds
            for combo in _multisets(pool, 5):
                if any(rank(card) != WILD for card in combo):
                    yield combo
        # four of a kind with a 13 or a card of any other value as the kicker
        others = [card for value, group in by_value.items() if value != first for card in group]
        for combo in _multisets(by_value[first] + wilds, 4):
            for kicker in set(_without(others, combo)):
                yield tuple(sorted(combo + (kicker,)))


def _without(cards, used):
    rest = list(cards)
    for card in used:
        if card in rest:
            rest.remove(card)
    return rest

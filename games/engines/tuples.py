"""Small helpers for immutable states: tuples with one entry replaced, multisets of cards minus some."""

from dataclasses import replace


def replace_at(items, index, value):
    """A copy of the tuple with one entry replaced."""
    return items[:index] + (value,) + items[index + 1 :]


def without(cards, removed):
    """The cards without the removed ones, one copy each (multiset-wise); ValueError if one is missing."""
    remaining = list(cards)
    for card in removed:
        remaining.remove(card)
    return tuple(remaining)


def with_hand(state, seat, hand):
    """The state with one seat's hand replaced (every game's state has ``hands``)."""
    return replace(state, hands=replace_at(state.hands, seat, tuple(hand)))

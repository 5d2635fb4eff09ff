"""Every command the seat to move may give now, each once (equal cards are one choice)."""

from itertools import combinations, permutations

from ..tuples import without
from .deck import DISCARD_PILES
from .piles import playable_ace, plays
from .turns import empty_discards, end_needs, may_draw


def is_to_move(state, seat):
    return (
        state is not None
        and not state.over
        and isinstance(seat, int)
        and not isinstance(seat, bool)
        and seat == state.to_move
    )


def legal_commands(state, seat):
    if not is_to_move(state, seat):
        return []
    return _plays_and_draw(state, seat) + list(end_turns(state, seat))


def board_commands(state, seat):
    """The legal commands for the table page: the same, but one end of turn stands for all that fill piles.

    Filling four empty piles from a long hand can be done in tens of
    thousands of ways; the page composes that command itself.
    """
    if not is_to_move(state, seat):
        return []
    endings = end_turns(state, seat)
    first = next(endings, None)
    if first is None or first["fills"]:
        return _plays_and_draw(state, seat) + ([first] if first else [])
    return _plays_and_draw(state, seat) + [first, *endings]


def _plays_and_draw(state, seat):
    return plays(state, seat) + ([{"type": "draw"}] if may_draw(state, seat) else [])


def end_turns(state, seat):
    """Every way to end the turn now (a generator): hand cards to the piles they must fill, then each discard."""
    if playable_ace(state, seat) or may_draw(state, seat):
        return
    fills_needed, discard_needed = end_needs(state, seat)
    empty = empty_discards(state, seat)
    hand = state.hands[seat]
    for piles in _pile_choices(empty, fills_needed):
        for fill_cards in _distinct(permutations(hand, fills_needed)):
            fills = [{"card": card, "pile": pile} for card, pile in zip(fill_cards, piles)]
            for discard in _discards(without(hand, fill_cards), discard_needed):
                yield {"type": "end_turn", "fills": fills, "discard": discard}


def _pile_choices(empty, count):
    """Which empty piles get filled: all of them, or (with nothing to draw) any ``count`` of them."""
    return list(combinations(empty, count))


def _discards(rest, discard_needed):
    if not discard_needed:
        return [None]
    return [{"card": card, "pile": pile} for card in sorted(set(rest)) for pile in range(DISCARD_PILES)]


def _distinct(items):
    seen = set()
    for item in items:
        if item not in seen:
            seen.add(item)
            yield item

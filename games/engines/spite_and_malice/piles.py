"""The four shared play piles: what may go on them, and what a seat may play from."""

from ..cards import JOKER
from .deck import KING, MAX_JOKERS_PER_PILE, PLAY_SLOTS, is_ace, value


def pile_value(pile):
    """The value of a pile's top: its length, since it starts at 1 and rises by one a card."""
    return len(pile)


def refusal(pile, card):
    """Why ``card`` may not go on ``pile`` (a sentence), or None if it may."""
    if not pile:
        if is_ace(card):
            return None
        if card == JOKER:
            return "A joker is never an ace: an empty slot takes only a natural ace."
        return f"An empty slot takes only a natural ace, not {card}."
    wanted = pile_value(pile) + 1
    if card == JOKER:
        if pile.count(JOKER) >= MAX_JOKERS_PER_PILE:
            return f"This pile already holds {MAX_JOKERS_PER_PILE} jokers, the most one pile may hold."
        return None
    if value(card) != wanted:
        return f"This pile needs a {_name(wanted)}; {card} is not one."
    return None


def fits(pile, card):
    return refusal(pile, card) is None


def completes(pile):
    """A pile that has reached the king leaves its slot at once."""
    return pile_value(pile) == KING


def free_slot(state):
    return any(not pile for pile in state.play_piles)


def sources(state, seat):
    """What the seat may play from now: (command fields, card) pairs, equal hand cards once."""
    found = []
    for card in sorted(set(state.hands[seat])):
        found.append(({"from": "hand", "card": card}, card))
    if state.win_piles[seat]:
        found.append(({"from": "win"}, state.win_piles[seat][0]))
    for pile, cards in enumerate(state.discards[seat]):
        if cards:
            found.append(({"from": "discard", "pile": pile}, cards[-1]))
    return found


def playable_ace(state, seat):
    """The forced ace: a natural ace the seat could play while a slot is free."""
    return free_slot(state) and any(is_ace(card) for _, card in sources(state, seat))


def plays(state, seat):
    """Every play the seat may make now, as commands."""
    return [
        {"type": "play", **fields, "to": slot}
        for fields, card in sources(state, seat)
        for slot in range(PLAY_SLOTS)
        if fits(state.play_piles[slot], card)
    ]


_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}


def _name(wanted):
    return _NAMES.get(wanted, str(wanted))

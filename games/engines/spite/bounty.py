"""The bounty card: turning it (a joker goes back into the deck), and claiming it by going out on its value."""

from ..cards import JOKER, rank
from ..fairness import committed
from .hands import sole_natural_value


def turn_bounty(deck, rng):
    """(bounty, deck left, jokers returned): the top card is turned; a joker goes back at a random place.

    An empty deck (or one of only jokers) turns no bounty.
    """
    deck = list(deck)
    returned = 0
    while deck and deck[0] == JOKER and any(card != JOKER for card in deck):
        returned += 1
        deck = deck[1:]
        insert_at = rng.randrange(len(deck) + 1)
        deck = deck[:insert_at] + [JOKER] + deck[insert_at:]
    if not deck or deck[0] == JOKER:
        return None, deck, returned
    return deck[0], deck[1:], returned


def goes_out(state, play):
    """Whether the play empties the seat's regular hand (a buy back that draws a card does not)."""
    left = len(state.hands[play.seat]) - len(play.cards)
    drawn = min(play.buy_back or 0, len(state.deck))
    return left + drawn == 0


def entitlement(state, play):
    """How many fake jokers the play claims by right: going out with only natural cards of the bounty's value."""
    if state.bounty is None or play.hand is None or not goes_out(state, play):
        return 0
    if sole_natural_value(play.hand) != rank(state.bounty):
        return 0
    return play.hand.size


def claim_refusal(state, play):
    """Why the play's ``bounty_claim`` is wrong (a sentence), or None."""
    due = entitlement(state, play)
    claimed = play.bounty_claim or 0
    if claimed == due:
        return None
    if due == 0:
        return "Only going out with natural cards of the bounty's value claims the bounty."
    return (
        f"A seat going out on the bounty with {due} card{'s' if due > 1 else ''} of its value must "
        f"claim {due} fake joker{'s' if due > 1 else ''}."
    )


def claimed_event(state, seat, count, rng):
    """The ``bounty_claimed`` event: fakes from the pile, any shortfall from the deck's top, a new bounty turned
    (a joker turned goes back into the deck at random: the new order is committed to)."""
    fakes = list(state.fake_pile[:count])
    from_deck = list(state.deck[: count - len(fakes)])
    bounty, deck, returned = turn_bounty(state.deck[len(from_deck) :], rng)
    claimed = {
        "type": "bounty_claimed",
        "seat": seat,
        "count": count,
        "fakes": fakes,
        "from_deck": from_deck,
        "discarded": state.bounty,
        "bounty": bounty,
        "deck": deck,
        "jokers_returned": returned,
    }
    if not returned:  # no joker went back at a random place: the deck's order is the dealt one
        return claimed
    return committed(claimed, ("bounty", "deck"), "the deck with a joker put back at random", rng)

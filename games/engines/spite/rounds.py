"""Rounds: the deal and bounty, the card swap, who leads, and the scores at the end of a round."""

from ..base import default_rng
from ..cards import JOKER, build_deck, rank
from ..fairness import committed
from .bounty import turn_bounty
from .deck import FULL_DECK, HAND_SIZE, highest_first, lowest_first
from .hands import ORDER


def deal(state, rng, stacked=None):
    """The ``dealt`` event of the next round: 11 cards a seat, then the bounty (a joker goes back in),
    with a commitment to the order."""
    rng = default_rng(rng)
    cards = build_deck(FULL_DECK, stacked, rng)
    players = state.players
    hands = [cards[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(players)]
    deck = cards[players * HAND_SIZE :]
    bounty, deck, returned = turn_bounty(deck, rng)
    round_number = state.round + 1
    event = {
        "type": "dealt",
        "round": round_number,
        "hands": hands,
        "bounty": bounty,
        "deck": deck,
        "jokers_returned": returned,
    }
    if round_number == 1:
        event["ask"] = first_ask(hands, ORDER[0])
        event["leader"] = None
    else:
        event["ask"] = None
        event["leader"] = round_leader(state)
    return committed(event, DEAL_ORDER, f"round {round_number}'s deal", rng)


# A round's order as committed: the deck cut into the hands, the bounty and the rest (docs/fair-deals.md).
DEAL_ORDER = ("hands", "bounty", "deck")


def first_ask(hands, start):
    """The first rank from ``start`` on (wrapping) that some seat holds; None if nobody holds any card."""
    begin = ORDER.index(start)
    for offset in range(len(ORDER)):
        wanted = ORDER[(begin + offset) % len(ORDER)]
        if any(holds_rank(hand, wanted) for hand in hands):
            return wanted
    return None


def holds_rank(hand, wanted):
    return any(card != JOKER and rank(card) == wanted for card in hand)


def round_leader(state):
    """The lowest score leads; ties: the seat that lost a round most recently, then the lowest seat."""
    lowest = min(state.scores)
    tied = [seat for seat, score in enumerate(state.scores) if score == lowest]

    def last_lost(seat):
        for number, places in reversed(list(enumerate(state.finish_history))):
            if places[-1] == seat:
                return number
        return -1

    return max(tied, key=lambda seat: (last_lost(seat), -seat))


def swap(state, dealt):
    """The ``swapped`` event: positive scores give their lowest cards for high ones, negative the reverse."""
    hands = dealt["hands"]
    scores = state.scores
    gave = [[] for _ in hands]
    for seat, score in enumerate(scores):
        if score > 0:
            gave[seat] = lowest_first(hands[seat])[:score]
        elif score < 0:
            gave[seat] = highest_first(hands[seat])[:-score]
    low_pile = [card for seat, score in enumerate(scores) if score > 0 for card in gave[seat]]
    high_pile = [card for seat, score in enumerate(scores) if score < 0 for card in gave[seat]]
    deck = list(dealt["deck"])
    from_deck = []
    for pile, wanted in ((high_pile, len(low_pile)), (low_pile, len(high_pile))):
        short = max(0, wanted - len(pile))
        pile += deck[:short]
        from_deck += deck[:short]
        deck = deck[short:]
    took = [[] for _ in hands]
    high_pile = highest_first(high_pile)
    for seat in _takers(state, positive=True):
        took[seat], high_pile = high_pile[: len(gave[seat])], high_pile[len(gave[seat]) :]
    low_pile = lowest_first(low_pile)
    for seat in _takers(state, positive=False):
        took[seat], low_pile = low_pile[: len(gave[seat])], low_pile[len(gave[seat]) :]
    return {"type": "swapped", "gave": gave, "took": took, "from_deck": from_deck, "discarded": high_pile + low_pile}


def _takers(state, positive):
    """Positive seats, highest score first (ties: better finish last round); negative, most negative first
    (ties: worse finish)."""
    last = state.finish_history[-1]
    place = {seat: index for index, seat in enumerate(last)}
    if positive:
        seats = [seat for seat, score in enumerate(state.scores) if score > 0]
        return sorted(seats, key=lambda seat: (-state.scores[seat], place[seat]))
    seats = [seat for seat, score in enumerate(state.scores) if score < 0]
    return sorted(seats, key=lambda seat: (state.scores[seat], -place[seat]))


def points(place, players):
    """First out +2, second +1, second last -1, last -2 (with three seats the middle one gets 0)."""
    earned = 0
    if place == 0:
        earned += 2
    if place == 1:
        earned += 1
    if place == players - 2:
        earned -= 1
    if place == players - 1:
        earned -= 2
    return earned


def half(place, players):
    """ "top" or "bottom"; the middle seat of an odd table is in neither (always "in the other half")."""
    if place < players // 2:
        return "top"
    if place >= players - players // 2:
        return "bottom"
    return None


def new_scores(state, places):
    """Each score: decay by 1 towards 0, reset to 0 if the seat changed halves, then add the round's points."""
    players = state.players
    previous = state.finish_history[-1] if state.finish_history else None
    scores = []
    for seat, score in enumerate(state.scores):
        place = places.index(seat)
        score = score - 1 if score > 0 else score + 1 if score < 0 else 0
        if previous is not None and seat in previous:  # a late joiner has no half to keep
            before = half(previous.index(seat), len(previous))  # last round's half, at last round's table size
            if before is None or before != half(place, players):
                score = 0
        scores.append(score + points(place, players))
    return scores


def standings(scores, last_places):
    """Seats from first to last: highest score, ties by the better place in the latest round. A seat that
    joined after that round had no place in it and comes after those that did (a joiner is the loser)."""

    def place(seat):
        return last_places.index(seat) if seat in last_places else len(last_places)

    return sorted(range(len(scores)), key=lambda seat: (-scores[seat], place(seat)))

"""Hidden cards dealt again, for the profiles' ``redeal``: whatever a seat cannot see may be any cards."""

from dataclasses import replace


def redeal(places, rng):
    """The cards of the places (tuples) shuffled together and dealt back, each place keeping its size."""
    pool = [card for place in places for card in place]
    rng.shuffle(pool)
    dealt, start = [], 0
    for place in places:
        dealt.append(tuple(pool[start : start + len(place)]))
        start += len(place)
    return dealt


def others(state, seat):
    return [other for other in range(state.players) if other != seat]


def hands_and(field):
    """A ``redeal`` of the other hands and the face-down pile kept under ``field`` (Spank!'s stock, Spite's
    deck, Climb's stock)."""

    def redealt(state, seat, rng):
        other_seats = others(state, seat)
        dealt = redeal([state.hands[other] for other in other_seats] + [getattr(state, field)], rng)
        hands = list(state.hands)
        for other, hand in zip(other_seats, dealt):
            hands[other] = hand
        return replace(state, hands=tuple(hands), **{field: dealt[-1]})

    return redealt

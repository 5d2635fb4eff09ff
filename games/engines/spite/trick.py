"""A trick: who acts next, what may follow, how a play changes the direction, and when the trick ends."""
from .hands import beats, describe, sole_natural_value
from .state import HIGHER, LOWER


def next_active(state, seat):
    """The next seat clockwise that is still in the round (not ``seat`` itself unless it is alone)."""
    for step in range(1, state.players + 1):
        other = (seat + step) % state.players
        if other not in state.places:
            return other
    return None


def passes_over(state, start, stop, seat):
    """Whether going clockwise from ``start`` (excluded) to ``stop`` (included) reaches ``seat``."""
    step = 1
    while True:
        current = (start + step) % state.players
        if current == seat:
            return True
        if current == stop:
            return False
        step += 1


def follow_refusal(trick, hand, direction):
    """Why ``hand`` may not follow in this trick (a sentence), or None. No consecutive is in force."""
    if not trick.plays:
        return None
    if hand.is_joker:
        if trick.top is None or beats(hand, trick.top, direction):
            return None
        return f"{_cap(describe(hand))} does not beat {describe(trick.top)}: only a higher joker hand does."
    if trick.arity is not None and hand.size != trick.arity:
        return f"This trick is played with {trick.arity} card{'s' if trick.arity > 1 else ''} a hand, not {hand.size}."
    if trick.top is None or beats(hand, trick.top, direction):
        return None
    if trick.top.is_joker:
        return f"Only a higher joker hand beats {describe(trick.top)} in a higher game."
    word = "beat" if direction == HIGHER else "go under"
    return f"{_cap(describe(hand))} does not {word} {describe(trick.top)} (the game is going {direction})."


def is_seven_on_seven(trick, hand):
    last = trick.last
    return (
        last is not None
        and last.hand.size == hand.size
        and sole_natural_value(last.hand) == "7"
        and sole_natural_value(hand) == "7"
    )


def announce_refusal(trick, hand, announce, direction):
    """Why the direction announcement is wrong (a sentence), or None."""
    if announce is None:
        return None
    if announce not in (HIGHER, LOWER):
        return "\"announce\" must be \"higher\" or \"lower\" (or left out)."
    if sole_natural_value(hand) != "7":
        return "Only a hand of natural 7s may announce a direction."
    if is_seven_on_seven(trick, hand):
        return "7s on 7s reverse the direction by themselves; announcing a direction is a misplay."
    if announce == direction:
        return f"The game is already going {direction}; an announcement must change the direction."
    return None


def direction_after(trick, hand, announce, direction):
    """The direction once ``hand`` is played: 7s on 7s reverse it, an announcement sets it, 3s bounce a lower game."""
    if is_seven_on_seven(trick, hand):
        return LOWER if direction == HIGHER else HIGHER
    if announce:
        return announce
    if direction == LOWER and sole_natural_value(hand) == "3":
        return HIGHER
    return direction


def after_play(trick, hand, direction):
    """(arity, top) once ``hand`` is played (``direction`` is the one it was played in).

    A joker hand led in a lower game leaves the arity open; a joker hand in a
    lower game resets the ranking (no top); in a higher game it is the top.
    """
    leading = not trick.plays
    arity = trick.arity if not leading else (None if hand.is_joker else hand.size)
    if trick.arity is None and not leading and not hand.is_joker:
        arity = hand.size  # the first hand after an open lead sets the arity
    if hand.is_joker and direction == LOWER:
        return arity, None
    return arity, hand


def trick_over_after_pass(state, seat):
    """Whether the trick ends when ``seat`` passes: the turn would come back to (or past) the last player."""
    last = state.trick.last
    nxt = next_active(state, seat)
    return last is not None and (nxt is None or passes_over(state, seat, nxt, last.seat))


def next_leader(state, winner):
    """The trick's winner leads, or, if it has gone out, the next seat clockwise still in the round."""
    return winner if winner not in state.places else next_active(state, winner)


def _cap(text):
    return text[:1].upper() + text[1:]


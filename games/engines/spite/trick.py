"""A trick: who acts next, what may follow, how a play changes the direction, and when the trick ends."""

from dataclasses import replace

from . import consec
from .hands import beats, describe, sole_natural_value
from .state import HIGHER, LOWER

UNBEATABLE = "unbeatable"
ANNOUNCEMENTS = (HIGHER, LOWER, UNBEATABLE)


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
    """Why ``hand`` may not follow in this trick (a sentence), or None."""
    if not trick.plays:
        return None
    why = consec.refusal(trick, hand, direction)
    if why:
        return why
    if hand.is_joker:
        if trick.top is None or beats(hand, trick.top, direction):
            return None
        return f"{_cap(describe(hand))} does not beat {describe(trick.top)}: only a higher joker hand does."
    if trick.arity is not None and hand.size != trick.arity:
        return f"This trick is played with {trick.arity} card{'s' if trick.arity > 1 else ''} a hand, not {hand.size}."
    if trick.top is None or trick.step is not None or beats(hand, trick.top, direction):
        return None  # under a numerical consec the asked value follows whether or not it ranks higher
    if trick.top.is_joker:
        return f"Only a higher joker hand beats {describe(trick.top)} in a higher game."
    word = "beat" if direction == HIGHER else "go under"
    return f"{_cap(describe(hand))} does not {word} {describe(trick.top)} (the game is going {direction})."


def fake_down_refusal(trick, seat):
    """Why a fake joker may not be played face down now (a sentence), or None."""
    if not trick.plays:
        return "A fake joker face down may not lead a trick."
    if consec.in_force(trick):
        return "A fake joker face down may not be played while a consecutive is in force."
    if seat in trick.passed:
        return "A seat that passed in this trick cannot come back with a fake joker face down (only a buy back)."
    return None


def is_seven_on_seven(trick, hand):
    last = trick.last
    return (
        last is not None
        and hand is not None
        and last.hand is not None
        and last.hand.size == hand.size
        and sole_natural_value(last.hand) == "7"
        and sole_natural_value(hand) == "7"
    )


def announce_refusal(trick, hand, announce, direction, unbeatable):
    """Why the announcement is wrong (a sentence), or None. ``unbeatable``: the play must announce it."""
    if unbeatable:
        if announce != UNBEATABLE:
            return 'Natural 2s going higher under a suited consecutive cannot be beaten: announce "unbeatable".'
        return None
    if announce is None:
        return None
    if announce == UNBEATABLE:
        return (
            '"Unbeatable" is announced only with natural 2s going higher under a suited consecutive '
            "(and no numerical one)."
        )
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
    if announce in (HIGHER, LOWER):
        return announce
    if direction == LOWER and sole_natural_value(hand) == "3":
        return HIGHER
    return direction


def with_play(trick, play):
    """The trick once ``play`` is made (in ``play.direction``): plays, arity, the hand to beat, consecs.

    A joker hand led in a lower game, or any lead holding a face-up fake joker,
    leaves the arity open and the next hand free; a joker hand in a lower game, a
    face-down fake or a malformed hand (an uncalled misplay: any hand of its size
    follows) resets the ranking (no hand to beat); otherwise the play is the top.
    """
    leading = not trick.plays
    hand = play.hand
    if hand is None:  # a fake joker face down
        arity, top = trick.arity, None
    elif leading and (play.fake_up or (hand.is_joker and play.direction == LOWER)):
        arity, top = None, None
    else:
        # A hand sets the arity (an uncalled hand of the wrong size stands, and the trick goes on at its size).
        arity = trick.arity if hand.is_joker else hand.size
        top = None if hand.malformed or (hand.is_joker and play.direction == LOWER) else hand
    step, suits = consec.after(trick, play)
    return replace(
        trick,
        leader=play.seat if leading else trick.leader,
        plays=trick.plays + (play,),
        arity=arity,
        top=top,
        passed=trick.passed - {play.seat},
        step=step,
        suits=suits,
    )


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

"""Whether a well-formed play keeps the rules: the buy back, following the trick, announcements,
come-at-me and the bounty claim. Each check answers with the sentence a player reads, or None.

Strict mode refuses a play with such a sentence; the same sentences say why a play broke a rule.
"""
from . import come_at_me
from .bounty import claim_refusal
from .consec import needs_unbeatable
from .deck import fibonacci
from .trick import announce_refusal, direction_after, fake_down_refusal, follow_refusal, with_play


def play_refusal(state, play):
    """Why ``play`` (a state.Play from the seat to move) breaks a rule, or None."""
    trick = state.trick
    if play.hand is None:
        return fake_down_refusal(trick, play.seat) or come_at_me.refusal(play, trick, state.direction)
    return (
        buy_back_refusal(state, play)
        or follow_refusal(trick, play.hand, state.direction)
        or announce_refusal(trick, play.hand, play.announce, state.direction, needs_unbeatable(trick, play))
        or (play.come_at_me and come_at_me.refusal(
            play, with_play(trick, play), direction_after(trick, play.hand, play.announce, state.direction)))
        or claim_refusal(state, play)
    )


def buy_back_refusal(state, play):
    """A seat that passed in this trick must buy back exactly the counter; no other seat buys back."""
    trick = state.trick
    if play.seat in trick.passed and trick.plays:
        due = fibonacci(state.buy_backs)
        if play.buy_back is None:
            return f"You passed in this trick: to play again you must buy back {due}."
        if play.buy_back != due:
            return f"The buy back costs {due} card{'s' if due > 1 else ''} now, not {play.buy_back!r}."
        return None
    if play.buy_back is not None:
        return "Only a seat that has passed in this trick buys back."
    return None

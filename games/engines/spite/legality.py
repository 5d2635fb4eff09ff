"""Whether a well-formed play keeps the rules: a hand at all, the buy back, following the trick,
announcements, come-at-me and the bounty claim. Each check answers with a Misplay (the rule broken and
the sentence a player reads), or None.

Strict mode refuses a play with the sentence; table mode accepts it and keeps the Misplay hidden
until someone calls it (see misplays.py).
"""

from dataclasses import dataclass

from ..errors import IllegalCommand
from . import come_at_me
from .bounty import claim_refusal
from .consec import needs_unbeatable
from .deck import fibonacci
from .hands import classify
from .trick import announce_refusal, direction_after, fake_down_refusal, follow_refusal, with_play


@dataclass(frozen=True)
class Misplay:
    rule: str  # which rule: "malformed", "buy_back", "follow", "announcement", "come_at_me", "bounty_claim", ...
    text: str

    def __str__(self):
        return self.text

    def as_dict(self):
        return {"rule": self.rule, "text": self.text}


def play_refusal(state, play):
    """Why ``play`` (a state.Play from the seat to move) breaks a rule, as a Misplay, or None."""
    for rule, check in _checks(state, play):
        text = check()
        if text:
            return Misplay(rule, text)
    return None


def _checks(state, play):
    trick = state.trick
    if play.hand is None:
        return (
            ("fake_down", lambda: fake_down_refusal(trick, play.seat)),
            ("come_at_me", lambda: come_at_me.refusal(play, trick, state.direction)),
        )
    return (
        ("malformed", lambda: malformed_refusal(play.hand)),
        ("buy_back", lambda: buy_back_refusal(state, play)),
        ("follow", lambda: follow_refusal(trick, play.hand, state.direction)),
        (
            "announcement",
            lambda: announce_refusal(trick, play.hand, play.announce, state.direction, needs_unbeatable(trick, play)),
        ),
        (
            "come_at_me",
            lambda: (
                play.come_at_me
                and come_at_me.refusal(
                    play, with_play(trick, play), direction_after(trick, play.hand, play.announce, state.direction)
                )
            ),
        ),
        ("bounty_claim", lambda: claim_refusal(state, play)),
    )


def malformed_refusal(hand):
    """Why the cards form no hand (classify's sentence), or None."""
    try:
        classify(hand.cards)
    except IllegalCommand as why:
        return str(why)
    return None


def reward_refusal(state, declared):
    """Why a come-at-me reward declaration is wrong, as a Misplay, or None."""
    if declared == state.reward.count:
        return None
    return Misplay(
        "reward",
        "That is not the reward: it is 3, plus 1 for each extra come-at-me in the trick, minus "
        "1 for each come-at-me trick won since another player last won a trick.",
    )


def buy_back_refusal(state, play):
    """A seat that passed in this trick must buy back exactly the counter; no other seat buys back."""
    trick = state.trick
    if play.seat in trick.passed and trick.plays:
        due = fibonacci(state.buy_backs)
        if play.buy_back is None:
            return f"A seat that passed in this trick must buy back {due} to play again."
        if play.buy_back != due:
            return f"The buy back costs {due} card{'s' if due > 1 else ''} now, not {play.buy_back!r}."
        return None
    if play.buy_back is not None:
        return "Only a seat that has passed in this trick buys back."
    return None

"""The steps that happen by themselves: Score as a seat's turn begins, Draw as it ends."""

from ..base import default_rng
from ..fairness import committed
from .deck import HAND_SIZE
from .stack import MAX_STACK

POINTS_BY_SIZE = {2: 20, 3: 40, 4: 80, 5: 250}
TARGET = 1000


def next_seat(state, seat):
    """The seat to the left: the next number, wrapping to 0."""
    return (seat + 1) % state.players


def begin_turn(state, seat):
    """The seat's Score step: points for its stacks, its 5-card stacks retired, a win at 1,000."""
    stacks = state.stacks[seat]
    points = sum(POINTS_BY_SIZE.get(len(stack), 0) for stack in stacks)
    retired = [index for index, stack in enumerate(stacks) if len(stack) == MAX_STACK]
    score = state.scores[seat] + points
    events = [{"type": "scored", "seat": seat, "points": points, "score": score, "retired": retired}]
    if score >= TARGET:
        events.append({"type": "won", "seat": seat, "score": score})
    return events


def draw(state, seat, rng=None):
    """Draw up to a full hand. A stock that runs out is replaced by the shuffled discard (committed to)."""
    wanted = max(0, HAND_SIZE - len(state.hands[seat]))
    cards = list(state.stock[:wanted])
    if not (len(cards) < wanted and state.discard):
        return {"type": "drew", "seat": seat, "cards": cards, "reshuffled": None}
    rng = default_rng(rng)
    reshuffled = list(state.discard)
    rng.shuffle(reshuffled)
    cards += reshuffled[: wanted - len(cards)]
    drew = {"type": "drew", "seat": seat, "cards": cards, "reshuffled": reshuffled}
    return committed(drew, ("reshuffled",), "the reshuffled discard pile", rng)


def end_turn(state, seat, rng=None):
    """The Draw that ends the seat's turn, then the next seat's Score step.

    ``state`` is the position after the seat's last action. Drawing changes
    no stack and no score, so the next Score step can be read off it.
    """
    return [draw(state, seat, rng)] + begin_turn(state, next_seat(state, seat))

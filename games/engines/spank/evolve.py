"""Applying one event to the state. Pure: no randomness, no checks (decide made the event)."""

from dataclasses import replace

from .. import turn_clock
from ..base import apply_event, by_event_type
from ..tuples import replace_at, with_hand, without
from .event_types import EVENT_TYPES
from .options import parse_options
from .state import MOVE, PLAY, UPKEEP, ScoreStep, State, with_stack

# The events a seat's own command makes, with the seat under "seat": they clear its turn-clock streak.
# "drew" is always the drawing seat's own end of turn (by end_turn, a placement or a discard).
OWN_ACTIONS = frozenset({"discarded", "spanked", "moved", "retired", "placed", "drew"})


def evolve(state, event):
    return turn_clock.after_event(apply_event(_APPLY, state, event, "Spank!"), event, OWN_ACTIONS)


def _dealt(_, event):
    players = event["players"]
    return State(
        players=players,
        options=parse_options(event["options"]),
        hands=tuple(tuple(hand) for hand in event["hands"]),
        stacks=tuple(tuple(tuple(stack) for stack in seat_stacks) for seat_stacks in event["stacks"]),
        stock=tuple(event["stock"]),
        discard=(),
        scores=(0,) * players,
        first=event["first"],
    )


def _scored(state, event):
    seat = event["seat"]
    retired = tuple(event["retired"])
    for index in retired:
        state = _to_discard(state, state.stacks[seat][index])
        state = with_stack(state, seat, index, ())
    return replace(
        state,
        scores=replace_at(state.scores, seat, state.scores[seat] + event["points"]),
        turn=state.turn + 1,
        to_move=seat,
        step=UPKEEP,
        spanked=False,
        moved=None,
        last_score=ScoreStep(seat=seat, points=event["points"], retired=retired),
    )


def _won(state, event):
    return replace(state, winner=event["seat"], to_move=None, step=None)


def _discarded(state, event):
    seat = event["seat"]
    state = with_hand(state, seat, without(state.hands[seat], event["cards"]))
    return _turn_over(_to_discard(state, event["cards"]))


def _spanked(state, event):
    seat, target, index = event["seat"], event["target"], event["stack"]
    state = with_hand(state, seat, without(state.hands[seat], [event["card"]]))
    state = _to_discard(state, state.stacks[target][index] + (event["card"],))
    state = with_stack(state, target, index, ())
    return replace(state, step=MOVE, spanked=True)


def _moved(state, event):
    seat = event["seat"]
    state = with_stack(state, seat, event["to"], event["cards"])
    state = with_stack(state, seat, event["from"], ())
    return replace(state, step=PLAY, moved="move")


def _retired(state, event):
    seat, index = event["seat"], event["stack"]
    state = _to_discard(state, state.stacks[seat][index])
    state = with_stack(state, seat, index, ())
    return replace(state, step=PLAY, moved="retire")


def _placed(state, event):
    seat = event["seat"]
    state = with_hand(state, seat, without(state.hands[seat], [event["card"]]))
    return _turn_over(with_stack(state, seat, event["stack"], (event["card"],)))


def _drew(state, event):
    seat, cards = event["seat"], tuple(event["cards"])
    state = with_hand(state, seat, state.hands[seat] + cards)
    if event["reshuffled"] is None:
        stock, discard = state.stock[len(cards) :], state.discard
    else:
        # The old stock was drawn to the end; the rest came off the reshuffled discard.
        from_new_stock = len(cards) - len(state.stock)
        stock, discard = tuple(event["reshuffled"][from_new_stock:]), ()
    return _turn_over(replace(state, stock=stock, discard=discard))


def _turn_over(state):
    """Nobody acts until the next seat's Score step."""
    return replace(state, to_move=None, step=None)


def _to_discard(state, cards):
    return replace(state, discard=state.discard + tuple(cards))


_APPLY = {**by_event_type(EVENT_TYPES, globals()), **turn_clock.HANDLERS}

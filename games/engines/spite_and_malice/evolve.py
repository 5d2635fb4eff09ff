"""Applying one event to the state. Pure: no randomness, no checks (decide made the event)."""

from dataclasses import replace

from .. import turn_clock
from ..base import apply_event, by_event_type
from ..tuples import replace_at, with_hand, without
from .event_types import EVENT_TYPES
from .options import Options
from .state import STALEMATE, WIN, State, with_discard, with_play_pile
from .turns import can_draw_anything

# The events a seat's own command makes, with the seat under "seat": they clear its turn-clock streak.
# Not "drew": the draw that starts a turn comes from the seat before, so it is no sign of life.
OWN_ACTIONS = frozenset({"played", "turn_ended"})


def evolve(state, event):
    return turn_clock.after_event(apply_event(_APPLY, state, event, "Spite & Malice"), event, OWN_ACTIONS)


def _dealt(_, event):
    return State(
        players=event["players"],
        options=Options(**event["options"]),
        hands=tuple(tuple(hand) for hand in event["hands"]),
        discards=tuple(tuple(tuple(pile) for pile in piles) for piles in event["discards"]),
        win_piles=tuple(tuple(pile) for pile in event["win_piles"]),
        draw_pile=tuple(event["draw_pile"]),
        play_piles=((),) * 4,
        retired=(),
        first=event["first"],
        to_move=event["first"],
    )


def _played(state, event):
    seat, card = event["seat"], event["card"]
    source = event["from"]
    if source == "hand":
        state = with_hand(state, seat, without(state.hands[seat], [card]))
    elif source == "win":
        state = replace(state, win_piles=replace_at(state.win_piles, seat, state.win_piles[seat][1:]))
    else:
        state = with_discard(state, seat, event["pile"], state.discards[seat][event["pile"]][:-1])
    state = with_play_pile(state, event["to"], state.play_piles[event["to"]] + (card,))
    return replace(state, played_this_turn=True)


def _win_turned(state, event):
    return state  # the card was already on top of the win pile; the event makes it public


def _pile_retired(state, event):
    slot = event["slot"]
    return replace(with_play_pile(state, slot, ()), retired=state.retired + state.play_piles[slot])


def _won(state, event):
    return replace(state, result=WIN, winner=event["seat"], to_move=None)


def _drew(state, event):
    seat, cards = event["seat"], tuple(event["cards"])
    pile = state.draw_pile
    retired = state.retired
    if event["refill"] is not None:
        pile, retired = pile + tuple(event["refill"]), ()
    return replace(with_hand(state, seat, state.hands[seat] + cards), draw_pile=pile[len(cards) :], retired=retired)


def _turn_ended(state, event):
    seat = event["seat"]
    hand = state.hands[seat]
    moves = list(event["fills"]) + ([event["discard"]] if event["discard"] else [])
    for move in moves:
        hand = without(hand, [move["card"]])
        state = with_discard(state, seat, move["pile"], state.discards[seat][move["pile"]] + (move["card"],))
    state = with_hand(state, seat, hand)
    return replace(
        state,
        to_move=event["next"],
        turn=state.turn + 1,
        played_this_turn=False,
        barren_turns=_barren_turns(state),
    )


def _barren_turns(state):
    """The stalemate count after a turn: only turns without a play and with nothing to draw count."""
    if state.played_this_turn or can_draw_anything(state):
        return 0
    return state.barren_turns + 1


def _stalemated(state, event):
    return replace(state, result=STALEMATE, winner=event["winner"], to_move=None)


_APPLY = {**by_event_type(EVENT_TYPES, globals()), **turn_clock.HANDLERS}

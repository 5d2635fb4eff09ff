"""Every command a seat may give now, each once: plays generated kind by kind, pass and decline."""
from ..cards import JOKER, rank
from .candidates import possible_hands
from .deck import fibonacci
from .opening import declined_in, may_open
from .state import OPENING
from .trick import follow_refusal


def legal_commands(state, seat):
    if not _may_act(state, seat):
        return []
    hand = state.hands[seat]
    if state.phase == OPENING:
        if not may_open(state, seat):
            return []
        leads = [h for h in possible_hands(hand)
                 if any(c != JOKER and rank(c) == state.ask for c in h.cards) and not declined_in(state, seat, h.cards)]
        return [_play(h, None) for h in leads] + [{"type": "decline"}]
    if seat != state.to_move:
        return []
    trick = state.trick
    sizes = None if trick.arity is None else {trick.arity}
    buy_back = fibonacci(state.buy_backs) if seat in trick.passed else None
    plays = [_play(h, buy_back) for h in possible_hands(hand, sizes)
             if follow_refusal(trick, h, state.direction) is None]
    return plays + ([{"type": "pass"}] if trick.plays else [])


def _may_act(state, seat):
    return (
        state is not None
        and not state.over
        and isinstance(seat, int)
        and not isinstance(seat, bool)
        and 0 <= seat < state.players
        and seat not in state.places
    )


def _play(hand, buy_back):
    command = {"type": "play", "cards": list(hand.cards)}
    if buy_back:
        command["buy_back"] = buy_back
    return command

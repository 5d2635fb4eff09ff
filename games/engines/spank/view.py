"""What one seat (or a spectator, seat None) may see: the state as a view, and each event.

All hiding of hidden information lives here. Hidden: every hand but the
viewer's own, the cards another seat draws, and the order of the stock.
Public: stacks, scores, spanks, moves, retires, placements and upkeep
discards (those cards go face up to the Discard).
"""

from .. import turn_clock
from ..fairness import seal
from ..redaction import as_count, deal_without_other_hands, draw_seen_by, public
from .legal import must_place, phase
from .stack import pattern
from .turns import POINTS_BY_SIZE, TARGET


def view(state, seat):
    return {
        "game": "spank",
        "seat": seat,
        "to_move": state.to_move,
        "over": state.over,
        "winner": state.winner,
        "abandoned": state.clock.abandoned,
        "phase": phase(state),
        "turn": state.turn,
        "target": TARGET,
        "points_by_size": {str(size): points for size, points in POINTS_BY_SIZE.items()},
        "options": state.options.as_dict(),
        "stock_count": len(state.stock),
        "discard_count": len(state.discard),
        "discard_top": state.discard[-1] if state.discard else None,
        "spanked": state.spanked,
        "moved": state.moved,
        "must_place": state.to_move is not None and must_place(state, state.to_move),
        "last_score": _last_score(state),
        "players": [_player(state, other, seat) for other in range(state.players)],
    }


def _player(state, other, viewer):
    stacks = state.stacks[other]
    player = {
        "seat": other,
        "score": state.scores[other],
        "stacks": [list(stack) for stack in stacks],
        "hand_count": len(state.hands[other]),
        "absent": state.clock.is_absent(other),
        "with_bot": state.clock.has_bot(other),
        "resigned": other in state.clock.resigned,
    }
    if state.options.sequence:
        player["patterns"] = [pattern(stack) for stack in stacks]
    if other == viewer:
        player["hand"] = list(state.hands[other])
    return player


def _last_score(state):
    step = state.last_score
    if step is None:
        return None
    return {"seat": step.seat, "points": step.points, "retired": list(step.retired)}


def redact_event(event, seat):
    """The event as ``seat`` may see it while the game runs (None: a spectator): a deal's commitment
    without its salt."""
    return seal(event, _redacted(event, seat))


def _redacted(event, seat):
    kind = event.get("type")
    if kind == "dealt":
        return as_count(deal_without_other_hands(event, seat), "stock", "stock_count")
    if kind == "drew":
        return turn_clock.with_auto(event, draw_seen_by(event, seat, "reshuffled"))
    if kind in _PUBLIC_EVENTS:
        return public(event)
    raise ValueError(f"Spank! has no event type {kind!r}.")


_PUBLIC_EVENTS = (
    frozenset({"scored", "won", "discarded", "spanked", "moved", "retired", "placed"}) | turn_clock.EVENT_TYPES
)


def progress(state):
    """How far along the game is, for the lobby: the turn, and the best score against the target."""
    return f"turn {max(state.turn, 1)}, best score {max(state.scores)} of {TARGET}"


def places(event):
    """The board places an event changed (the template's data-place names): stacks and the Discard."""
    kind = event.get("type")
    if kind == "spanked":  # the stack goes to the Discard, with the card that spanked it
        return [f"stack-{event['target']}-{event['stack']}", "discard"]
    if kind == "moved":
        return [f"stack-{event['seat']}-{event['from']}", f"stack-{event['seat']}-{event['to']}"]
    if kind in ("retired", "placed"):
        return [f"stack-{event['seat']}-{event['stack']}"]
    if kind == "discarded":
        return ["discard"]
    return []

"""What one seat (or a spectator, seat None) may see: the state as a view, and each event.

All hiding of hidden information lives here. Hidden: every hand but the
viewer's own, the cards a seat draws, the order of the draw pile and of a
refill, and the win cards under each top. Public: play piles, every discard
pile in full, win-pile tops and counts, every play and every end of turn.
"""

from .. import turn_clock
from ..cards import JOKER
from ..fairness import seal
from ..redaction import as_count, deal_without_other_hands, draw_seen_by, public
from .legal import is_to_move
from .piles import playable_ace
from .turns import end_needs, may_draw


def view(state, seat):
    return {
        "game": "spite_and_malice",
        "seat": seat,
        "to_move": state.to_move,
        "over": state.over,
        "winner": state.winner,
        "result": "abandoned"
        if state.clock.abandoned
        else "resigned"
        if state.clock.decided_by_resignation
        else state.result,
        "abandoned": state.clock.abandoned,
        "turn": state.turn,
        "options": state.options.as_dict(),
        "play_piles": [_play_pile(pile) for pile in state.play_piles],
        "draw_count": len(state.draw_pile),
        "retired_count": len(state.retired),
        "barren_turns": state.barren_turns,
        "players": [_player(state, other, seat) for other in range(state.players)],
        "you": _you(state, seat),
    }


def _play_pile(pile):
    if not pile:
        return None
    return {"cards": list(pile), "value": len(pile), "jokers": pile.count(JOKER)}


def _player(state, other, viewer):
    win = state.win_piles[other]
    player = {
        "seat": other,
        "win_top": win[0] if win else None,
        "win_count": len(win),
        "discards": [list(pile) for pile in state.discards[other]],
        "hand_count": len(state.hands[other]),
        "absent": state.clock.is_absent(other),
        "with_bot": state.clock.has_bot(other),
        "resigned": other in state.clock.resigned,
    }
    if other == viewer:
        player["hand"] = list(state.hands[other])
    return player


def _you(state, seat):
    """What ending the turn asks of the seat to move (for a seated viewer whose turn it is; else None)."""
    if not is_to_move(state, seat):
        return None
    fills, discard = end_needs(state, seat)
    forced_ace = playable_ace(state, seat)
    can_draw = may_draw(state, seat)
    return {
        "can_draw": can_draw,
        "forced_ace": forced_ace,
        "fills_needed": fills,
        "discard_needed": discard,
        "can_end_turn": not forced_ace and not can_draw,
    }


def redact_event(event, seat):
    """The event as ``seat`` may see it while the game runs (None: a spectator): a deal's commitment
    without its salt."""
    return seal(event, _redacted(event, seat))


def _redacted(event, seat):
    kind = event.get("type")
    if kind == "dealt":
        return _redact_deal(event, seat)
    if kind == "drew":
        return turn_clock.with_auto(event, draw_seen_by(event, seat, "refill"))
    if kind in _PUBLIC_EVENTS:
        return public(event)
    raise ValueError(f"Spite & Malice has no event type {kind!r}.")


_PUBLIC_EVENTS = (
    frozenset({"played", "win_turned", "pile_retired", "won", "turn_ended", "stalemated"}) | turn_clock.EVENT_TYPES
)


def _redact_deal(event, seat):
    redacted = as_count(deal_without_other_hands(event, seat), "draw_pile", "draw_count")
    redacted["win_piles"] = [{"top": pile[0], "count": len(pile)} for pile in event["win_piles"]]
    return redacted


def progress(state):
    """How far along the game is, for the lobby: the turn, and the fewest win cards any seat has left."""
    left = min(len(pile) for pile in state.win_piles)
    return f"turn {state.turn}, the leader has {left} win card{'' if left == 1 else 's'} left"


def places(event):
    """The board places an event changed (the template's data-place names): play piles, discard piles, win piles."""
    kind = event.get("type")
    if kind == "played":
        source = {"win": [f"win-{event['seat']}"], "discard": [f"discard-{event['seat']}-{event.get('pile')}"]}
        return [f"pile-{event['to']}", *source.get(event["from"], [])]
    if kind == "pile_retired":
        return [f"pile-{event['slot']}"]
    if kind == "turn_ended":
        piles = [fill["pile"] for fill in event["fills"]] + ([event["discard"]["pile"]] if event["discard"] else [])
        return [f"discard-{event['seat']}-{pile}" for pile in piles]
    return []

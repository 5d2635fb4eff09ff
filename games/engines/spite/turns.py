"""Whose turn it is after a pass: passes and penalty skips, seats barred from the trick for a
misplay, and the end of a trick (with come-at-me's outcome)."""

from . import come_at_me
from .evolve import evolve
from .trick import next_active, next_leader, trick_over_after_pass


def passing(state, event):
    """A pass (or a penalty skip): the trick ends if the turn comes back to the last player."""
    if trick_over_after_pass(state, event["seat"]):
        event["next"] = None
        winner = state.trick.last.seat
        won_event = {"type": "trick_won", "seat": winner, "leader": next_leader(state, winner)}
        if any(play.come_at_me for play in state.trick.plays):
            reward, penalties, won = come_at_me.outcome(state, winner)
            won_event.update(reward=reward, penalties=penalties, came_at_me_won=won)
        after = evolve(evolve(state, event), won_event)
        return [event, won_event] + move_on(after)
    return [event] + move_on(evolve(state, event))


def barred_pass(state, seat):
    """A seat out of the trick for a misplay passes when its turn comes (handing on a lead)."""
    return passing(state, {"type": "passed", "seat": seat, "next": next_active(state, seat), "barred": True})


def move_on(state):
    """The turn has just reached ``state.to_move``: a seat barred from the trick passes; a seat owing
    penalty skips skips (or hands on its lead)."""
    seat = state.to_move
    if seat is None or state.reward is not None:
        return []
    if seat in state.trick.barred:
        return barred_pass(state, seat)
    if not state.skips[seat]:
        return []
    skipped = {"type": "skipped", "seat": seat, "next": next_active(state, seat)}
    if not state.trick.plays:
        return [skipped] + move_on(evolve(state, skipped))
    return passing(state, skipped)

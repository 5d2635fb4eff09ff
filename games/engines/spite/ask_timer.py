"""The opening's ask at a turn-based table: a timer of the table's time per move on each ask.

In the opening phase nobody is to move (any seat holding the asked rank may lead or decline), so the
platform's turn deadline never runs and a holder who never answers would hold the table for good. At a
turn-based table each ask therefore runs the engine's own timer (``timers``: the platform times it, as it
times the countdown); when it runs out the system's ``ask_expired`` deems every holder who has not
answered to have declined, and the ask moves up as after the last decline. The ``ask_expired`` event
names those seats, which would tell who holds the rank: every reader's redacted event leaves them out
(view.py), so the table sees only that the ask moved up.
"""

from ..errors import IllegalCommand
from .evolve import evolve
from .opening import may_open, next_ask
from .state import OPENING


def timers(state):
    """The running ask's timer at a turn-based table (none at a live one, or outside the opening)."""
    if not running(state):
        return []
    return [
        {
            "key": f"ask-{state.asks}",
            "seconds": state.options.move_time,
            "seat": None,  # not the holders: who holds the rank is secret
            "command": {"type": "ask_expired", "ask": state.asks},
        }
    ]


def running(state):
    return state.options.turn_based and state.phase == OPENING and bool(state.hands) and not state.over


def ask_expired(state, seat, command, rng):
    """The system, when the ask's timer runs out: the silent holders decline, and the ask moves up."""
    number = command.get("ask")
    if not running(state) or isinstance(number, bool) or number != state.asks:
        raise IllegalCommand(f"Ask {number!r} is not open any more; the opening has moved on.")
    silent = [other for other in range(state.players) if may_open(state, other)]
    expired = {"type": "ask_expired", "ask": number, "rank": state.ask, "seats": silent}
    return [expired, next_ask(evolve(state, expired))]

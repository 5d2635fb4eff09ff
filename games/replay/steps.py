"""Replay: a table's game at any step, from any perspective, and its described moves.

Step n is the board after the event with version n (step 0: before the first event). A perspective is
"open" (every hand shown) or a seat number: that seat's view exactly as it was sent to the seat then
(the engine's ``view`` of the state at that step), and the events as that seat was told them.

Who may replay: anyone who may see the table, once its game is finished (any perspective); while it
runs, staff only, none who hold a seat in its match (games.play.staff_powers), and each look is written to
the staff log. Nothing else is ever shown: a seat's perspective is built by the engine's own ``view`` and
``redact_event``, the very functions the live table uses.
"""

from dataclasses import dataclass

from events import chain, store
from games.engines import get_engine
from games.errors import BadRequest, Forbidden
from games.frames import move_log
from games.models import Table
from games.play import staff_powers
from games.play.names import named, seat_names
from games.replay import snapshots

OPEN = "open"


@dataclass(frozen=True)
class Perspective:
    seat: int | None  # None: the open perspective
    open: bool

    @property
    def token(self):
        """How the URL writes it: "open" or the seat number."""
        return OPEN if self.open else str(self.seat)


def require_replayable(table, user):
    """Forbidden (with the sentence to show) unless ``user`` may replay the table's game."""
    if table.status == Table.Status.FINISHED:
        return
    if table.status == Table.Status.OPEN:
        raise Forbidden("This table's game has not started: there is nothing to replay yet.")
    if not getattr(user, "is_staff", False):
        raise Forbidden(
            "This game is still being played: it can be replayed once it is over (only staff may "
            "replay a game in play)."
        )
    staff_powers.require_outsider(table, user, "replay this game while it runs")


def shown(table, user, seen_as, step=None):
    """Record what ``user`` was shown of a game in play (staff only get so far): the replay at ``step``, or
    every move in words when ``step`` is None. A finished game's whole log is public: nothing to record."""
    if table.status == Table.Status.FINISHED:
        return
    whose = "every hand open" if seen_as.open else f"as seat {seen_as.seat} saw it"
    what = f"the replay at step {step}, {whose}" if step is not None else f"every move in words, {whose}"
    staff_powers.shown_hidden(table, user, what, step=step, seen_as=seen_as.token)


def perspective(table, raw):
    """The perspective the ``as`` parameter names ("open" by default); BadRequest for anything else."""
    raw = OPEN if raw in (None, "") else str(raw)
    if raw == OPEN:
        return Perspective(None, True)
    if _whole_number(raw) and int(raw) < table.seat_count:
        return Perspective(int(raw), False)
    seats = f"0 to {table.seat_count - 1}" if table.seat_count > 1 else "0"
    raise BadRequest(f'"as" must be "open" (every hand shown) or a seat number ({seats}), not {raw[:20]!r}.')


def last_step(table):
    return store.current_version(table.stream)


def step_number(raw, last):
    """The step the ``step`` parameter names (0, before the first move, when it is missing); BadRequest otherwise."""
    if raw in (None, ""):
        return 0
    raw = str(raw)
    if not _whole_number(raw) or int(raw) > last:
        raise BadRequest(f'"step" must be a whole number from 0 to {last}, not {raw[:20]!r}.')
    return int(raw)


def _whole_number(raw):
    """Digits only, and few enough that ``int`` takes them at once (Python refuses thousands of digits)."""
    return raw.isascii() and raw.isdigit() and len(raw) <= 9


def at_step(table, step, seen_as, last=None, names=None):
    """The replay at ``step`` from perspective ``seen_as``: {"table", "step", "last_step", "as", "view",
    "hands", "move", "head"}: "view" is the view then (None before the first event), "hands" (open perspective
    only) each seat's own part of it, "move" the line of event ``step`` (None at step 0); players' names in."""
    engine = get_engine(table.game)
    names = seat_names(table) if names is None else names
    state, tail = snapshots.rebuild(table, step)
    view = hands = None
    if step > 0 and state is not None:
        view, hands = shown_view(engine, state, seen_as)
    move = move_log.line(engine, tail[-1], seen_as.seat, seen_as.open, names) if tail else None
    return {
        "table": str(table.id),
        "step": step,
        "last_step": last_step(table) if last is None else last,
        "as": seen_as.token,
        "view": named(view, names),
        "hands": named(hands, names),
        "move": move,
        "head": tail[-1].hash if tail else chain.GENESIS,  # the log's head at this step
        "at": tail[-1].created_at if tail else None,  # when event ``step`` was stored
    }


def shown_view(engine, state, seen_as):
    """(view, hands). A seat's view is the engine's view for the seat, as the seat was sent it (hands None).
    The open view is the watcher's view with each player's own part put in, and ``hands`` lists those
    parts: {"seat", "parts": {key: value}}, a seat's hand and whatever else only that seat sees of itself."""
    if not seen_as.open:
        if seen_as.seat >= engine.seat_count(state):
            return engine.view(state, None), None  # a late joiner before it sat down saw what a watcher sees
        return engine.view(state, seen_as.seat), None
    view = engine.view(state, None)
    hands = []
    for seat, player in enumerate(view["players"]):
        own = engine.view(state, seat)["players"][seat]
        parts = {key: value for key, value in own.items() if key not in player}
        player.update(parts)
        hands.append({"seat": seat, "parts": parts})
    return view, hands


def moves(table, seen_as):
    """Every event's line from perspective ``seen_as`` (move_log.lines)."""
    return move_log.lines(table, seat=seen_as.seat, open=seen_as.open)

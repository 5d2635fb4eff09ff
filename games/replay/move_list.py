"""The replay's move list: every step in the move log's words, grouped into the game's chapters (rounds,
and tricks or turns in them: Engine.chapters), each move with what a reader jumps by (its round, its trick
or turn, its seat) and, in a game whose misplays are called, the misplays marked with the rule broken
and whether and when they were called (Engine.misplay, Engine.call).

The list of a finished log never changes, so each perspective's is kept in Django's cache per table
version and players' names (shared by every process, like the replay's snapshots).
"""

import hashlib
from dataclasses import dataclass, field

from django.core.cache import cache

from events import store
from games.engines import get_engine
from games.frames import move_log
from games.play.names import named, seat_name, seat_names

FORMAT = 1
TIMEOUT = 24 * 60 * 60
KINDS = ("trick", "turn")  # the chapters a round holds


@dataclass
class Move:
    step: int
    text: str
    seat: int | None  # the seat the event names, if any (a jump to "the next move of" a player)
    round: int
    section: int  # the trick or turn, counted from 1 in its round
    misplay: str = ""  # the rule the move broke, in words
    called_at: int | None = None  # the step of the call that caught the misplay
    call: str = ""  # for a call: "right" or "wrong"


@dataclass
class Section:
    number: int
    label: str
    moves: list = field(default_factory=list)


@dataclass
class Round:
    number: int
    label: str
    sections: list = field(default_factory=list)


def move_list(table, seen_as, last, names=None):
    """The rounds of the log up to ``last`` as ``seen_as`` reads it: [Round(sections=[Section(moves=[Move])])]."""
    names = seat_names(table) if names is None else names
    # The lines hold the players' names: a name changed is another list.
    named_as = hashlib.sha256("\x00".join(name or "" for name in names).encode()).hexdigest()[:16]
    key = f"replay-moves:{FORMAT}:{table.id}:{last}:{seen_as.token}:{named_as}"
    found = cache.get(key)
    if found is None:
        found = _chapters(table, seen_as, last, names)
        cache.set(key, found, TIMEOUT)
    return found


def _chapters(table, seen_as, last, names):
    engine = get_engine(table.game)
    events = store.read(table.stream, upto=last, game=table.game)
    lines = move_log.describe(table, events, seat=seen_as.seat, open=seen_as.open, names=names)
    inner = next((kind for kind in engine.chapters.values() if kind in KINDS), None)
    rounds = [Round(1, "")]
    section = Section(1, "")
    rounds[0].sections.append(section)
    for event, line in zip(events, lines, strict=True):
        if not rounds[-1].sections:
            section = Section(1, "")
            rounds[-1].sections.append(section)
        seat = event.payload.get("seat")
        section.moves.append(
            Move(
                line["version"],
                line["text"],
                seat if isinstance(seat, int) else None,
                rounds[-1].number,
                section.number,
            )
        )
        closes = engine.chapters.get(event.type)
        if closes == "round":
            rounds.append(Round(rounds[-1].number + 1, ""))
        elif closes in KINDS:
            section = Section(section.number + 1, "")
            rounds[-1].sections.append(section)
    rounds = [
        Round(found.number, found.label, [part for part in found.sections if part.moves])
        for found in rounds
        if any(part.moves for part in found.sections)
    ]
    _label(rounds, "round" in engine.chapters.values(), inner, names)
    _mark_misplays(engine, events, rounds, names)
    return rounds


def _label(rounds, has_rounds, inner, names):
    """ "Round 2", and in it "Trick 3", or "Turn 12 · Ana" (whose turn: the first seat its moves name)."""
    turn = 0
    for found in rounds:
        found.label = f"Round {found.number}" if has_rounds else ""
        for section in found.sections:
            turn += 1
            if inner == "trick":
                section.label = f"Trick {section.number}"
            elif inner == "turn":
                seat = next((move.seat for move in section.moves if move.seat is not None), None)
                whose = f" · {seat_name(names, seat)}" if seat is not None else ""
                section.label = f"Turn {section.number if has_rounds else turn}{whose}"


def _mark_misplays(engine, events, rounds, names):
    moves = {move.step: move for found in rounds for section in found.sections for move in section.moves}
    plays = {}  # a move's id -> its step
    for event in events:
        misplay = engine.misplay(event.payload)
        if misplay:
            plays[misplay["play"]] = event.version
            moves[event.version].misplay = named(misplay["text"], names)
        call = engine.call(event.payload)
        if call:
            moves[event.version].call = "right" if call["correct"] else "wrong"
            caught = plays.get(call["play"])
            if call["correct"] and caught is not None:
                moves[caught].called_at = event.version

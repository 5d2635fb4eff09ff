"""What a bot would have played: at a step of a finished game seen from a seat, the move that game's bot
chooses from exactly that seat's view (the engine's ``view`` for the seat and its legal commands, as the
live table's bots get them: games.play.bot_turns), in words; and the moves where the player chose
otherwise.

The bot sees what the seat saw and nothing more. Its choice is put in words by deciding it on the state at
the step and describing the first event as the seat would have been told it; should that sentence show a
card the seat could not see then (the card a draw would have brought), the watcher's sentence stands in.

A player "chose otherwise" where their own move (the first event of a command they gave: the events of
one command are stored together, at one moment) differs from the first event the bot's command makes at
the step before it. Computed on request, then kept in Django's cache: per (table, step, seat) for one
step, per (table, version, seat) for a game's marks.
"""

import random
import re
from collections import Counter

from django.core.cache import cache

from events import store
from games.bots import bot_for, levels
from games.engines import get_engine
from games.engines.bot_base import turn_commands
from games.engines.errors import IllegalCommand
from games.engines.wording import CARD_CODE
from games.play.names import named
from games.replay import snapshots

FORMAT = 1
TIMEOUT = 24 * 60 * 60
_CARD = re.compile(CARD_CODE)
# Filled in by the rng of the command, not by the choice: never compared.
_BY_CHANCE = frozenset({"commitment", "order", "deck", "stock"})


def choice_at(table, step, seat, names):
    """{"text": the bot's move in words (None: the seat had nothing of its own turn to do), "resting":
    whether anyone could act at ``step`` (the board after ``step`` events); not between two events of one
    command, which nobody saw} from ``seat``'s view."""
    key = f"replay-bot:{FORMAT}:{table.id}:{step}:{seat}"
    found = cache.get(key)
    if found is None:
        state, tail = snapshots.rebuild(table, step)
        following = store.read(table.stream, after=step, upto=step + 1, game=table.game)
        resting = bool(tail) and (not following or _opens(following[0], tail[-1]))
        text = _sentence(table, get_engine(table.game), state, step, seat) if resting else None
        found = {"text": text, "resting": resting}
        cache.set(key, found, TIMEOUT)
    return {**found, "text": named(found["text"], names) if found["text"] else None}


def differences(table, seat, last):
    """The steps of ``seat``'s own moves up to version ``last`` where the bot would have chosen otherwise,
    sorted."""
    key = f"replay-bot-marks:{FORMAT}:{table.id}:{last}:{seat}"
    found = cache.get(key)
    if found is None:
        events = store.read(table.stream, upto=last, game=table.game)
        found = _differences(table, get_engine(table.game), seat, events)
        cache.set(key, found, TIMEOUT)
    return found


def _differences(table, engine, seat, events):
    found = []
    state = engine.initial_state()
    previous = None
    for event in events:
        if _own_move(event, previous, seat):
            chosen = _first_event(table, engine, state, event.version - 1, seat)
            if chosen is not None and _choice(chosen) != _choice(event.payload):
                found.append(event.version)
        state = engine.evolve(state, event.payload)
        previous = event
    return found


def _own_move(event, previous, seat):
    """Whether ``event`` opens a command ``seat`` gave: it names the seat and opens a command."""
    return (previous is None or _opens(event, previous)) and event.payload.get("seat") == seat


def _opens(event, previous):
    """Whether ``event`` was stored apart from the event before it: it opens a command of its own."""
    return (previous.created_at, previous.actor_kind) != (event.created_at, event.actor_kind)


def _first_event(table, engine, state, step, seat):
    """The first event of the bot's command for ``seat`` in ``state`` (None: nothing of its turn to do)."""
    if state is None or seat >= engine.seat_count(state) or engine.is_over(state):
        return None
    legal = engine.legal_commands(state, seat)
    if not turn_commands(legal, engine.out_of_turn):
        return None
    rng = random.Random(f"{table.id}:{step}:{seat}")
    command = bot_for(table.game, levels(table.game)[0])(engine.view(state, seat), legal, rng)
    if command is None:
        return None
    try:
        events = engine.decide(state, seat, command, rng=rng)
    except IllegalCommand:
        return None  # a bot's bug: the live table refuses it too (games.play.bot_turns), so it chose nothing
    return events[0] if events else None


def _sentence(table, engine, state, step, seat):
    event = _first_event(table, engine, state, step, seat)
    if event is None:
        return None
    told = engine.redact_event(event, seat)
    if _cards(told) - _cards(engine.redact_event(event, None)) - _cards(engine.view(state, seat)):
        told = engine.redact_event(event, None)  # a card the seat had not seen: the watcher's words
    return engine.describe(told)


def _choice(event):
    return {key: value for key, value in event.items() if key not in _BY_CHANCE}


def _cards(value):
    """The card codes anywhere in a view or an event, counted (a game may have two of a card)."""
    if isinstance(value, str):
        return Counter([value]) if _CARD.fullmatch(value) else Counter()
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list | tuple):
        return sum((_cards(item) for item in value), Counter())
    return Counter()

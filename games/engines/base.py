"""What every engine shares: the Decider skeleton, the checks every command passes, and command-checking helpers."""

import random
import re
from collections import Counter
from functools import cached_property, reduce

from . import turn_clock
from .command_table import ANY_SEAT, HOST, SEAT_TO_ACT, SEATED, STAFF, SYSTEM, UNSEATED, Command, combine, handle
from .errors import SEAT_IN_TEXT, IllegalCommand

__all__ = [
    "Engine",
    "RulesEngine",
    "Command",
    "combine",
    "handle",
    "SEAT_TO_ACT",
    "ANY_SEAT",
    "HOST",
    "STAFF",
    "SYSTEM",
]


class Engine:
    """Base of the per-game engines. A subclass overrides the hooks below.

    State is an immutable value: ``evolve`` returns a new state and never
    touches the old one, so ``decide`` can never change the state it is given.
    """

    name = ""
    title = ""  # the name people read
    noun = "game"  # what one whole play of it is called in sentences: "The game is over."
    min_players = 2
    max_players = 9
    # The options a host may set, for the lobby's form: dicts with "name", "label",
    # "kind" ("bool", "choice" or "number"), "default", for a choice "choices" [[value, label], ...],
    # for a number "min" and "max". A blank number or choice is left out (the game's default).
    option_fields = ()
    # The command table, {type: Command} (command_table.py): every command the game takes, who may
    # send it and its handler, the turn clock's combined in.
    commands = {}
    # The host's commands the host is offered while the game runs (their types are HOST commands of
    # the table): dicts with "command" (the command), "label" (a button's text) and "confirm" (a
    # question to ask first).
    host_commands = ()
    # The system command that adds a seat to a running game (decided with seat None), or None when
    # the game takes no late joiners. Its events name the new seat in a "joined" event.
    late_join_command = None
    # On what terms a late joiner takes a seat, in words the table and the API show ("as this round's
    # loser, ..."), for a game with a late_join_command.
    late_join_terms = ""
    # Old event shapes read as today's: {(event type, from schema): function(payload) -> payload of
    # the next schema}. events/upcasting.py applies them to the game's stored events.
    upcasters = {}
    # The events that set an order of cards by chance (deals, reshuffles), each of which carries a
    # commitment (fairness.py): {event type: function(payload) -> whether this one does}. It never
    # looks at the commitment, so a deal that lost its commitment is still known for one.
    deals = {}
    # Table options that give hidden information away (Spite's fake joker faces): nobody is shown
    # them until the game is over.
    secret_options = frozenset()
    # The option the platform sets to a turn-based table's seconds per move, for a game whose rules change
    # when its players are not all present (Spite drops its countdown); None: the rules are the same.
    turn_based_option = None
    # The event types that may be rulings players can dispute (disputable below says which are): none
    # for a game without rulings.
    ruling_types = frozenset()
    # How the game's log reads as chapters, for the replay's move list and score chart: {event type: the
    # chapter it closes}, a chapter being "round", "trick" or "turn" (a round closes the trick or turn
    # running in it too). Empty: one chapter.
    chapters = {}

    # --- hooks a game overrides -------------------------------------------
    def initial_state(self):
        return None

    def start(self, players, options=None, deck=None, rng=None):
        raise NotImplementedError

    def evolve(self, state, event):
        raise NotImplementedError

    def turn_refusal(self, state, seat, kind):
        """Why ``seat`` may not give a SEAT_TO_ACT command of type ``kind`` now (a sentence), or None.
        By default a seat may act on its turn."""
        return not_your_turn(state, seat)

    def seat_count(self, state):
        """The number of seats of a started game."""
        return state.players

    def view(self, state, seat):
        raise NotImplementedError

    def legal_commands(self, state, seat):
        raise NotImplementedError

    def offered_commands(self, state, seat):
        """The commands a seat is told it may send (the REST view's ``legal_commands``, the page): its
        legal commands, unless the game's rules keep legality from the players (Spite's table mode)."""
        return self.legal_commands(state, seat)

    def board_commands(self, state, seat):
        """The offered commands the table page lights up: all of them, unless a game has too many to send."""
        return self.offered_commands(state, seat)

    def redact_event(self, event, seat):
        """The event as ``seat`` may see it while the game runs (None = spectator)."""
        raise NotImplementedError

    def describe(self, shown):
        """One sentence a person reads for an event as it is shown (the whole event, or as ``redact_event``
        gave it to a seat): "{seat:0} plays 7♥ on pile 2". It names seats as "{seat:N}" and tells only what
        the shown event holds, so it can never say more than its reader may know."""
        raise NotImplementedError

    def timers(self, state):
        """The game's own timers running now: dicts with "key" (unique in the table's life), "seconds"
        and "command" (the system command to submit when it runs out). None by default."""
        return []

    def awaited_seats(self, state):
        """The seats the game waits on now, each for a move of its own: at a turn-based table their time
        runs and "Your games" lists the table as their turn. By default the view's ``to_move``; a game
        whose phase lets several seats act (Spite's opening) names them. A seat's own secret may decide
        whether it is awaited, so this is told only to that seat."""
        if state is None or self.is_over(state):
            return frozenset()
        seat = self.view(state, None).get("to_move")
        return frozenset() if seat is None else frozenset({seat})

    def host_commands_now(self, state):
        """The host commands (dicts like ``host_commands``) the host may give now: none unless the game
        runs; ``host_commands`` and, while a seat is absent on the turn clock, abandon and carry on."""
        if state is None or self.is_over(state):
            return []
        return list(self.host_commands) + turn_clock.host_entries(getattr(state, "clock", None))

    def seat_commands_now(self, state, seat):
        """Commands a seat may give now that are no move of the game (dicts like ``host_commands``):
        resigning, and taking its seat back from a bot the host handed it to. Not in ``legal_commands``:
        bots never give them."""
        if state is None or seat is None or self.is_over(state) or getattr(state, "clock", None) is None:
            return []
        return turn_clock.seat_entries(state, seat)

    def seats_with_bot(self, state):
        """The seats the host handed to a bot on the turn clock (a bot plays them until taken back)."""
        clock = getattr(state, "clock", None)
        return frozenset() if clock is None else clock.bots

    def is_over(self, state):
        raise NotImplementedError

    def resigned_seats(self, state):
        """The seats whose players resigned (games.engines.resign): they rank last, after every other seat."""
        clock = getattr(state, "clock", None)
        return frozenset() if clock is None else clock.resigned

    def describe_options(self, options):
        """A table's options in words for the lobby, one phrase each: every declared option set to other
        than its default ("Rounds in the match: 7"); a game adds the ones its form does not offer."""
        words = []
        for field in self.option_fields:
            value = options.get(field["name"])
            if value is None or value == field.get("default"):
                continue
            label = re.sub(r"\s*\(blank:[^)]*\)", "", field["label"])
            if field["kind"] == "bool":
                words.append(label if value else f"no {label[:1].lower()}{label[1:]}")
            elif field["kind"] == "choice":
                shown = next((text for choice, text in field["choices"] if choice == value), value)
                words.append(f"{label}: {shown}")
            else:
                words.append(f"{label}: {value}")
        return words

    def progress(self, state):
        """How far along a started game is, as a short phrase anyone may read ("round 2 of 5"): the
        lobby's games in play show it. Seats as "{seat:N}"; nothing hidden. "" when a game says nothing."""
        return ""

    def places(self, event):
        """The places on the board ``event`` changed, by the names its board template gives them in
        ``data-place`` ("pile-2", "stack-1-3"): the live table marks those of the last move. Only places,
        never cards, so the whole event may be given. None by default."""
        return []

    def winners(self, state):
        """The seats that won a finished game: none after a draw or an abandoned game. By default the
        view's ``winner`` (one seat, or null), unless that seat resigned (a bot played it to the end)."""
        winner = self.view(state, None).get("winner")
        return [winner] if winner is not None and winner not in self.resigned_seats(state) else []

    def is_deal(self, event):
        """Whether ``event`` (a payload in today's shape) set an order of cards by chance, and so must carry
        a commitment (``deals``)."""
        test = self.deals.get(event.get("type"))
        return bool(test and test(event))

    def standings(self, state):
        """A finished game's finishing order, for ratings: a list of groups of seats, best first, the seats of
        a group tied. By default the winners, then every other seat tied (after a draw, one group of all);
        a game with places or scores overrides it. Resigned seats always come last, tied among themselves."""
        winners = sorted(self.winners(state))
        others = [seat for seat in range(self.seat_count(state)) if seat not in winners]
        return self.resigned_last(state, [winners, others])

    def resigned_last(self, state, groups):
        """``groups`` (seats best first, tied seats together) with the resigned seats taken out of them and
        put last, tied; empty groups left out."""
        resigned = self.resigned_seats(state)
        kept = [[seat for seat in group if seat not in resigned] for group in groups]
        return [group for group in [*kept, sorted(resigned)] if group]

    # --- disputes: a game whose rulings players may dispute overrides these three ---------------
    def disputable(self, event):
        """The seats a ruling ``event`` involves (who may dispute it), as a sorted tuple; None when the
        event is no ruling. No game has rulings by default."""
        return None

    def ruling_facts(self, events, event):
        """What staff review a disputed ruling ``event`` by, given the ``events`` before it (unredacted):
        a list of {"label", "text"} (seats as "{seat:N}"). The first fact is the ruling's sentence, drawn
        from ``event`` alone (``events`` may be empty for it), which the players see too: it names no
        hidden card."""
        return []

    def misplay(self, event):
        """For the replay's move list, in a game that lets a move break a rule until someone calls it: the
        rule ``event`` (a whole event) broke, {"play": the move's id, "text": the rule in words}, or None. A
        finished game's misplays are public, so the list marks them from every perspective."""
        return None

    def call(self, event):
        """For the replay's move list: {"play": the id of the move a call judged, "correct": whether it
        was a misplay} for an event that rules on a call, or None."""
        return None

    def overturn_command(self, events, event, reason):
        """The staff command that overturns the ruling ``event`` (``events``: the whole log up to now),
        or None when the game cannot undo it."""
        return None

    # --- shared ------------------------------------------------------------
    @property
    def seat_choices(self):
        return range(self.min_players, self.max_players + 1)

    def sender_of(self, command):
        """Who may send ``command`` (SEAT_TO_ACT, ANY_SEAT, HOST, STAFF or SYSTEM); None for a command that
        is no dict with a string type, or whose type the game does not have."""
        entry = self._entry(command)
        return entry.sender if entry else None

    @cached_property
    def out_of_turn(self):
        """The command types any seated player may give, in turn or not (ANY_SEAT in the command table):
        the seat's other commands are those of its own turn."""
        return frozenset(kind for kind, entry in self.commands.items() if entry.sender == ANY_SEAT)

    def holds_at_any_version(self, command):
        """Whether ``command`` means the same whatever version its sender saw (the table declares it:
        ``Command.any_version``), so it is decided at the table's latest version, never refused as stale."""
        entry = self._entry(command)
        return bool(entry and entry.any_version)

    def _entry(self, command):
        """The command table's entry for ``command``; None for no dict with a string type, or a type the game lacks."""
        if not isinstance(command, dict) or not isinstance(command.get("type"), str):
            return None
        return self.commands.get(command["type"])

    def decide(self, state, seat, command, rng=None):
        """The events of ``command`` from ``seat`` (None: the host, staff or the system), or IllegalCommand.

        Every game's commands pass the same checks here, then go to their handler in the table.
        """
        kind = require_dict(command)
        entry = self.commands.get(kind)
        if entry is None:
            raise IllegalCommand(self._no_such_command(kind))
        self._require_running(state, entry)
        self._require_sender(state, seat, kind, entry)
        return entry.handler(state, seat, command, default_rng(rng))

    def _require_running(self, state, entry):
        if state is None:
            raise IllegalCommand(f"The {self.noun} has not started.")
        if self.is_over(state) and not entry.after_end:
            raise IllegalCommand(f"The {self.noun} is over.")

    def _require_sender(self, state, seat, kind, entry):
        """The host's, staff's and the system's commands come with seat None; a seat's with its number,
        and SEAT_TO_ACT only when the game lets that seat act now."""
        if entry.sender in UNSEATED:
            if seat is not None:
                raise IllegalCommand(self._not_for_a_seat(kind, entry.sender))
            return
        if seat is None:
            raise IllegalCommand(f"There is no system or host command {kind!r} here.")
        require_seat(seat, self.seat_count(state))
        refusal = self.turn_refusal(state, seat, kind) if entry.sender == SEAT_TO_ACT else None
        if refusal:
            raise IllegalCommand(refusal)

    def _no_such_command(self, kind):
        players = ", ".join(name for name, entry in self.commands.items() if entry.sender in SEATED)
        return f'{self.title} has no command "{kind}"; the commands are {players}.'

    def _not_for_a_seat(self, kind, sender):
        if sender == HOST:
            return "Only the table's host can give that command."
        if sender == STAFF:
            return "Only staff can give that command."
        return self._no_such_command(kind)

    def describe_event(self, event, seat=None, open=False):
        """The sentence for ``event`` as ``seat`` may see it while the game runs (None: a watcher), or with
        every card shown (``open``: a finished game, or staff)."""
        return self.describe(event if open else self.redact_event(event, seat))

    def fold(self, events, state=None):
        """Replay: evolve from the initial state (or from ``state``, a snapshot)."""
        if state is None:
            state = self.initial_state()
        return reduce(self.evolve, events, state)


class RulesEngine(Engine):
    """An engine whose hooks live in its game package's modules, one module per concern.

    ``deal.start``, ``evolve.evolve``, ``decide.COMMANDS`` (the command table), ``view.view``,
    ``view.redact_event``, ``legal.legal_commands`` and, if the game has one, ``decide.turn_refusal``,
    ``legal.offered_commands``, ``legal.board_commands``, ``legal.timers``, ``legal.host_commands_now``
    (given the state and the engine's ``host_commands``), ``view.progress`` (how far along a game is), ``view.places`` (what an event changed on the board) and
    ``describe.describe`` (an event's sentence). A state has ``over`` and ``players``.
    """

    def __init__(self, *, deal, evolve, decide, view, legal, describe=None):
        self._deal, self._evolve, self._decide, self._view, self._legal = deal, evolve, decide, view, legal
        self._describe = describe
        self.commands = getattr(decide, "COMMANDS", {})

    def start(self, players, options=None, deck=None, rng=None):
        return self._deal.start(players, options, deck, rng)

    def evolve(self, state, event):
        return self._evolve.evolve(state, event)

    def turn_refusal(self, state, seat, kind):
        refusal = getattr(self._decide, "turn_refusal", None)
        return refusal(state, seat, kind) if refusal else super().turn_refusal(state, seat, kind)

    def view(self, state, seat):
        return self._view.view(state, seat)

    def legal_commands(self, state, seat):
        return self._legal.legal_commands(state, seat)

    def offered_commands(self, state, seat):
        offered = getattr(self._legal, "offered_commands", None)
        return offered(state, seat) if offered else self.legal_commands(state, seat)

    def board_commands(self, state, seat):
        board = getattr(self._legal, "board_commands", None)
        return board(state, seat) if board else self.offered_commands(state, seat)

    def redact_event(self, event, seat):
        return self._view.redact_event(event, seat)

    def describe(self, shown):
        if self._describe is None:
            return super().describe(shown)
        return self._describe.describe(shown)

    def timers(self, state):
        timers = getattr(self._legal, "timers", None)
        return timers(state) if timers and state is not None else super().timers(state)

    def host_commands_now(self, state):
        now = getattr(self._legal, "host_commands_now", None)
        return now(state, self.host_commands) if now else super().host_commands_now(state)

    def is_over(self, state):
        return state is not None and state.over

    def places(self, event):
        places = getattr(self._view, "places", None)
        return places(event) if places else super().places(event)

    def progress(self, state):
        progress = getattr(self._view, "progress", None)
        return progress(state) if progress and state is not None else super().progress(state)


# --- seats in sentences --------------------------------------------------------------------------
# Engines know seats, not people: a sentence a player reads (a ruling's text, say) names a seat as
# "{seat:2}", and the platform puts in the player's display name for whoever reads it.


def seat_in_text(seat):
    """How an engine's sentence names a seat: "{seat:2}"."""
    return f"{{seat:{seat}}}"


def with_seat_names(value, name_of):
    """``value`` (JSON-like) with every "{seat:N}" in its strings replaced by ``name_of(N)``: its lists and
    dicts copied, anything else as it is."""
    if isinstance(value, list):
        return [item if _stays(item) else with_seat_names(item, name_of) for item in value]
    if isinstance(value, dict):
        return {key: item if _stays(item) else with_seat_names(item, name_of) for key, item in value.items()}
    if isinstance(value, str) and "{seat:" in value:
        return SEAT_IN_TEXT.sub(lambda found: name_of(int(found.group(1))), value)
    return value


_LEAVES = frozenset({int, float, bool, type(None), tuple})


def _stays(value):
    """Whether ``value`` is kept as it is without a look inside: most of a view's values are card codes
    (strings naming no seat) and numbers."""
    kind = type(value)
    return kind in _LEAVES or (kind is str and "{seat:" not in value)


def by_event_type(event_types, functions):
    """{event type: ``functions["_" + type]``}: a game lists its event types once (its ``event_types``
    module), and its evolve and its describe each name one function for each, "_" and the type. A type
    either leaves out is a TypeError as the module loads, not a surprise in a game."""
    missing = [kind for kind in event_types if "_" + kind not in functions]
    if missing:
        raise TypeError(f"No function for the event types {', '.join(missing)}.")
    return {kind: functions["_" + kind] for kind in event_types}


def apply_event(handlers, state, event, game):
    """``evolve`` by event type; ValueError for a type the game does not have."""
    apply = handlers.get(event.get("type"))
    if apply is None:
        raise ValueError(f"{game} has no event type {event.get('type')!r}.")
    return apply(state, event)


def not_your_turn(state, seat):
    """The refusal for a seat acting out of turn, or None on its turn (or while nobody is to move)."""
    if state.to_move is not None and seat != state.to_move:
        return f"It is {seat_in_text(state.to_move)}'s turn, not yours."
    return None


def default_rng(rng):
    """The contract's default: a fresh system random generator."""
    return rng if rng is not None else random.SystemRandom()


def require_dict(command):
    if not isinstance(command, dict):
        raise IllegalCommand('A command must be an object with a "type".')
    kind = command.get("type")
    if not isinstance(kind, str):
        raise IllegalCommand('A command must have a "type".')
    return kind


def require_index(command, key, size, what):
    """An integer field in range 0..size-1 (bools are not integers here)."""
    value = command.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalCommand(f'"{key}" must be the number of a {what} (0 to {size - 1}).')
    if not 0 <= value < size:
        raise IllegalCommand(f"There is no {what} {value}; {what}s are numbered 0 to {size - 1}.")
    return value


def require_seat(seat, players):
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise IllegalCommand(f"There is no seat {seat!r} at this table.")
    return seat


def require_held(hand, cards):
    """IllegalCommand unless ``hand`` holds every one of ``cards``, counting copies."""
    held = Counter(hand)
    for card, wanted in Counter(cards).items():
        if held[card] < wanted:
            if held[card] == 0:
                raise IllegalCommand(f"You do not hold {card}.")
            times = f"{held[card]} time{'s' if held[card] > 1 else ''}"
            raise IllegalCommand(f"You hold {card} only {times}, not {wanted}.")

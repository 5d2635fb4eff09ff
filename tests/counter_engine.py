"""A tiny engine for platform tests: seats take turns adding 1; the system may add 10.

It follows the same contract as the real engines, so the platform code under
test cannot tell it apart; it exists to exercise paths (system commands,
timers) without a real game's rules in the way:

- any seat other than the seat to move may ``{"type": "start_countdown", "seconds": k}``;
  the engine's ``timers`` then report countdown n, whose system command
  ``{"type": "countdown_expired", "countdown": n}`` adds 100 for the seat to move
  (and passes the turn); the seat's own ``add`` ends the countdown, so a late
  expiry is refused, like Spite's;
- the system's ``{"type": "turn_timeout", "seat": s}`` adds 1 for the seat to move
  (tagged ``auto``) after a ``timed_out`` event;
- the system's ``{"type": "finish"}`` ends the game;
- the host's ``{"type": "abandon"}`` ends it too (there is no absent seat to wait for).

It installs as a game (``game``) with no board, bot or templates: ``install`` for one test, or
CARDROOM_EXTRA_GAMES=counter_engine for a process of its own (with tests/ on its path).
"""

from pathlib import Path

from games.engines import IllegalCommand
from games.engines.base import ANY_SEAT, HOST, SEAT_TO_ACT, SYSTEM, Command, Engine
from games.engines.registry import Game

FINISHED = 1000  # a total this high is a finished game


def _add(state, seat, command, rng):
    return [{"type": "added", "by": 1}]


def _bump(state, seat, command, rng):
    return [{"type": "added", "by": 10}]


def _finish(state, seat, command, rng):
    return [{"type": "added", "by": FINISHED}]


def _start_countdown(state, seat, command, rng):
    if seat == state["to_move"] or state["countdown"]:
        raise IllegalCommand("Only a seat not to move may start a countdown, and only one at a time.")
    return [
        {
            "type": "countdown_started",
            "countdown": state["countdowns"] + 1,
            "seconds": command.get("seconds", 5),
            "by": seat,
        }
    ]


def _countdown_expired(state, seat, command, rng):
    if not state["countdown"] or command.get("countdown") != state["countdown"]["countdown"]:
        raise IllegalCommand("That countdown is not running.")
    return [{"type": "added", "by": 100}]


def _turn_timeout(state, seat, command, rng):
    if command.get("seat") != state["to_move"]:
        raise IllegalCommand("That turn is over.")
    return [{"type": "timed_out", "seat": state["to_move"]}, {"type": "added", "by": 1, "auto": True}]


def _abandon(state, seat, command, rng):
    return [{"type": "abandoned"}]


class CounterEngine(Engine):
    name = "counter"
    title = "Counter"
    commands = {
        "add": Command(_add, SEAT_TO_ACT),
        "start_countdown": Command(_start_countdown, ANY_SEAT),
        "bump": Command(_bump, SYSTEM),
        "finish": Command(_finish, SYSTEM),
        "countdown_expired": Command(_countdown_expired, SYSTEM),
        "turn_timeout": Command(_turn_timeout, SYSTEM),
        "abandon": Command(_abandon, HOST),
    }

    def start(self, players, options=None, deck=None, rng=None):
        if options:
            raise ValueError("Counter has no options.")
        return [{"type": "started", "players": players}]

    def evolve(self, state, event):
        kind = event["type"]
        if kind == "started":
            return {
                "players": event["players"],
                "total": 0,
                "to_move": 0,
                "countdown": None,
                "countdowns": 0,
                "timeouts": 0,
                "abandoned": False,
            }
        if kind == "countdown_started":
            return {
                **state,
                "countdown": {"countdown": event["countdown"], "seconds": event["seconds"]},
                "countdowns": event["countdown"],
            }
        if kind == "timed_out":
            return {**state, "timeouts": state["timeouts"] + 1}
        if kind == "abandoned":
            return {**state, "abandoned": True}
        step = event["by"]
        return {
            **state,
            "total": state["total"] + step,
            "countdown": None,
            "to_move": (state["to_move"] + 1) % state["players"],
        }

    def turn_refusal(self, state, seat, kind):
        return None if seat == state["to_move"] else "Only the seat to move may add."

    def seat_count(self, state):
        return state["players"]

    def timers(self, state):
        countdown = state["countdown"] if state else None
        if not countdown:
            return []
        number = countdown["countdown"]
        return [
            {
                "key": f"countdown-{number}",
                "seconds": countdown["seconds"],
                "seat": state["to_move"],
                "command": {"type": "countdown_expired", "countdown": number},
            }
        ]

    def view(self, state, seat):
        return {
            "game": "counter",
            "to_move": state["to_move"],
            "over": self.is_over(state),
            "winner": None,
            "total": state["total"],
            "players": [{} for _ in range(state["players"])],
        }

    def legal_commands(self, state, seat):
        return [{"type": "add"}] if seat == state["to_move"] else []

    def redact_event(self, event, seat):
        return event

    def is_over(self, state):
        return state is not None and (state["total"] >= FINISHED or state["abandoned"])


game = Game(engine=CounterEngine(), folder=Path(__file__).parent / "counter")


def install(monkeypatch):
    """Install the counter beside the settings' games for one test, as if settings listed it."""
    from games.engines import registry
    from games.tables import lobby

    monkeypatch.setattr(registry, "_installed", {**registry._installed, game.name: game})
    monkeypatch.setattr(lobby, "GAMES", registry.names())  # the lobby took the names when it was imported

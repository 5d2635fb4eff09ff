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
- the system's ``{"type": "finish"}`` ends the game.
"""
from games.engines import IllegalCommand
from games.engines.base import Engine


FINISHED = 1000  # a total this high is a finished game


class CounterEngine(Engine):
    name = "counter"
    title = "Counter"

    def start(self, players, options=None, deck=None, rng=None):
        if options:
            raise ValueError("Counter has no options.")
        return [{"type": "started", "players": players}]

    def evolve(self, state, event):
        kind = event["type"]
        if kind == "started":
            return {"players": event["players"], "total": 0, "to_move": 0, "countdown": None, "countdowns": 0,
                    "timeouts": 0}
        if kind == "countdown_started":
            return {**state, "countdown": {"countdown": event["countdown"], "seconds": event["seconds"]},
                    "countdowns": event["countdown"]}
        if kind == "timed_out":
            return {**state, "timeouts": state["timeouts"] + 1}
        step = event["by"]
        return {**state, "total": state["total"] + step, "countdown": None,
                "to_move": (state["to_move"] + 1) % state["players"]}

    def decide(self, state, seat, command, rng=None):
        kind = command.get("type")
        if kind == "bump" and seat is None:
            return [{"type": "added", "by": 10}]
        if kind == "finish" and seat is None:
            return [{"type": "added", "by": FINISHED}]
        if kind == "add" and seat == state["to_move"]:
            return [{"type": "added", "by": 1}]
        if kind == "start_countdown" and seat is not None and seat != state["to_move"] and not state["countdown"]:
            return [{"type": "countdown_started", "countdown": state["countdowns"] + 1,
                     "seconds": command.get("seconds", 5), "by": seat}]
        if kind == "countdown_expired" and seat is None and state["countdown"] \
                and command.get("countdown") == state["countdown"]["countdown"]:
            return [{"type": "added", "by": 100}]
        if kind == "turn_timeout" and seat is None and command.get("seat") == state["to_move"]:
            return [{"type": "timed_out", "seat": state["to_move"]}, {"type": "added", "by": 1, "auto": True}]
        raise IllegalCommand("Only the seat to move may add, and only the system may bump.")

    def timers(self, state):
        countdown = state["countdown"] if state else None
        if not countdown:
            return []
        number = countdown["countdown"]
        return [{"key": f"countdown-{number}", "seconds": countdown["seconds"], "seat": state["to_move"],
                 "command": {"type": "countdown_expired", "countdown": number}}]

    def view(self, state, seat):
        return {"game": "counter", "to_move": state["to_move"], "over": self.is_over(state), "winner": None,
                "total": state["total"], "players": [{} for _ in range(state["players"])]}

    def legal_commands(self, state, seat):
        return [{"type": "add"}] if seat == state["to_move"] else []

    def redact_event(self, event, seat):
        return event

    def is_over(self, state):
        return state is not None and state["total"] >= FINISHED

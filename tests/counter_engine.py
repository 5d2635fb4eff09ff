"""A tiny engine for platform tests: seats take turns adding 1; the system may add 10.

It follows the same contract as the real engines, so the platform code under
test cannot tell it apart; it exists to exercise paths (system commands) that
no real game uses yet.
"""
from games.engines import IllegalCommand
from games.engines.base import Engine


class CounterEngine(Engine):
    name = "counter"
    title = "Counter"

    def start(self, players, options=None, deck=None, rng=None):
        if options:
            raise ValueError("Counter has no options.")
        return [{"type": "started", "players": players}]

    def evolve(self, state, event):
        if event["type"] == "started":
            return {"players": event["players"], "total": 0, "to_move": 0}
        step = event["by"]
        return {**state, "total": state["total"] + step, "to_move": (state["to_move"] + 1) % state["players"]}

    def decide(self, state, seat, command, rng=None):
        if command.get("type") == "bump" and seat is None:
            return [{"type": "added", "by": 10}]
        if command.get("type") == "add" and seat == state["to_move"]:
            return [{"type": "added", "by": 1}]
        raise IllegalCommand("Only the seat to move may add, and only the system may bump.")

    def view(self, state, seat):
        return {"game": "counter", "to_move": state["to_move"], "over": False, "winner": None,
                "total": state["total"], "players": [{} for _ in range(state["players"])]}

    def legal_commands(self, state, seat):
        return [{"type": "add"}] if seat == state["to_move"] else []

    def redact_event(self, event, seat):
        return event

    def is_over(self, state):
        return False

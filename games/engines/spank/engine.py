"""The Spank! engine: the contract's interface, wired to the modules that do the work."""
from ..base import Engine
from . import deal, decide, evolve, legal, view
from .options import MAX_PLAYERS, MIN_PLAYERS


class SpankEngine(Engine):
    name = "spank"
    title = "Spank!"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    option_fields = (
        {"name": "sequence", "label": "Sequence variation (suits and colours matter)",
         "kind": "bool", "default": False},
        {"name": "two_set", "label": "Two-set deck", "kind": "choice", "default": None,
         "choices": [[None, "off (9 to A only)"], ["full", "full (3 or 4 packs)"], ["half", "half (1 to 3 packs)"]]},
    )

    def start(self, players, options=None, deck=None, rng=None):
        return deal.start(players, options, deck, rng)

    def evolve(self, state, event):
        return evolve.evolve(state, event)

    def decide(self, state, seat, command, rng=None):
        return decide.decide(state, seat, command, rng)

    def view(self, state, seat):
        return view.view(state, seat)

    def legal_commands(self, state, seat):
        return legal.legal_commands(state, seat)

    def redact_event(self, event, seat):
        return view.redact_event(event, seat)

    def is_over(self, state):
        return state is not None and state.over


engine = SpankEngine()

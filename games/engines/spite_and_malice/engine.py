"""The Spite & Malice engine: the contract's interface, wired to the modules that do the work."""
from ..base import Engine
from . import deal, decide, evolve, legal, view
from .options import MAX_PLAYERS, MAX_WIN_PILE, MIN_PLAYERS, MIN_WIN_PILE


class SpiteAndMaliceEngine(Engine):
    name = "spite_and_malice"
    title = "Spite & Malice"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    option_fields = (
        {"name": "decks", "label": "Decks (blank: 3 for two players, 4 for three, 5 for four; or one fewer)",
         "kind": "number", "default": None, "min": 2, "max": 5},
        {"name": "win_pile", "label": "Win pile (blank: 20 cards for two players, 10 for three or four)",
         "kind": "number", "default": None, "min": MIN_WIN_PILE, "max": MAX_WIN_PILE},
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

    def board_commands(self, state, seat):
        return legal.board_commands(state, seat)

    def redact_event(self, event, seat):
        return view.redact_event(event, seat)

    def is_over(self, state):
        return state is not None and state.over


engine = SpiteAndMaliceEngine()

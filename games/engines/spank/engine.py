"""The Spank! engine: the contract's interface, wired to the modules that do the work."""

from ..base import RulesEngine
from . import deal, decide, describe, evolve, legal, view
from .options import MAX_PLAYERS, MIN_PLAYERS
from .upcasters import DEALS, UPCASTERS


class SpankEngine(RulesEngine):
    name = "spank"
    title = "Spank!"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    upcasters = UPCASTERS
    deals = DEALS
    chapters = {"drew": "turn"}  # a seat's turn ends with its draw (evolve.py)
    option_fields = (
        {
            "name": "sequence",
            "label": "Sequence variation (suits and colours matter)",
            "kind": "bool",
            "default": False,
        },
        {
            "name": "two_set",
            "label": "Two-set deck",
            "kind": "choice",
            "default": None,
            "choices": [[None, "off (9 to A only)"], ["full", "full (3 or 4 packs)"], ["half", "half (1 to 3 packs)"]],
        },
    )

    def standings(self, state):
        """The winner first, then the other seats by score, highest first, equal scores tied (the rules rank
        only the winner; the scores are how near the others came)."""
        winners = self.winners(state)
        others = [seat for seat in range(state.players) if seat not in winners]
        scores = sorted({state.scores[seat] for seat in others}, reverse=True)
        by_score = [[seat for seat in others if state.scores[seat] == score] for score in scores]
        return self.resigned_last(state, [winners, *by_score])


engine = SpankEngine(deal=deal, evolve=evolve, decide=decide, view=view, legal=legal, describe=describe)

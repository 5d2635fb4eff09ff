"""The Spite & Malice engine: the contract's interface, wired to the modules that do the work."""

from ..base import RulesEngine
from . import deal, decide, describe, evolve, legal, view
from .options import MAX_PLAYERS, MAX_WIN_PILE, MIN_PLAYERS, MIN_WIN_PILE
from .upcasters import DEALS, UPCASTERS


class SpiteAndMaliceEngine(RulesEngine):
    name = "spite_and_malice"
    title = "Spite & Malice"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    upcasters = UPCASTERS
    deals = DEALS
    chapters = {"turn_ended": "turn"}
    option_fields = (
        {
            "name": "decks",
            "label": "Decks (blank: 3 for two players, 4 for three, 5 for four; or one fewer)",
            "kind": "number",
            "default": None,
            "min": 2,
            "max": 5,
        },
        {
            "name": "win_pile",
            "label": "Win pile (blank: 20 cards for two players, 10 for three or four)",
            "kind": "number",
            "default": None,
            "min": MIN_WIN_PILE,
            "max": MAX_WIN_PILE,
        },
    )


engine = SpiteAndMaliceEngine(deal=deal, evolve=evolve, decide=decide, view=view, legal=legal, describe=describe)

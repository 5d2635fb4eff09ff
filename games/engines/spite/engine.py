"""The Spite engine: the contract's interface, wired to the modules that do the work."""

from ..base import RulesEngine
from ..wording import cards_in_text
from . import deal, decide, describe, disputes, evolve, hands, legal, rounds, view
from .opening import may_open
from .options import MAX_PLAYERS, MIN_PLAYERS, STRICT
from .state import OPENING
from .upcasters import DEALS, UPCASTERS


class SpiteEngine(RulesEngine):
    name = "spite"
    title = "Spite"
    noun = "match"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    option_fields = (
        {
            "name": "rounds",
            "label": "Rounds in the match (blank: 5)",
            "kind": "number",
            "default": None,
            "min": 1,
            "max": 50,
        },
    )
    host_commands = (
        {
            "command": {"type": "end_match"},
            "label": "End the match",
            "confirm": "End the match now? The standings of the rounds played so far are final.",
        },
    )

    late_join_command = {"type": "join"}
    late_join_terms = "as this round's loser (-2), playing from the next round"
    secret_options = frozenset({"fake_joker_faces"})
    upcasters = UPCASTERS
    deals = DEALS
    chapters = {"trick_won": "trick", "round_ended": "round"}
    ruling_types = frozenset({"misplay_called", "trick_won"})  # disputes.py
    # At a turn-based table the countdown is off and the opening's ask has a timer (ask_timer.py).
    turn_based_option = "move_time"

    def describe_options(self, options):
        words = super().describe_options(options)
        if options.get("misplays") == STRICT:
            words.append("strict: illegal plays are refused")
        if options.get("fake_jokers") not in (None, 5):
            words.append(f"{options['fake_jokers']} fake jokers")
        return words

    def awaited_seats(self, state):
        """In the opening phase the seats that may lead with the asked rank or decline it (holding it is
        their secret: told to each seat alone); otherwise the seat to move."""
        if state is not None and not self.is_over(state) and state.phase == OPENING and state.hands:
            return frozenset(seat for seat in range(state.players) if may_open(state, seat))
        return super().awaited_seats(state)

    def classify(self, cards):
        """The contract's ranking without a game: the hand as a dict (IllegalCommand if it is none)."""
        return hands.classify(cards).as_dict()

    def beats(self, new, old, direction="higher"):
        return hands.beats(new, old, direction)

    def disputable(self, event):
        return disputes.disputable(event)

    def ruling_facts(self, events, event):
        return disputes.ruling_facts(events, event)

    def overturn_command(self, events, event, reason):
        return disputes.overturn_command(events, event, reason)

    def misplay(self, event):
        found = event.get("misplay")
        return {"play": event.get("id"), "text": cards_in_text(found["text"])} if found else None

    def call(self, event):
        if event.get("type") != "misplay_called":
            return None
        return {"play": event["play"], "correct": event["correct"]}

    def standings(self, state):
        """The match's standings, one seat a place: the highest score first, equal scores by the better place
        in the last round played (the match's own order: rounds.standings). With no round played to its end,
        every seat is level."""
        if not state.finish_history:
            return self.resigned_last(state, [list(range(state.players))])
        order = rounds.standings(state.scores, state.finish_history[-1])
        return self.resigned_last(state, [[seat] for seat in order])


engine = SpiteEngine(deal=deal, evolve=evolve, decide=decide, view=view, legal=legal, describe=describe)

"""Spite's old event shapes, read as today's (events/upcasting.py applies them; the log is never rewritten).

{(event type, from schema): function(payload) -> the payload of the next schema}.
"""

from ..fairness import always, uncommitted

# The events that set an order of cards by chance, each committed to (Engine.deals): the deals, the fake
# jokers' faces, and a joker put back into the deck at random.
DEALS = {
    "match_started": always,
    "dealt": always,
    "bounty_claimed": lambda claimed: claimed.get("jokers_returned", 0) > 0,
}


def _without_deck_rewards(key):
    """Events recorded before a correct caller could earn the deck's next card have no ``key``: none was."""

    def upcast(payload):
        return {**payload, key: payload.get(key, [])}

    return upcast


UPCASTERS = {
    ("misplay_called", 1): _without_deck_rewards("from_deck"),  # the card the caller earned
    ("ruling_overturned", 1): _without_deck_rewards("discarded"),  # that card, taken back by the overturn
    # Deals (and the fake jokers' faces, and a joker put back at random) recorded before deals were
    # committed to: "no commitment recorded".
    ("match_started", 1): uncommitted(DEALS["match_started"]),
    ("dealt", 1): uncommitted(DEALS["dealt"]),
    ("bounty_claimed", 1): uncommitted(DEALS["bounty_claimed"]),
}

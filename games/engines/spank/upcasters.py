"""Spank!'s old event shapes, read as today's (events/upcasting.py applies them; the log is never rewritten).
{(event type, from schema): function(payload) -> the payload of the next schema}.
"""

from ..fairness import always, uncommitted

# The events that set an order of cards by chance, each committed to (Engine.deals).
DEALS = {"dealt": always, "drew": lambda drew: drew.get("reshuffled") is not None}

UPCASTERS = {
    # Deals and reshuffles recorded before deals were committed to: "no commitment recorded".
    ("dealt", 1): uncommitted(DEALS["dealt"]),
    ("drew", 1): uncommitted(DEALS["drew"]),
}

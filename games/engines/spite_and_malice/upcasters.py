"""Spite & Malice's old event shapes, read as today's (events/upcasting.py applies them; the log is never
rewritten). {(event type, from schema): function(payload) -> the payload of the next schema}.
"""
from ..fairness import uncommitted

UPCASTERS = {
    # Deals and reshuffles recorded before deals were committed to: "no commitment recorded".
    ("dealt", 1): uncommitted(),
    ("drew", 1): uncommitted(lambda drew: drew.get("refill") is not None),
}

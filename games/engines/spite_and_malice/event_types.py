"""Spite & Malice's event types, listed once: evolve applies each and describe says each in words, with one
function for each type in both (base.by_event_type). The turn clock's events are every game's (turn_clock)."""

EVENT_TYPES = (
    "dealt",
    "played",
    "win_turned",
    "pile_retired",
    "won",
    "drew",
    "turn_ended",
    "stalemated",
)

"""Spank!'s event types, listed once: evolve applies each and describe says each in words, with one
function for each type in both (base.by_event_type). The turn clock's events are every game's (turn_clock)."""

EVENT_TYPES = (
    "dealt",
    "scored",
    "won",
    "discarded",
    "spanked",
    "moved",
    "retired",
    "placed",
    "drew",
)

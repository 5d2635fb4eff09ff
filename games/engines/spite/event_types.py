"""Spite's event types, listed once: evolve applies each and describe says each in words, with one
function for each type in both (base.by_event_type). The turn clock's events are every game's (turn_clock)."""

EVENT_TYPES = (
    "match_started",
    "dealt",
    "swapped",
    "asked",
    "declined",
    "ask_expired",
    "played",
    "played_fake_down",
    "bounty_claimed",
    "skipped",
    "reward_declared",
    "rewarded",
    "joined",
    "drew",
    "passed",
    "placed",
    "trick_won",
    "round_ended",
    "countdown_started",
    "misplay_called",
    "ruling_overturned",
    "penalty_overturned",
    "match_ended",
)

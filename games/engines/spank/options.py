"""The table settings: how many seats, and which variations are played."""

from dataclasses import dataclass

MIN_PLAYERS = 2
MAX_PLAYERS = 9
TWO_SET_CHOICES = (None, "full", "half")


@dataclass(frozen=True)
class Options:
    sequence: bool = False  # suits and colours matter (the Sequence Variation)
    two_set: str | None = None  # None, "full" or "half" (the Two-Set Deck Variation)

    def as_dict(self):
        return {"sequence": self.sequence, "two_set": self.two_set}


def check_players(players):
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"The number of players must be a whole number, not {players!r}.")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Spank! is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}.")
    return players


def parse_options(options):
    """The options dict (or None) as an Options value; ValueError for anything unknown or bad."""
    if options is None:
        return Options()
    if not isinstance(options, dict):
        raise ValueError('Options must be a dict such as {"sequence": true, "two_set": "half"}.')
    unknown = [key for key in options if key not in ("sequence", "two_set")]
    if unknown:
        raise ValueError(f"Unknown Spank! option{'s' if len(unknown) > 1 else ''}: {', '.join(map(repr, unknown))}.")
    sequence = options.get("sequence", False)
    if not isinstance(sequence, bool):
        raise ValueError(f'Option "sequence" must be true or false, not {sequence!r}.')
    two_set = options.get("two_set")
    if two_set is not None and not (isinstance(two_set, str) and two_set in TWO_SET_CHOICES):
        raise ValueError(f'Option "two_set" must be null, "full" or "half", not {two_set!r}.')
    return Options(sequence=sequence, two_set=two_set)

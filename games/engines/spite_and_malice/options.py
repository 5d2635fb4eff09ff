"""The table settings: how many seats, how many decks, how many win cards."""

from dataclasses import dataclass

MIN_PLAYERS = 2
MAX_PLAYERS = 4
MIN_WIN_PILE = 5
MAX_WIN_PILE = 30
OPTION_NAMES = ("decks", "win_pile")


def default_decks(players):
    return {2: 3, 3: 4, 4: 5}[players]


def default_win_pile(players):
    return 20 if players == 2 else 10


@dataclass(frozen=True)
class Options:
    decks: int
    win_pile: int

    def as_dict(self):
        return {"decks": self.decks, "win_pile": self.win_pile}


def check_players(players):
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"The number of players must be a whole number, not {players!r}.")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Spite & Malice is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}.")
    return players


def parse_options(options, players):
    """The options dict (or None) for this many players as an Options value; ValueError if bad."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ValueError('Options must be a dict such as {"decks": 3, "win_pile": 20}.')
    unknown = [key for key in options if key not in OPTION_NAMES]
    if unknown:
        raise ValueError(
            f"Unknown Spite & Malice option{'s' if len(unknown) > 1 else ''}: {', '.join(map(repr, unknown))}."
        )
    standard = default_decks(players)
    decks = _whole_number(options, "decks", standard)
    if decks not in (standard, standard - 1):
        raise ValueError(
            f'Option "decks" for {players} players must be {standard} (the standard) '
            f"or {standard - 1} (one fewer), not {decks}."
        )
    win_pile = _whole_number(options, "win_pile", default_win_pile(players))
    if not MIN_WIN_PILE <= win_pile <= MAX_WIN_PILE:
        raise ValueError(f'Option "win_pile" must be {MIN_WIN_PILE} to {MAX_WIN_PILE} cards, not {win_pile}.')
    return Options(decks=decks, win_pile=win_pile)


def _whole_number(options, name, default):
    value = options.get(name)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f'Option "{name}" must be a whole number, not {value!r}.')
    return value

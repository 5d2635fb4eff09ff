"""The match settings: seats, rounds, misplay mode, fake jokers, and a turn-based table's time per move."""

from dataclasses import dataclass

from ..cards import STANDARD_RANKS, SUITS

MIN_PLAYERS = 3
MAX_PLAYERS = 9
STRICT, TABLE = "strict", "table"
MISPLAY_MODES = (TABLE, STRICT)  # table: illegal plays are accepted and may be called (RULINGS)
FAKE_FACES = tuple(rank + suit for rank in STANDARD_RANKS for suit in SUITS)  # the separate 52-card deck
OPTION_NAMES = ("rounds", "misplays", "fake_jokers", "fake_joker_faces", "move_time")


@dataclass(frozen=True)
class Options:
    rounds: int = 5
    misplays: str = TABLE
    fake_jokers: int = 5
    fake_joker_faces: tuple | None = None  # None: drawn at random when the match starts
    # A turn-based table's seconds per move, set by the platform (Engine.turn_based_option); None: a live
    # table. There the countdown is off and the opening's ask has a timer (docs/rulings.md, Spite VI).
    move_time: int | None = None

    def as_dict(self):
        """The options as the match's first event records them: a live table's as before move_time was."""
        options = {"rounds": self.rounds, "misplays": self.misplays, "fake_jokers": self.fake_jokers}
        if self.move_time is not None:
            options["move_time"] = self.move_time
        return options

    @property
    def table_mode(self):
        return self.misplays == TABLE

    @property
    def turn_based(self):
        return self.move_time is not None


def check_players(players):
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"The number of players must be a whole number, not {players!r}.")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Spite is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}.")
    return players


def parse_options(options):
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ValueError('Options must be a dict such as {"rounds": 5}.')
    unknown = [key for key in options if key not in OPTION_NAMES]
    if unknown:
        raise ValueError(f"Unknown Spite option{'s' if len(unknown) > 1 else ''}: {', '.join(map(repr, unknown))}.")
    rounds = _whole(options, "rounds", 5, 1, 50)
    misplays = options.get("misplays") or TABLE
    if misplays not in MISPLAY_MODES:
        raise ValueError(f'Option "misplays" must be "table" or "strict", not {misplays!r}.')
    faces = options.get("fake_joker_faces")
    fake_jokers = _whole(options, "fake_jokers", len(faces) if isinstance(faces, list) else 5, 0, 52)
    if faces is not None:
        faces = _faces(faces, fake_jokers)
    return Options(
        rounds=rounds,
        misplays=misplays,
        fake_jokers=fake_jokers,
        fake_joker_faces=faces,
        move_time=_move_time(options.get("move_time")),
    )


def _whole(options, name, default, low, high):
    value = options.get(name)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f'Option "{name}" must be a whole number from {low} to {high}, not {value!r}.')
    return value


def _move_time(value):
    """None for a live table, else the seconds per move: a positive whole number."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ValueError(
            f'Option "move_time" (a turn-based table\'s seconds per move) must be a positive whole number, '
            f"not {value!r}."
        )
    return value


def _faces(faces, count):
    if not isinstance(faces, list) or not all(isinstance(face, str) and face in FAKE_FACES for face in faces):
        raise ValueError('Option "fake_joker_faces" must be a list of card codes from one 52-card deck.')
    if len(set(faces)) != len(faces):
        raise ValueError('Option "fake_joker_faces" must name each card at most once.')
    if len(faces) != count:
        raise ValueError(f'Option "fake_joker_faces" names {len(faces)} faces but "fake_jokers" is {count}.')
    return tuple(faces)

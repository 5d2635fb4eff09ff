"""What the tests need to know about each installed game, beyond the contract's own interface: its
profile, ``profiles/<game>.py`` (a game installed without one fails test_contract_engines)."""

from dataclasses import dataclass, field
from importlib import import_module
from typing import Callable

from games.engines import GAMES


@dataclass(frozen=True)
class Profile:
    setup: Callable  # setup(rng) -> (players, options) of a short random game (Spite: strict mode)
    choose: Callable  # choose(rng, legal) -> one of the seat's legal commands, leaning towards an end
    canonical: Callable  # canonical(command) -> a hashable key; commands decide treats alike share it
    candidates: Callable  # candidates(state, seat) -> the commands worth trying, or None when too many
    fields: dict  # {command type: its fields}, for malformed commands
    view_keys: frozenset  # the keys docs/engines.md names for the game's view ...
    player_keys: frozenset  # ... and for each of its players
    check_view: Callable  # check_view(view): the shapes docs/engines.md gives the game's view keys
    full_deck: Callable  # full_deck(players, options) -> every card of the game
    dealt: Callable  # dealt(view) -> (own hand, the rest of the seat's block in deal order; None: not shown)
    check_after_deal: Callable  # check_after_deal(view, rest of the deck): what is dealt after the seats
    short: tuple  # (players, options) of a short game: the table the platform's tests play
    known: Callable  # known(state, seat) -> the cards a seat (None: a watcher) may know from the full state
    redeal: Callable  # redeal(state, seat, rng) -> the state with every card the seat cannot see dealt again
    event_types: frozenset  # every event type the game has
    bad_options: list = field(default_factory=list)  # options with a bad value (ValueError)
    max_commands: int = 3000  # a random game's cap: it only guards against a hang
    # Cards an event turns face up for everyone, though they may be gone by the command's end (a trick won).
    public_in_events: Callable = lambda event: set()
    # Offered commands a form on the board composes (too many ways to list): on no target.
    composed: Callable = lambda command: False


def _profiles():
    found = {}
    for game in GAMES:
        try:
            module = import_module(f"contract.profiles.{game}")
        except ModuleNotFoundError as missing:
            if missing.name != f"contract.profiles.{game}":
                raise
            continue
        found[game] = Profile(**module.PROFILE)
    return found


PROFILES = _profiles()


def profile_of(game):
    assert game in PROFILES, f"{game} is installed but has no contract profile: write tests/contract/profiles/{game}.py"
    return PROFILES[game]

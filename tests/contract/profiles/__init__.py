"""What the contract checks need to know about each game, beyond the contract's own interface."""
from dataclasses import dataclass, field
from typing import Callable

from . import spank, spite, spite_and_malice


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
    bad_options: list = field(default_factory=list)  # options with a bad value (ValueError)
    max_commands: int = 3000  # a random game's cap: it only guards against a hang


PROFILES = {name: Profile(**module.PROFILE) for name, module in
            (("spank", spank), ("spite_and_malice", spite_and_malice), ("spite", spite))}


def profile_of(game):
    assert game in PROFILES, f"{game} is registered but has no contract profile: write tests/contract/profiles/{game}.py"
    return PROFILES[game]

"""Helpers for the Spite & Malice engine tests (importable, unlike conftest)."""

from collections import Counter

from contract import play
from contract.profiles.spite_and_malice import choose


def cards(text):
    return tuple(text.split())


def row(text):
    """Four piles from "a b | | c | d" (or a list of four strings), bottom card first."""
    parts = text.split("|") if isinstance(text, str) else list(text)
    assert len(parts) == 4, f"a row needs four piles: {text!r}"
    return tuple(cards(part) for part in parts)


def kinds(events):
    return [event["type"] for event in events]


def every_card(state):
    """The multiset of every card in the game, wherever it lies."""
    counted = Counter(state.draw_pile) + Counter(state.retired)
    for seat in range(state.players):
        counted.update(state.hands[seat])
        counted.update(state.win_piles[seat])
        for pile in state.discards[seat]:
            counted.update(pile)
    for pile in state.play_piles:
        counted.update(pile)
    return counted


def random_game(engine, players, options, seed, max_commands=3000, eagerness=0.85):
    """Yield (state, seat, command, new events, next state) through one random game."""
    return play.random_game(
        engine, players, options, seed, lambda rng, legal: choose(rng, legal, eagerness), max_commands
    )

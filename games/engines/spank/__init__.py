"""Spank! (Noby Nobriga and Rusty Spell, 1999) as a pure engine. See engine.py for the interface.

Modules, in reading order: options, deck, stack, state, turns, deal, evolve,
legal, decide, view, engine.
"""
from .engine import SpankEngine, engine

__all__ = ["engine", "SpankEngine"]

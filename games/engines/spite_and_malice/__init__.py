"""Spite & Malice (Beal Family rules) as a pure engine. See engine.py for the interface.

Modules, in reading order: options, deck, state, piles, turns, stalemate,
deal, evolve, legal, decide, view, engine.
"""
from .engine import SpiteAndMaliceEngine, engine

__all__ = ["engine", "SpiteAndMaliceEngine"]

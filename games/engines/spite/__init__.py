"""Spite: a trick-taking, shedding card game for 3 to 9 players, as a pure engine. See engine.py.

Modules, in reading order: options, deck, hands (the ranking), candidates
(every hand a seat could make), state, trick, rounds, evolve, decide, deal,
legal, view, engine.
"""
from .engine import SpiteEngine, engine

__all__ = ["engine", "SpiteEngine"]

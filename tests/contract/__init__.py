"""The engine contract (docs/engines.md), checked over every registered engine.

Each check is written once, in a test_contract_*.py module, and runs for every game of
``games.engines.GAMES``. What a check cannot learn from the contract alone (how to play a short
random game, which commands are worth trying, the keys of a game's view, its deck and deal) each
game says in its profile, ``profiles/<game>.py``; the engine tests under tests/engines/ use the
same profiles for their hand-made positions.
"""

"""Ratings per game and pace: a multiplayer skill rating (openskill's Plackett-Luce) from each finished game's
finishing order, its leaderboards and each player's rating history. A game's live tables and its turn-based
ones are rated in pools of their own (ratings.pools: ``<game>`` and ``<game>:turn``).

The truth is the event store: one stream per pool, ``ratings-<pool>``, with one event per finished table,
``game_rated`` (the ranks and each player's mu and sigma before and after) or ``game_not_rated`` (why not).
The models are a projection of those streams, written in the same transaction as each event and rebuilt from
them by ``manage.py rebuild_ratings``. The platform tells this app a game finished through
games.signals.game_finished; games never imports ratings.
"""

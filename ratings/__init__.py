"""Ratings per game: a multiplayer skill rating (openskill's Plackett-Luce) from each finished game's finishing
order, its leaderboards and each player's rating history.

The truth is the event store: one stream per game, ``ratings-<game>``, with one event per finished table,
``game_rated`` (the ranks and each player's mu and sigma before and after) or ``game_not_rated`` (why not).
The models are a projection of those streams, written in the same transaction as each event and rebuilt from
them by ``manage.py rebuild_ratings``. The platform tells this app a game finished through
games.signals.game_finished; games never imports ratings.
"""

"""Rating pools: a game's live tables and its turn-based ones are rated apart, as BGA and lichess do (a move
made in a day is another game than one made in seconds), each pool with its own stream, ratings and boards.

A pool is named by its key, what the models' ``game`` column and the stream's name hold: the game's name for
its live pool (so the live ratings are what they always were) and ``<game>:turn`` for its turn-based one.
``of_table`` is the one place that says which pool a table is rated in.
"""

from dataclasses import dataclass

from games.engines import get_engine, registry

TURN_SUFFIX = ":turn"
LIVE, TURN_BASED = "live", "turn-based"  # the paces, as players read them and the leaderboards' addresses hold
PACES = (LIVE, TURN_BASED)


@dataclass(frozen=True)
class Pool:
    """The players of one game at one pace, rated against each other."""

    game: str
    pace: str

    @property
    def key(self):
        """What the models' ``game`` column and the stream's name hold: the game, or ``<game>:turn``."""
        return self.game + (TURN_SUFFIX if self.turn_based else "")

    @property
    def turn_based(self):
        return self.pace == TURN_BASED

    @property
    def stream(self):
        return f"ratings-{self.key}"

    @property
    def game_title(self):
        return get_engine(self.game).title

    @property
    def title(self):
        """The pool as a label says it: "Spank!" for the live pool, as ratings were named before turn-based
        play had its own, and "Spank! (turn-based)"."""
        return f"{self.game_title} ({TURN_BASED})" if self.turn_based else self.game_title

    @property
    def pace_title(self):
        """The pace in a sentence's words: "Live" or "Turn-based"."""
        return self.pace.capitalize()


def of_table(table):
    """The pool ``table`` is rated in: its game's turn-based pool at a turn-based table, else the live one."""
    return Pool(table.game, TURN_BASED if table.turn_based else LIVE)


def of_key(key):
    """The pool whose key is ``key`` (as the models hold it)."""
    if key.endswith(TURN_SUFFIX):
        return Pool(key.removesuffix(TURN_SUFFIX), TURN_BASED)
    return Pool(key, LIVE)


def of_game(game):
    """``game``'s pools: live, then turn-based."""
    return [Pool(game, pace) for pace in PACES]


def every(games=None):
    """Every pool of ``games`` (all installed games by default), each game's live pool first."""
    return [pool for game in games or registry.names() for pool in of_game(game)]

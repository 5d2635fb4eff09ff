"""A table-mode Spite table with one ruling on it, for the dispute and review tests."""

import random

from games.play import commands, game_state
from games.tables import lobby

# Alice holds the only 3 and leads it; Bob holds four jacks; Carol calls his pair of jacks a misplay.
DEAL = (
    "3S QS QH QD QC KS KH KD KC AS AH"
    " 5H JS JH JD JC 12S 12H 12D 12C 11S 11H"
    " 9S 4H 2S 2H 2D 2C 10S 10H 10D 10C AD"
    " 8D"
    " 6H 7C 10S"
)


class StackedRandom(random.Random):
    """Shuffles put the named cards on top, in the order given: a stacked deal through the lobby's start."""

    def __init__(self, top, seed=0):
        super().__init__(seed)
        self.top = top.split()

    def shuffle(self, items):
        rest = list(items)
        for card in self.top:
            rest.remove(card)
        items[:] = self.top + rest


def spite_table(users):
    """Three users at a started one-round table-mode Spite table."""
    table = lobby.create_table(users[0], "spite", 3, {"rounds": 1, "misplays": "table"})
    for user in users[1:]:
        lobby.join_table(table, user)
    lobby.start_table(table, users[0], rng=StackedRandom(DEAL))
    table.refresh_from_db()
    return table


def play(table, user, cards):
    return commands.submit(table, user, {"type": "play", "cards": cards}, game_state.load(table).version)


def misplay_ruling(users):
    """The table and the version of its ruling: Bob (seat 1) misplays a pair of jacks on Alice's 3S and
    Carol (seat 2) calls it, rightly. The ruling involves Bob and Carol, not Alice."""
    table = spite_table(users)
    play(table, users[0], ["3S"])
    play(table, users[1], ["JS", "JH"])
    game = game_state.load(table)
    commands.submit(table, users[2], {"type": "call_misplay", "play": game.state.window.play}, game.version)
    version = next(event.version for event in _events(table) if event.type == "misplay_called")
    return table, version


def _events(table):
    from events import store

    return store.read(table.stream, game=table.game)

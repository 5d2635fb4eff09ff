"""How a rating is shown: a number on a scale like chess's (a new player at 1,500), marked provisional
("1,512?") until the player has played PROVISIONAL_GAMES rated games of that game.

The number is the model's mu, scaled: 50 points a unit of mu puts two settled players 400 points apart at
about 10 to 1 odds, as Elo's 400 points are (tests/ratings/test_skill.py checks it with the model). Sigma, how
unsure the model still is, is what "provisional" stands for.
"""

from dataclasses import dataclass

from .skill import MU

START_POINTS = 1500
POINTS_PER_MU = 50
PROVISIONAL_GAMES = 10
PROVISIONAL_TITLE = f"Provisional: fewer than {PROVISIONAL_GAMES} rated games played"


def points(mu):
    return round(START_POINTS + POINTS_PER_MU * (mu - MU))


@dataclass(frozen=True)
class Shown:
    """A rating as players read it."""

    points: int
    games: int

    @property
    def provisional(self):
        return self.games < PROVISIONAL_GAMES

    @property
    def text(self):
        return f"{self.points:,}{'?' if self.provisional else ''}"

    @property
    def title(self):
        return PROVISIONAL_TITLE if self.provisional else f"{self.games} rated games played"

    def __str__(self):
        return self.text


NEW = Shown(points(MU), 0)  # a player with no rated game yet


def shown(rating):
    """A Rating (or None: no rated game yet) as players read it."""
    return NEW if rating is None else shown_at(rating.mu, rating.games)


def shown_at(mu, games):
    """The rating ``mu`` of a player with ``games`` rated games, as players read it."""
    return Shown(points(mu), games)

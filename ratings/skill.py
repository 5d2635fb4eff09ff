"""The rating math: openskill's Plackett-Luce model, made for games of two or more players with a full
finishing order (ties allowed). Pure: ratings in, ratings out, no Django.

A rating is (mu, sigma): the skill the model believes in and how unsure it is. Each player is a team of one;
a finishing order is given as ranks, 1 for the best, tied players sharing a rank (the library orders by rank
and treats equal ranks as a tie).
"""

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
MU, SIGMA = MODEL.mu, MODEL.sigma  # a new player's rating: 25 and 25/3


def ranks(standings):
    """{seat: rank} from ``standings`` (groups of seats, best first, as Engine.standings gives them)."""
    return {seat: place for place, group in enumerate(standings, start=1) for seat in group}


def rate(before, ranked):
    """The ratings after one game: ``before`` {player: (mu, sigma)} and ``ranked`` {player: rank} -> {player:
    (mu, sigma)}, for the same players."""
    players = sorted(before)
    teams = [[MODEL.rating(mu=before[player][0], sigma=before[player][1])] for player in players]
    after = MODEL.rate(teams, ranks=[ranked[player] for player in players])
    return {player: (team[0].mu, team[0].sigma) for player, team in zip(players, after, strict=True)}

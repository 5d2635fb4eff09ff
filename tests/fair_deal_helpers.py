"""Whole random games for the fair-deal tests, with every event of the log (the start's too)."""

import functools
import random

from contract.play import acting_seats
from contract.profiles import profile_of

from games.engines import GAMES, get_engine

# (players, options) of every installed game: short enough to play whole; where a game reshuffles, long
# enough to reshuffle now and then.
LONGER = {
    "spank": (2, {}),
    "spite_and_malice": (2, {"win_pile": 5, "decks": 2}),
    "spite": (3, {"rounds": 3, "misplays": "strict"}),
}
SETUPS = {game: LONGER.get(game) or profile_of(game).short for game in GAMES}


def play(game, seed, cap=5000):
    """The whole log of a random game of ``game``, seeded, whether it ended, and the log's length after
    the start and after each command (where the platform shows views)."""
    engine, profile = get_engine(game), profile_of(game)
    players, options = SETUPS[game]
    rng = random.Random(seed)
    log = engine.start(players, options=options, rng=random.Random(seed))
    state = engine.fold(log)
    boundaries = [len(log)]
    for _ in range(cap):
        if engine.is_over(state):
            break
        seats = acting_seats(engine, state)
        seat = rng.choice(sorted(seats))
        new = engine.decide(state, seat, profile.choose(rng, seats[seat]), rng=rng)
        log += new
        state = engine.fold(new, state)
        boundaries.append(len(log))
    return log, engine.is_over(state), boundaries


def is_reshuffle(event):
    return event["type"] == "drew" and (event.get("refill") or event.get("reshuffled")) is not None


@functools.cache
def finished_game(game):
    """A finished game's log with more than one deal where the game deals more than once (a reshuffle;
    Spite's rounds), the first such seed, and the command boundaries (see ``play``)."""
    engine = get_engine(game)
    deals_again = set(engine.deals) != {"dealt"}
    for seed in range(100):
        log, over, boundaries = play(game, seed)
        if over and (not deals_again or sum(engine.is_deal(event) for event in log) > 1):
            return tuple(log), tuple(boundaries)
    raise AssertionError(f"no seed under 100 gives a finished {game} game that deals more than once")


def shuffle_events(log):
    """The events that set an order by chance: every deal (Spite's fake jokers' faces too), every reshuffle,
    and a joker put back into Spite's deck at random."""
    return [
        event
        for event in log
        if event["type"] in ("dealt", "match_started")
        or is_reshuffle(event)
        or (event["type"] == "bounty_claimed" and event["jokers_returned"] > 0)
    ]

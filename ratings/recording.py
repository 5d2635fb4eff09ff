"""Rating a finished table: its event appended to its pool's rating stream (ratings.pools: its game's live
or turn-based pool) exactly once, however many jobs race or retry.

Read the stream's version, then whether the table has its event already (the projection, written in the
same transaction as each event, so it is as new as the version or newer); if not, work out the event from
the ratings as they are and append it at the version read. A writer that appended first makes the append a
ConcurrencyConflict, and nothing is written: read again and go on. The projection's one row per table is
a second lock on the same door.
"""

from django.db import IntegrityError, transaction

from events import store
from events.store import ConcurrencyConflict
from games.models import Table

from . import eligibility, pools, skill
from .models import RatedTable, Rating
from .projection import NOT_RATED, RATED, apply

ATTEMPTS = 5


class RatingBusy(Exception):
    """Other tables kept being rated first; the job's retry (or the sweep) rates this one later."""


def rate(table):
    """Append ``table``'s rating event unless it has one; returns its RatedTable (None: not finished)."""
    if table.status != Table.Status.FINISHED:
        return None
    pool = pools.of_table(table)
    for _ in range(ATTEMPTS):
        version = store.current_version(pool.stream)
        done = RatedTable.objects.filter(table=table).first()
        if done is not None:
            return done
        try:
            with transaction.atomic():
                stored = store.append_stored(pool.stream, [event_for(table)], version)
                return apply(pool.key, stored[0])
        except (ConcurrencyConflict, IntegrityError):
            continue
    raise RatingBusy(f"The {pool.key} ratings were too busy to rate table {table.pk}.")


def event_for(table):
    """The rating event of the finished ``table`` from the players' ratings as they stand now."""
    seats = list(table.seats.all())
    standings, reason = eligibility.verdict(table, seats)
    if standings is None:
        return {"type": NOT_RATED, "table": str(table.pk), "reason": reason}
    return rated_event(table, skill.ranks(standings), {seat.user_id: seat.number for seat in seats})


def rated_event(table, ranked, seat_of):
    """The "game_rated" event of ``table`` whose players (user ids) finished ``ranked`` ({user: rank}) from
    the seats ``seat_of`` ({user: seat}), rated from their ratings in its pool as they stand now."""
    before = _ratings_now(pools.of_table(table).key, list(ranked))
    after = skill.rate(before, ranked)
    players = [
        {
            "user": user,
            "seat": seat_of[user],
            "rank": ranked[user],
            "mu_before": before[user][0],
            "sigma_before": before[user][1],
            "mu_after": after[user][0],
            "sigma_after": after[user][1],
        }
        for user in sorted(ranked, key=seat_of.get)
    ]
    return {"type": RATED, "table": str(table.pk), "players": players}


def _ratings_now(pool, users):
    """{user id: (mu, sigma)}: each player's current rating in the pool whose key is ``pool``, a new player's
    for one without."""
    found = {r.user_id: (r.mu, r.sigma) for r in Rating.objects.filter(game=pool, user_id__in=users)}
    return {user: found.get(user, (skill.MU, skill.SIGMA)) for user in users}

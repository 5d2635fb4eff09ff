"""Rating finished games: a rating event per finished table in the game's own stream, written once whatever
races or retries (on PostgreSQL), the unrated cases with their reasons, the sweep that makes up a lost job,
and the projection rebuilt from the streams equal to the one written as the events were appended."""

from functools import partial

import pytest
from command_path_helpers import played_to_the_end, started
from conftest import absent
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from race_helpers import race

from events import store
from games.engines import get_engine
from games.play import commands
from games.tables import bot_seating, lobby
from ratings import eligibility, projection, queueing, recording, skill, tasks
from ratings.models import RatedTable, Rating, RatingChange

STREAM = "ratings-spite_and_malice"


def winner_and_loser(table):
    change = {c.user_id: c for c in RatingChange.objects.filter(rated_table__table=table)}
    first = min(change.values(), key=lambda c: c.rank)
    return first, next(c for c in change.values() if c is not first)


@pytest.mark.django_db
def test_finishing_a_game_queues_its_rating_once_the_finish_is_committed(
    alice, bob, monkeypatch, django_capture_on_commit_callbacks
):
    queued = []
    monkeypatch.setattr(queueing, "_queue", queued.append)
    table = started("spite_and_malice", [alice, bob], {"win_pile": 5})
    with django_capture_on_commit_callbacks(execute=True):
        played_to_the_end(table)
    assert table.status == "finished"
    assert queued == [str(table.pk)]
    assert not RatedTable.objects.exists()  # the job rates it, not the move that finished it


@pytest.mark.django_db
def test_the_job_appends_one_rating_event_naming_players_by_id_only(alice, bob, finish):
    table = finish([alice, bob])
    assert tasks.rate_table(str(table.pk)) is True
    [event] = store.read(STREAM)
    assert event.type == "game_rated" and event.payload["table"] == str(table.pk)
    players = event.payload["players"]
    assert {p["user"] for p in players} == {alice.pk, bob.pk}
    assert {"alice", "bob", "Alice", "Bob"}.isdisjoint(str(event.payload).split("'"))
    winner, loser = winner_and_loser(table)
    assert (winner.rank, loser.rank) == (1, 2)
    assert winner.mu_before == loser.mu_before == skill.MU
    assert winner.mu_after > skill.MU > loser.mu_after
    assert Rating.objects.get(user_id=winner.user_id, game="spite_and_malice").games == 1


@pytest.mark.django_db
def test_a_retried_job_appends_nothing_more(alice, bob, finish):
    table = finish([alice, bob])
    for _ in range(3):
        tasks.rate_table(str(table.pk))
    assert store.current_version(STREAM) == 1
    assert RatingChange.objects.count() == 2
    assert Rating.objects.get(user=alice, game="spite_and_malice").games == 1


@pytest.mark.django_db
def test_a_game_in_play_is_not_rated(alice, bob):
    table = started("spite_and_malice", [alice, bob], {"win_pile": 5})
    assert tasks.rate_table(str(table.pk)) is None
    assert store.current_version(STREAM) == 0


@pytest.mark.django_db
def test_the_next_game_starts_from_the_last_games_ratings(alice, bob, carol, finish):
    first = finish([alice, bob], seed=5)
    recording.rate(first)
    second = finish([bob, carol], seed=6)
    recording.rate(second)
    bob_first = RatingChange.objects.get(rated_table__table=first, user=bob)
    bob_second = RatingChange.objects.get(rated_table__table=second, user=bob)
    assert (bob_second.mu_before, bob_second.sigma_before) == (bob_first.mu_after, bob_first.sigma_after)
    assert bob_second.games == 2
    assert Rating.objects.get(user=bob, game="spite_and_malice").mu == bob_second.mu_after


@pytest.mark.django_db
def test_a_game_with_a_bot_seated_is_not_rated_and_the_table_says_so_before_it_starts(alice, finish):
    table = lobby.create_table(alice, "spite_and_malice", 2, {"win_pile": 5})
    bot_seating.add_bot(table, alice)
    assert eligibility.before_start(table.seats.all()) == "a bot has a seat"
    lobby.start_table(table, alice)
    played_to_the_end(table)
    rated = recording.rate(table)
    assert (rated.rated, rated.reason) == (False, "a bot has a seat")
    [event] = store.read(STREAM)
    assert event.type == "game_not_rated" and event.payload["reason"] == "a bot has a seat"
    assert not Rating.objects.exists()


@pytest.mark.django_db
def test_an_abandoned_game_is_not_rated(alice, bob, monkeypatch):
    monkeypatch.setattr(queueing, "_queue", lambda table_id: None)
    table = started("spite_and_malice", [alice, bob], {"win_pile": 5}, turn_clock=30)
    absent(table, 1)
    commands.submit(table, alice, {"type": "abandon"}, store.current_version(table.stream))
    table.refresh_from_db()
    assert table.status == "finished"
    rated = recording.rate(table)
    assert (rated.rated, rated.reason) == (False, "the game was abandoned")


def handed_to_bot(table, host):
    absent(table, 1)
    commands.submit(table, host, {"type": "hand_to_bot", "seat": 1}, store.current_version(table.stream))


@pytest.mark.django_db
def test_a_seat_a_bot_played_for_most_of_its_moves_leaves_the_game_unrated(alice, bob, monkeypatch):
    monkeypatch.setattr(queueing, "_queue", lambda table_id: None)
    table = started("spite_and_malice", [alice, bob], {"win_pile": 5}, turn_clock=30)
    handed_to_bot(table, alice)
    played_to_the_end(table)
    assert table.status == "finished"
    rated = recording.rate(table)
    assert (rated.rated, rated.reason) == (False, eligibility.BOT_PLAYED)


@pytest.mark.django_db
def test_a_seat_a_bot_played_for_a_few_moves_only_is_still_rated(alice, bob, monkeypatch):
    monkeypatch.setattr(queueing, "_queue", lambda table_id: None)
    table = started("spite_and_malice", [alice, bob], {"win_pile": 5}, turn_clock=30)
    played_to_the_end(table, moves=40)  # bob plays his own moves first
    handed_to_bot(table, alice)
    played_to_the_end(table, moves=3)
    commands.submit(table, bob, {"type": "take_back"}, store.current_version(table.stream))
    played_to_the_end(table)
    assert table.status == "finished"
    events = store.read(table.stream, game=table.game)
    shares = eligibility.bot_shares(table, get_engine(table.game), events, list(table.seats.all()))
    assert 0 < shares[1] <= eligibility.BOT_SHARE and shares[0] == 0
    assert recording.rate(table).rated


@pytest.mark.django_db
def test_the_sweep_rates_the_finished_tables_no_job_rated(alice, bob, carol, finish):
    tables = [finish([alice, bob], seed=5), finish([bob, carol], seed=6)]
    assert tasks.rate_unrated_tables() == 2
    assert tasks.rate_unrated_tables() == 0
    assert set(RatedTable.objects.values_list("table_id", flat=True)) == {table.pk for table in tables}
    assert store.current_version(STREAM) == 2


def projection_rows():
    return (
        sorted(Rating.objects.values_list("user_id", "game", "mu", "sigma", "games")),
        sorted(RatedTable.objects.values_list("table_id", "game", "version", "rated", "reason", "at")),
        sorted(
            RatingChange.objects.values_list(
                "rated_table_id",
                "user_id",
                "seat",
                "rank",
                "mu_before",
                "sigma_before",
                "mu_after",
                "sigma_after",
                "games",
                "at",
            )
        ),
    )


@pytest.mark.django_db
def test_the_projection_rebuilt_from_the_stream_equals_the_one_written_as_it_went(alice, bob, carol, finish):
    for seed, players in enumerate([[alice, bob], [bob, carol], [carol, alice], [alice, bob]]):
        recording.rate(finish(players, seed=seed + 5))
    written = projection_rows()
    assert len(written[2]) == 8
    Rating.objects.filter(user=alice).update(mu=99)  # a projection gone wrong
    call_command("rebuild_ratings", "spite_and_malice", stdout=open("/dev/null", "w"))
    assert projection_rows() == written
    assert projection.rebuild("spite_and_malice") == 4


def test_rebuilding_an_unknown_game_is_refused_with_a_sentence():
    with pytest.raises(CommandError, match="No such game: chess"):
        call_command("rebuild_ratings", "chess")


@pytest.mark.django_db(transaction=True)
def test_jobs_rating_the_same_table_at_once_append_one_event(alice, bob, finish):
    if connection.vendor != "postgresql":
        pytest.skip("the race is PostgreSQL's")
    table = finish([alice, bob])
    results = race(*(partial(tasks.rate_table, str(table.pk)) for _ in range(6)))
    assert results == [True] * 6, results
    assert [event.type for event in store.read(STREAM)] == ["game_rated"]
    assert RatedTable.objects.count() == 1 and RatingChange.objects.count() == 2
    assert Rating.objects.get(user=alice, game="spite_and_malice").games == 1


@pytest.mark.django_db(transaction=True)
def test_tables_finishing_at_once_are_rated_one_after_the_other(alice, bob, carol, make_user, finish):
    if connection.vendor != "postgresql":
        pytest.skip("the race is PostgreSQL's")
    dave = make_user("dave")
    tables = [finish([alice, bob], seed=5), finish([bob, carol], seed=6), finish([bob, dave], seed=7)]
    results = race(*(partial(tasks.rate_table, str(table.pk)) for table in tables for _ in range(2)))
    assert results == [True] * 6, results
    assert store.current_version(STREAM) == 3
    # Bob played all three: each game starts from the one before it in the stream, whatever order they landed in.
    changes = list(RatingChange.objects.filter(user=bob).order_by("rated_table__version"))
    assert [c.games for c in changes] == [1, 2, 3]
    for before, after in zip(changes, changes[1:], strict=False):
        assert (after.mu_before, after.sigma_before) == (before.mu_after, before.sigma_after)


@pytest.mark.django_db
def test_resigned_players_rank_last_tied_and_the_one_left_wins(alice, bob, carol, monkeypatch):
    """Three seats: Alice resigns (a bot takes her seat), then Bob, which ends the game; Carol wins, and the two
    who resigned rank last, tied: a resignation is rated as a loss."""
    monkeypatch.setattr(queueing, "_queue", lambda table_id: None)
    table = started("spite_and_malice", [alice, bob, carol], {"win_pile": 5})
    for user in (alice, bob):
        commands.submit(table, user, {"type": "resign"}, store.current_version(table.stream))
    table.refresh_from_db()
    assert table.status == "finished"
    assert tasks.rate_table(str(table.pk)) is True
    ranks = {c.user_id: c.rank for c in RatingChange.objects.filter(rated_table__table=table)}
    assert ranks == {carol.pk: 1, alice.pk: 2, bob.pk: 2}

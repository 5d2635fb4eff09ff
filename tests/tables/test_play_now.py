"""Play now (games.tables.play_now): the queue seats waiting players together at an ordinary table dealt at
once, fills with bots when a wait runs out, and lets a player leave at once."""

from datetime import timedelta

import pytest
from django.utils import timezone

from events import store
from games.engines import GAMES, get_engine
from games.errors import BadRequest, Conflict, NotFound
from games.models import QueuedPlayer, Table
from games.tables import play_now
from games.tasks import seat_play_now

pytestmark = pytest.mark.django_db


def players(make_user, count):
    return [make_user(f"player{n}") for n in range(count)]


def seated_users(table):
    return [seat.user for seat in table.seats.order_by("number")]


@pytest.mark.parametrize("game", GAMES)
def test_the_players_who_want_the_same_table_are_dealt_in_at_once(game, make_user):
    count = get_engine(game).min_players
    people = players(make_user, count)
    for person in people[:-1]:
        assert play_now.join(person, game, count).table is None
    last = play_now.join(people[-1], game, count)
    table = Table.objects.get()
    assert last.table == table
    assert table.status == Table.Status.RUNNING and not table.private and table.host == people[0]
    assert table.turn_clock == play_now.TURN_CLOCK
    assert seated_users(table) == people and store.current_version(table.stream) >= 1
    assert [play_now.status(person).table for person in people] == [table] * count
    assert play_now.waiting_count(game) == 0


def test_any_joins_an_exact_wish_and_first_come_is_first_seated(make_user):
    ana, bob, cy, dee = players(make_user, 4)
    play_now.join(ana, "spank", 3)
    play_now.join(bob, "spank", None)
    play_now.join(cy, "spank", 2)  # with bob (any): a table of 2 is complete first
    first = Table.objects.get()
    assert seated_users(first) == [bob, cy] and first.seat_count == 2
    play_now.join(dee, "spank", 3)
    assert play_now.status(ana).table is None and play_now.waiting_count("spank") == 2


def test_leaving_takes_the_player_out_at_once_and_a_seated_player_is_told_where(make_user):
    ana, bob, cy = players(make_user, 3)
    play_now.join(ana, "spank", 2)
    play_now.leave(ana)
    with pytest.raises(NotFound):
        play_now.status(ana)
    with pytest.raises(NotFound, match="not waiting"):
        play_now.leave(ana)
    play_now.join(bob, "spank", 2)
    assert not Table.objects.exists()  # ana left: bob waits alone
    table = play_now.join(cy, "spank", 2).table
    with pytest.raises(Conflict) as refused:
        play_now.leave(bob)
    assert f"/tables/{table.id}/" in refused.value.message and table.name in refused.value.message


def test_joining_again_keeps_the_place_for_the_same_wish_and_moves_to_the_back_for_another(make_user):
    ana, bob = players(make_user, 2)
    first = play_now.join(ana, "spite", 4)
    again = play_now.join(ana, "spite", 4)
    assert again.pk == first.pk and again.joined_at == first.joined_at
    play_now.join(bob, "spite", 4)
    moved = play_now.join(ana, "spank", 3)
    assert moved.game == "spank" and moved.joined_at > first.joined_at
    assert QueuedPlayer.objects.filter(user=ana).count() == 1
    assert play_now.waiting_count("spite") == 1 and play_now.waiting_count("spank") == 1


def test_a_seated_player_may_join_again_for_another_table(make_user):
    ana, bob = players(make_user, 2)
    play_now.join(ana, "spank", 2)
    assert play_now.join(bob, "spank", 2).table is not None
    again = play_now.join(ana, "spank", 2)
    assert again.table is None and play_now.waiting_count("spank") == 1


@pytest.mark.parametrize(
    ("game", "seats", "bots_after", "sentence"),
    [
        ("chess", None, None, "Unknown game"),
        ("spite", 2, None, ""),  # the engine's own sentence
        ("spank", 2, 7, "Bots may fill after 10, 30 or 60 seconds"),
        ("spank", None, True, "Bots may fill after"),
    ],
)
def test_what_play_now_does_not_offer_is_refused_in_words(game, seats, bots_after, sentence, make_user):
    with pytest.raises(BadRequest) as refused:
        play_now.join(make_user("ana"), game, seats, bots_after)
    assert sentence in refused.value.message
    assert not QueuedPlayer.objects.exists()


def backdate(user, seconds):
    QueuedPlayer.objects.filter(user=user).update(joined_at=timezone.now() - timedelta(seconds=seconds))


@pytest.mark.parametrize("game", ["spite", "spank", "spite_and_malice"])
def test_bots_fill_the_empty_seats_once_the_wait_runs_out(game, make_user, settings):
    ana, bob, cy = players(make_user, 3)
    play_now.join(ana, game, None, bots_after=10)
    play_now.join(bob, game, 4, bots_after=30)
    play_now.join(cy, game, 4)  # accepts no bots
    assert settings.CELERY_BEAT_SCHEDULE["seat-play-now"]["task"] == seat_play_now.name  # beat's tick runs it
    assert seat_play_now() == 0  # nobody's wait has run out
    backdate(ana, 11)
    assert seat_play_now() == 1
    table = play_now.status(ana).table
    smallest = get_engine(game).min_players
    assert table.seat_count == smallest and table.status == Table.Status.RUNNING
    assert [seat.bot for seat in table.seats.order_by("number")] == [""] + ["fair"] * (smallest - 1)
    backdate(bob, 31)
    assert seat_play_now() == 1
    bobs = play_now.status(bob).table
    assert bobs.seat_count == 4 and seated_users(bobs)[0] == bob and bobs.seats.exclude(bot="").count() == 3
    assert play_now.status(cy).table is None  # still waiting for people


def test_a_player_who_stops_asking_is_left_out_then_forgotten(make_user):
    ana, bob = players(make_user, 2)
    play_now.join(ana, "spank", 2)
    QueuedPlayer.objects.filter(user=ana).update(seen_at=timezone.now() - play_now.SILENT_AFTER - timedelta(seconds=1))
    assert play_now.join(bob, "spank", 2).table is None  # not seated with someone gone
    seat_play_now()
    assert not QueuedPlayer.objects.filter(user=ana).exists()
    play_now.status(bob)  # bob asks, and stays
    assert play_now.waiting_count("spank") == 1


def test_asking_how_the_wait_goes_keeps_a_player_in_the_queue(make_user):
    ana = make_user("ana")
    play_now.join(ana, "spank", 2)
    long_ago = timezone.now() - play_now.SILENT_AFTER + timedelta(seconds=5)
    QueuedPlayer.objects.filter(user=ana).update(seen_at=long_ago)
    play_now.status(ana)
    assert QueuedPlayer.objects.get(user=ana).seen_at > long_ago


def test_a_seated_row_is_kept_a_while_then_forgotten(make_user):
    ana, bob = players(make_user, 2)
    play_now.join(ana, "spank", 2)
    play_now.join(bob, "spank", 2)
    seat_play_now()
    assert QueuedPlayer.objects.count() == 2
    QueuedPlayer.objects.update(seated_at=timezone.now() - play_now.SEATED_KEPT - timedelta(seconds=1))
    seat_play_now()
    assert not QueuedPlayer.objects.exists() and Table.objects.get().status == Table.Status.RUNNING

"""Who is around: players seen by the pages served to them and by their tables' heartbeats, at most one
write a minute; the home page's count of players around and games in play; a player's last visit in coarse
words on their page, unless they hide it."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from accounts import presence
from accounts.models import User
from games.live import heartbeats
from games.tables import lobby

pytestmark = pytest.mark.django_db


def test_a_page_served_marks_its_player_seen_at_most_once_a_minute(make_user, django_assert_num_queries):
    ana = make_user("ana")
    client = Client()
    client.force_login(ana)
    client.get("/lobby/")
    first = User.objects.get(pk=ana.pk).last_seen
    assert first is not None and timezone.now() - first < timedelta(seconds=30)
    client.get("/lobby/")
    assert User.objects.get(pk=ana.pk).last_seen == first  # within the minute: not written again
    User.objects.filter(pk=ana.pk).update(last_seen=first - timedelta(minutes=2))
    client.get("/lobby/")
    assert User.objects.get(pk=ana.pk).last_seen > first
    assert Client().get("/lobby/").status_code == 200  # a visitor is nobody to mark


def test_the_heartbeats_mark_the_players_at_open_tables_in_one_write(make_user, django_assert_num_queries, monkeypatch):
    class Connection:
        def __init__(self, user):
            self.user = user

    ana, ben = make_user("ana"), make_user("ben")
    long_ago = timezone.now() - timedelta(hours=3)
    User.objects.update(last_seen=long_ago)
    visitor = type("Visitor", (), {"is_authenticated": False})()
    connections = [Connection(ana), Connection(ben), Connection(ana), Connection(visitor)]
    monkeypatch.setattr(heartbeats, "_watched", dict.fromkeys(connections))  # this process's, and no other
    around = heartbeats.players_around()
    assert around == {ana.pk, ben.pk}
    with django_assert_num_queries(1):
        presence.seen_many(around)
    assert all(user.last_seen > long_ago for user in User.objects.all())
    with django_assert_num_queries(1):
        presence.seen_many(around)  # within the minute: the one UPDATE changes nothing
    assert User.objects.filter(last_seen__gt=timezone.now() - timedelta(seconds=5)).count() == 2


def test_the_home_page_counts_the_players_around_and_the_games_in_play(make_user):
    ana, ben, cy = make_user("ana"), make_user("ben"), make_user("cy")
    now = timezone.now()
    User.objects.filter(pk=ana.pk).update(last_seen=now - timedelta(minutes=1))
    User.objects.filter(pk=ben.pk).update(last_seen=now - timedelta(minutes=20))
    table = lobby.create_table(ana, "spank", 2)
    lobby.join_table(table, cy)
    lobby.start_table(table, ana)
    lobby.create_table(ben, "spank", 2)  # open, not in play
    page = Client().get("/").content.decode()
    assert "1 player around and 1 game in play." in page


@pytest.mark.parametrize(
    ("ago", "words"),
    [
        (timedelta(minutes=3), "today"),
        (timedelta(days=3), "this week"),
        (timedelta(days=20), "this month"),
        (timedelta(days=90), "more than a month ago"),
    ],
)
def test_a_players_page_says_when_they_were_last_here_in_coarse_words(ago, words, make_user):
    ana = make_user("ana")
    User.objects.filter(pk=ana.pk).update(last_seen=timezone.now() - ago)
    page = Client().get("/accounts/players/ana/").content.decode()
    assert f"Last seen {words}" in page


def test_a_player_who_hides_it_is_not_shown_to_others_but_sees_it_themselves(make_user):
    ana, ben = make_user("ana"), make_user("ben")
    User.objects.filter(pk=ana.pk).update(last_seen=timezone.now())
    own = Client()
    own.force_login(ana)
    own.post("/accounts/profile/preferences/", {})  # the box left unticked
    assert User.objects.get(pk=ana.pk).show_last_seen is False
    other = Client()
    other.force_login(ben)
    assert "Last seen" not in other.get("/accounts/players/ana/").content.decode()
    assert "Last seen today" in own.get("/accounts/players/ana/").content.decode()
    assert "only you see this" in own.get("/accounts/players/ana/").content.decode()
    assert "Last seen" not in Client().get("/accounts/players/nobody-new/").content.decode()


@pytest.mark.django_db(transaction=True)
def test_the_heartbeat_task_writes_the_players_around_on_the_live_threads(make_user, monkeypatch):
    from asgiref.sync import async_to_sync

    class Connection:
        def __init__(self, user):
            self.user = user

    ana = make_user("ana")
    User.objects.update(last_seen=timezone.now() - timedelta(hours=3))
    monkeypatch.setattr(heartbeats, "_watched", {Connection(ana): None})
    async_to_sync(heartbeats.mark_seen)()
    assert timezone.now() - User.objects.get(pk=ana.pk).last_seen < timedelta(seconds=30)

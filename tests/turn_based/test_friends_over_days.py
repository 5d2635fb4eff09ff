"""The issue's whole story, through the pages, the API, the jobs and the mail: a player starts a turn-based
table with a friend, the friend joins by the invite link and leaves; each time it becomes the friend's turn
they get one e-mail, open the table from its link (logging in the first time), play their turn, and leave
again; the game is finished over days. Time is travelled (time_machine), never slept; the jobs run in
place as a worker runs them (Task.apply); mail lands in django.core.mail.outbox."""

import random
from datetime import timedelta
from urllib.parse import urlparse

import pytest
import time_machine
from allauth.account.models import EmailAddress
from django.core import mail
from django.test import Client
from django.utils import timezone
from mail_helpers import links_in

from events import store
from games import tasks
from games.bots import bot_for
from games.models import Table
from games.play import game_state, nudges

# Committed for real: the e-mail job is queued only once a move commits.
pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long-test-password"  # the conftest's users'


@pytest.fixture
def jobs(monkeypatch):
    """The turn e-mail jobs the moves queue, as the user ids they are for, run later in place."""
    queued = []
    monkeypatch.setattr(nudges.current_app, "send_task", lambda name, args, countdown: queued.append(args[0]))
    return queued


def host_a_table(alice):
    client = Client()
    client.force_login(alice)
    form = {"game": "spank", "seat_count": "2", "pace": "turn_based", "move_time": "86400", "time_bank": "86400"}
    answer = client.post("/tables/new/", {**form, "private": "on", "name": "Across the sea"})
    assert answer.status_code == 302
    return client, Table.objects.get(name="Across the sea")


def view(client, table):
    answer = client.get(f"/api/tables/{table.pk}/view/")
    assert answer.status_code == 200
    return answer.json()


def play_turn(client, table, bot, rng):
    """The client's player makes their whole turn, each command chosen by a fair bot from their own view."""
    seat = view(client, table)["seat"]
    while (seen := view(client, table))["view"]["to_move"] == seat and not seen["view"]["over"]:
        command = bot(seen["view"], seen["legal_commands"], rng)
        answer = client.post(
            f"/api/tables/{table.pk}/commands/",
            {"command": command, "expected_version": seen["version"]},
            content_type="application/json",
        )
        assert answer.status_code == 200, answer.content


def test_a_turn_based_game_with_a_friend_far_away_by_email_over_days(alice, bob, jobs):
    EmailAddress.objects.create(user=bob, email="bob@example.com", verified=True, primary=True)
    bob.turn_emails = True
    bob.save(update_fields=["turn_emails"])
    with time_machine.travel(timezone.now(), tick=False) as clock:
        host, table = host_a_table(alice)
        friend = Client()
        friend.get(f"/invite/{table.invite_token}/")
        friend.post("/accounts/login/", {"login": "bob", "password": PASSWORD})
        assert friend.post(f"/tables/{table.pk}/join/").status_code == 302
        friend.post("/accounts/logout/")  # Bob leaves
        assert host.post(f"/tables/{table.pk}/start/").status_code == 302
        bot, rng, emails, turns, logins = bot_for("spank", "fair"), random.Random(5), 0, 0, 0
        while not game_state.load(table).engine.is_over(game_state.load(table).state):
            clock.shift(timedelta(hours=rng.randint(2, 20)))  # someone comes back hours later
            host.force_login(alice)  # at her desk, logged in again if her session has lapsed in the weeks
            if view(host, table)["view"]["to_move"] == view(host, table)["seat"]:
                play_turn(host, table, bot, rng)
                continue
            turns += 1
            assert jobs, "no e-mail job was queued for Bob's turn"
            for user_id in jobs:
                tasks.send_turn_nudges.apply(args=[user_id])
            jobs.clear()
            emails += 1
            assert len(mail.outbox) == emails, "not exactly one e-mail for Bob's turn"
            message = mail.outbox[-1]
            assert message.to == ["bob@example.com"] and "Across the sea" in message.subject
            [link] = [urlparse(link) for link in links_in(message) if f"{table.pk}" in link]
            page = friend.get(f"{link.path}?{link.query}", follow=True)
            if not page.redirect_chain:  # logged out (at first, or weeks later): log in, then the table
                assert b"Log in" in page.content
                page = friend.post(f"{link.path}?{link.query}", {"login": "bob", "password": PASSWORD}, follow=True)
                logins += 1
            assert page.redirect_chain[-1][0] == f"/tables/{table.pk}/"
            assert "<strong>Your turn</strong>" in page.content.decode()
            play_turn(friend, table, bot, rng)
            clock.shift(timedelta(minutes=3))  # Bob's page is closed again
    events = store.read(table.stream)
    assert events[-1].created_at - events[0].created_at > timedelta(days=2)
    assert not [event for event in events if event.payload.get("out_of_time")]
    assert turns >= 3 and len(mail.outbox) == turns  # one e-mail a turn of Bob's, and none for Alice
    assert 1 <= logins < turns  # he logged in through the first link, and stayed logged in between turns
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED

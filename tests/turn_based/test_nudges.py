"""Turn e-mails (games.play.nudges): a Nudge row written with the move that makes a person's seat awaited at a
turn-based table, and one e-mail per player for a burst of turns, sent once by the job queued after commit.
The job is run in place, as a worker runs it (Task.apply), or its function called; messages land in
django.core.mail.outbox (the locmem backend of the test run). Time is travelled, never slept."""

import random
from datetime import timedelta
from smtplib import SMTPServerDisconnected
from urllib.parse import parse_qs, urlparse

import pytest
import time_machine
from allauth.account.models import EmailAddress
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend
from django.db import transaction
from django.utils import timezone
from mail_helpers import links_in
from turn_based_helpers import end_turn, to_move, users

from accounts import leaving, my_data
from events import store
from games import tasks
from games.models import Nudge, Table
from games.play import commands, game_state, nudges
from games.tables import bot_seating, closing, lobby

pytestmark = pytest.mark.django_db

DAY = 86400


@pytest.fixture
def queued(monkeypatch):
    """The sending jobs queued, as (user id, countdown), instead of sent to a broker."""
    jobs = []

    def send_task(name, args, countdown):
        assert name == tasks.send_turn_nudges.name  # the command path names the job it cannot import
        jobs.append((args[0], countdown))

    monkeypatch.setattr(nudges.current_app, "send_task", send_task)
    return jobs


def opted_in(user, verified=True):
    """``user`` with turn e-mails on and an address (verified unless told otherwise)."""
    EmailAddress.objects.create(user=user, email=f"{user.username}@example.com", verified=verified, primary=True)
    user.turn_emails = True
    user.save(update_fields=["turn_emails"])
    return user


def turn_based_table(host, guest, name=None, game="spite_and_malice", private=False):
    """A started turn-based table of two (a day a move and a day's bank) where it is ``guest``'s move."""
    table = lobby.create_table(host, game, 2, move_time=DAY, time_bank=DAY, name=name, private=private)
    lobby.join_table(table, guest)
    lobby.start_table(table, host)
    if users(table)[to_move(table)] == host:
        end_turn(table, host)
    return table


def pending(user):
    return Nudge.objects.filter(user=user, sent_at__isnull=True)


def settled(user):
    return sorted(Nudge.objects.filter(user=user).values_list("how", flat=True))


# --- recording, with the move -----------------------------------------------------------


def test_a_turn_is_recorded_with_the_move_and_its_job_queued_only_once_committed(
    alice, bob, queued, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as callbacks:
        table = turn_based_table(alice, bob)
    nudge = Nudge.objects.get(user=bob, table=table)
    assert nudge.seat == to_move(table) and nudge.sent_at is None
    assert nudge.version == store.current_version(table.stream)  # the version the turn began at
    assert (bob.pk, 120.0) not in queued  # nothing is sent while the transaction is open
    for callback in callbacks:
        callback()
    assert (bob.pk, 120.0) in queued


def test_a_live_table_records_no_nudge(alice, bob, queued, django_capture_on_commit_callbacks):
    table = lobby.create_table(alice, "spite_and_malice", 2)
    lobby.join_table(table, bob)
    with django_capture_on_commit_callbacks(execute=True):
        lobby.start_table(table, alice)
        end_turn(table, users(table)[to_move(table)])
    assert not Nudge.objects.exists() and queued == []


def test_a_move_rolled_back_leaves_no_nudge_and_queues_nothing(alice, bob, queued, django_capture_on_commit_callbacks):
    table = lobby.create_table(alice, "spite_and_malice", 2, move_time=DAY, time_bank=DAY)
    lobby.join_table(table, bob)
    lobby.start_table(table, alice)
    first = users(table)[to_move(table)]
    other = bob if first == alice else alice
    Nudge.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError):
        with transaction.atomic():
            end_turn(table, first)
            assert pending(other).count() == 1  # written with the move...
            raise RuntimeError("the move's transaction fails")
    assert not Nudge.objects.exists()  # ...and gone with it
    assert queued == []


def test_every_seat_awaited_at_once_gets_its_nudge(alice, bob, carol, queued):
    """Spite's opening at a turn-based table waits on every seat that may lead the asked rank."""
    table = lobby.create_table(alice, "spite", 3, move_time=DAY, time_bank=DAY)
    lobby.join_table(table, bob)
    lobby.join_table(table, carol)
    lobby.start_table(table, alice, rng=random.Random(4))  # a deal where all three hold the asked rank
    game = game_state.load(table)
    awaited = game.engine.awaited_seats(game.state)
    assert awaited == {0, 1, 2}
    seated = users(table)
    assert set(Nudge.objects.values_list("seat", "user")) == {(seat, seated[seat].pk) for seat in awaited}


def test_a_bots_seat_gets_no_nudge(alice, queued):
    table = lobby.create_table(alice, "spank", 2, move_time=DAY, time_bank=DAY)
    bot_seat = bot_seating.add_bot(table, alice)
    lobby.start_table(table, alice)
    if to_move(table) != bot_seat:
        end_turn(table, alice)
    assert to_move(table) == bot_seat  # awaited, and the bot has not moved yet
    assert set(Nudge.objects.values_list("user", flat=True)) <= {alice.pk}


# --- sending ------------------------------------------------------------------------------


def test_a_burst_of_turns_at_three_tables_makes_one_email(alice, bob, carol, queued):
    opted_in(bob)
    tables = [
        turn_based_table(alice, bob, name="Kitchen"),
        turn_based_table(carol, bob, name="Garden"),
        turn_based_table(alice, bob, name="Attic", game="spank"),
    ]
    assert tasks.send_turn_nudges.apply(args=[bob.pk]).get() == 3
    [message] = mail.outbox
    assert message.subject == "Your move at 3 tables"
    assert message.to == ["bob@example.com"]
    text = message.body.replace("\N{NO-BREAK SPACE}", " ")  # timeuntil's "1 day" keeps its words together
    for table in tables:
        # The time per move and the bank: two days less the seconds the test took.
        link = f"http://127.0.0.1:8000/accounts/login/?next=%2Ftables%2F{table.pk}%2F"
        assert f"- {table} ({table.title}): 1 day, 23 hours left\n  {link}" in text
    assert settled(bob) == ["email"] * 3
    # The other jobs queued by that burst (one per turn) find nothing pending.
    assert tasks.send_turn_nudges.apply(args=[bob.pk]).get() == 0
    assert len(mail.outbox) == 1


def test_one_table_is_named_in_the_subject_and_the_html_part_links_it(alice, bob, queued):
    opted_in(bob)
    table = turn_based_table(alice, bob, name="Kitchen")
    nudges.send_pending(bob.pk)
    [message] = mail.outbox
    assert message.subject == "Your move at Kitchen"
    [(html, kind)] = message.alternatives
    assert (
        kind == "text/html" and f'href="http://127.0.0.1:8000/accounts/login/?next=%2Ftables%2F{table.pk}%2F"' in html
    )


def test_at_most_one_nudge_per_table_per_move(alice, bob, queued):
    opted_in(bob)
    table = turn_based_table(alice, bob)
    version = store.current_version(table.stream)
    nudges.record(table, {to_move(table)}, version)  # the same turn recorded again
    assert Nudge.objects.filter(user=bob, table=table).count() == 1
    # Bob moves, Alice moves: a second turn of Bob's at the table before any job ran.
    end_turn(table, bob)
    end_turn(table, alice)
    assert pending(bob).count() == 2
    nudges.send_pending(bob.pk)
    [message] = mail.outbox
    assert message.body.count(f"%2Ftables%2F{table.pk}%2F") == 1  # the table once, for its latest turn
    assert settled(bob) == ["email", nudges.LATER_TURN]


def test_no_email_for_a_player_who_moved_already(alice, bob, queued):
    opted_in(bob)
    table = turn_based_table(alice, bob)
    end_turn(table, bob)
    assert nudges.send_pending(bob.pk) == 0
    assert mail.outbox == []
    assert settled(bob) == [nudges.TURN_OVER]


def test_no_email_when_the_game_ended_before_the_job(alice, bob, queued):
    opted_in(bob)
    table = turn_based_table(alice, bob, game="spank")
    commands.submit(table, bob, {"type": "resign"}, store.current_version(table.stream))
    assert nudges.send_pending(bob.pk) == 0
    assert mail.outbox == [] and settled(bob) == [nudges.TURN_OVER]


def test_no_email_for_a_table_whose_log_is_damaged(alice, bob, queued):
    opted_in(bob)
    table = turn_based_table(alice, bob)
    Table.objects.filter(pk=table.pk).update(damaged_at=1, damage="ValueError: a card nobody holds")
    assert nudges.send_pending(bob.pk) == 0
    assert mail.outbox == [] and settled(bob) == [nudges.TURN_OVER]


def test_no_email_while_a_page_of_the_room_is_open_and_one_after_it_closed(alice, bob, queued):
    from accounts.models import User

    opted_in(bob)
    turn_based_table(alice, bob)
    User.objects.filter(pk=bob.pk).update(last_seen=timezone.now() - timedelta(seconds=90))
    assert nudges.send_pending(bob.pk) == 0
    assert mail.outbox == [] and settled(bob) == [nudges.PAGE_OPEN]
    turn_based_table(alice, bob)  # another table, once the page has been closed three minutes
    User.objects.filter(pk=bob.pk).update(last_seen=timezone.now() - timedelta(minutes=3))
    assert nudges.send_pending(bob.pk) == 1
    assert len(mail.outbox) == 1


def test_no_email_without_opting_in(alice, bob, queued):
    EmailAddress.objects.create(user=bob, email="bob@example.com", verified=True, primary=True)
    turn_based_table(alice, bob)
    assert nudges.send_pending(bob.pk) == 0
    assert mail.outbox == [] and settled(bob) == [nudges.NOT_OPTED_IN]


def test_no_email_to_an_unverified_address(alice, bob, queued):
    opted_in(bob, verified=False)
    turn_based_table(alice, bob)
    assert nudges.send_pending(bob.pk) == 0
    assert mail.outbox == [] and settled(bob) == [nudges.NO_ADDRESS]


# --- exactly once ------------------------------------------------------------------------


@pytest.fixture
def mail_server_fails_once(monkeypatch):
    """The mail backend refuses its first message (a dropped SMTP connection), then delivers."""
    deliver = EmailBackend.send_messages
    attempts = []

    def send_messages(self, messages):
        attempts.append(len(messages))
        if len(attempts) == 1:
            raise SMTPServerDisconnected("Connection unexpectedly closed")
        return deliver(self, messages)

    monkeypatch.setattr(EmailBackend, "send_messages", send_messages)
    return attempts


def test_a_mail_server_failure_writes_nothing_and_the_next_run_sends_once(alice, bob, queued, mail_server_fails_once):
    opted_in(bob)
    turn_based_table(alice, bob)
    with pytest.raises(SMTPServerDisconnected):
        nudges.send_pending(bob.pk)
    assert mail.outbox == [] and pending(bob).count() == 1  # rolled back: still owed
    assert nudges.send_pending(bob.pk) == 1
    assert nudges.send_pending(bob.pk) == 0
    assert len(mail.outbox) == 1 and settled(bob) == ["email"]


def test_the_job_retries_after_a_mail_server_failure_and_sends_once(alice, bob, queued, mail_server_fails_once):
    opted_in(bob)
    turn_based_table(alice, bob)
    tasks.send_turn_nudges.apply(args=[bob.pk])
    tasks.send_turn_nudges.apply(args=[bob.pk])  # the broker delivers the job again
    assert mail_server_fails_once == [1, 1]  # failed, retried, delivered; the rerun had nothing to send
    assert len(mail.outbox) == 1 and settled(bob) == ["email"]


def test_beats_sweep_sends_what_a_lost_job_left_and_only_that(alice, bob, carol, queued):
    opted_in(bob)
    turn_based_table(alice, bob)
    assert tasks.send_lost_turn_nudges.apply().get() == 0  # its own job is still to come
    with time_machine.travel(timezone.now() + timedelta(minutes=8)):
        assert tasks.send_lost_turn_nudges.apply().get() == 1
        assert tasks.send_lost_turn_nudges.apply().get() == 0
    assert len(mail.outbox) == 1


def test_a_mail_failure_in_the_sweep_holds_up_only_that_player(alice, bob, carol, queued, mail_server_fails_once):
    opted_in(bob)
    opted_in(carol)
    turn_based_table(alice, bob)
    turn_based_table(alice, carol)
    with time_machine.travel(timezone.now() + timedelta(minutes=8)):
        assert nudges.send_lost() == 1  # the first player's mail failed, the second's went
        assert [message.to for message in mail.outbox] == [["carol@example.com"]]
        assert nudges.send_lost() == 1  # the next sweep
    assert [message.to for message in mail.outbox] == [["carol@example.com"], ["bob@example.com"]]


# --- the links ------------------------------------------------------------------------------


def test_the_message_has_a_one_click_opt_out_in_its_text_and_headers(alice, bob, queued, client):
    opted_in(bob)
    turn_based_table(alice, bob)
    nudges.send_pending(bob.pk)
    [message] = mail.outbox
    opt_out = links_in(message)[-1]
    assert message.extra_headers["List-Unsubscribe"] == f"<{opt_out}>"
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "/profile/turn-emails/off/" in opt_out
    # A mail program's one-click POST (RFC 8058), no log-in, no CSRF token.
    answer = client.post(urlparse(opt_out).path, {"List-Unsubscribe": "One-Click"})
    assert answer.status_code == 200
    bob.refresh_from_db()
    assert bob.turn_emails is False


def test_the_link_to_a_private_table_opens_it_for_the_player_after_log_in(alice, bob, queued, client):
    opted_in(bob)
    table = turn_based_table(alice, bob, private=True)
    nudges.send_pending(bob.pk)
    [link] = [link for link in links_in(mail.outbox[0]) if "tables" in link]
    parts = urlparse(link)
    assert (parts.scheme, parts.netloc, parts.path) == ("http", "127.0.0.1:8000", "/accounts/login/")
    assert parse_qs(parts.query) == {"next": [f"/tables/{table.pk}/"]}
    page = client.get(f"{parts.path}?{parts.query}")
    assert page.status_code == 200  # the log-in page, for a player the mail finds logged out
    answer = client.post(
        f"{parts.path}?{parts.query}",
        {"login": "bob", "password": "a-long-test-password", "next": f"/tables/{table.pk}/"},
    )
    assert answer.status_code == 302 and answer["Location"] == f"/tables/{table.pk}/"
    page = client.get(answer["Location"])
    assert page.status_code == 200
    assert "<strong>Your turn</strong>" in page.content.decode()
    # Logged in already, the link goes straight to the table.
    assert client.get(f"{parts.path}?{parts.query}")["Location"] == f"/tables/{table.pk}/"


def test_the_sweep_is_on_celery_beat_and_both_jobs_are_registered(settings):
    from config.celery import app

    entry = settings.CELERY_BEAT_SCHEDULE["send-lost-turn-nudges"]
    assert entry["task"] == tasks.send_lost_turn_nudges.name and entry["task"] in app.tasks
    assert entry["schedule"] == settings.NUDGE_SWEEP_SECONDS
    assert nudges.SEND_TASK == tasks.send_turn_nudges.name and nudges.SEND_TASK in app.tasks


# --- what becomes of the rows: bookkeeping, forgotten once their table has ended, gone with the account ---


def test_the_rows_of_an_ended_table_are_forgotten_by_the_sweep_and_a_running_ones_kept(alice, bob, carol, queued):
    ended = turn_based_table(alice, bob, name="Ended")
    running = turn_based_table(alice, carol, name="Running")
    nudges.send_pending(bob.pk)
    ended.status = ended.Status.FINISHED
    ended.save(update_fields=["status"])
    assert Nudge.objects.filter(table=ended).exists()
    tasks.forget_ended_deadlines.apply()
    assert not Nudge.objects.filter(table=ended).exists()
    assert Nudge.objects.filter(table=running).exists()
    assert closing.close_stale_tables() == 0  # (nothing else of the sweep's)


def test_a_players_turn_emails_are_in_their_download_and_go_with_their_account(alice, bob, queued):
    opted_in(bob)
    table = turn_based_table(alice, bob)
    nudges.send_pending(bob.pk)
    download = my_data.my_data(bob)
    assert download["account"]["preferences"]["turn_emails"] is True
    [row] = download["turn_emails"]
    assert (row["table"], row["settled"]) == (str(table.pk), nudges.EMAIL)
    leaving.delete_account(bob)
    bob.refresh_from_db()
    assert not Nudge.objects.filter(user=bob).exists() and not bob.turn_emails

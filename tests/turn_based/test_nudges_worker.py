"""A turn e-mail end to end: the move commits, its job goes through Redis to a real Celery worker process
(``make worker``'s), which mails a real SMTP server (aiosmtpd). Needs REDIS_URL and PostgreSQL (make test)."""

import pytest
from django.conf import settings
from django.db import connection
from mail_helpers import smtp_server
from test_nudges import opted_in, turn_based_table
from test_timers_worker import celery_worker, wait_for

from games.models import Nudge
from games.play import nudges

pytestmark = [
    pytest.mark.skipif(not settings.REDIS_URL, reason="needs Redis: set REDIS_URL (make test does)"),
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture(autouse=True)
def _postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("a worker process needs the test run's database on PostgreSQL (make test)")


def test_a_move_committed_sends_the_turn_email_through_the_worker_once(alice, bob, tmp_path, monkeypatch, settings):
    settings.NUDGE_BATCH_SECONDS = 1  # the job's countdown, given when the move queues it
    opted_in(bob)
    with smtp_server() as (mail_settings, inbox):
        monkeypatch.setenv("EMAIL_HOST", mail_settings["EMAIL_HOST"])  # the worker's settings, from its env
        monkeypatch.setenv("EMAIL_PORT", str(mail_settings["EMAIL_PORT"]))
        with celery_worker(tmp_path) as log_path:
            table = turn_based_table(alice, bob, name="Kitchen")
            assert wait_for(lambda: inbox.to("bob@example.com"), 20), log_path.read_text()[-3000:]
            assert wait_for(lambda: not Nudge.objects.filter(sent_at__isnull=True).exists(), 10)
    [message] = inbox.messages
    assert message["Subject"] == "Your move at Kitchen"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert f"%2Ftables%2F{table.pk}%2F" in message.get_body(("plain",)).get_content()
    assert Nudge.objects.get(user=bob).how == nudges.EMAIL

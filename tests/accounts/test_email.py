"""E-mail addresses (optional, verified by a link) and a forgotten password reset through one: django-allauth's
flows as this site sets them up (config/settings.py, accounts/forms.py)."""

import re
import subprocess
import sys
from datetime import timedelta

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.core import mail
from django.test import Client
from mail_helpers import links_in, smtp_server

from accounts.models import User

PASSWORD = "a-long-test-password"
NEW_PASSWORD = "another-long-pass-42"

pytestmark = pytest.mark.django_db


def sign_up(client, username, email=""):
    return client.post(
        "/accounts/signup/",
        {
            "username": username,
            "display_name": username.title(),
            "email": email,
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )


def log_in(client, username, password=PASSWORD):
    return client.post("/accounts/login/", {"login": username, "password": password})


def verified(user, email):
    return EmailAddress.objects.filter(user=user, email=email, verified=True).exists()


def test_an_account_needs_no_e_mail_address(client):
    assert sign_up(client, "dora").status_code == 302
    dora = User.objects.get(username="dora")
    assert dora.display_name == "Dora" and not EmailAddress.objects.filter(user=dora).exists()
    assert mail.outbox == []


def test_an_address_given_at_sign_up_is_verified_by_the_link_sent_to_it(client):
    assert sign_up(client, "dora", "dora@example.com").status_code == 302
    dora = User.objects.get(username="dora")
    assert not verified(dora, "dora@example.com")
    [message] = mail.outbox
    assert message.to == ["dora@example.com"] and message.subject.startswith("[Cardroom] ")
    [link] = [link for link in links_in(message) if "/confirm-email/" in link]

    page = client.get(link)  # a look at the link (a mail scanner's, say) confirms nothing
    assert page.status_code == 200 and not verified(dora, "dora@example.com")
    assert client.post(link).status_code == 302
    assert verified(dora, "dora@example.com")


def test_a_forged_verification_link_is_refused_with_a_sentence(client):
    sign_up(client, "dora", "dora@example.com")
    page = client.get("/accounts/confirm-email/not-a-real-key/")
    assert page.status_code == 200 and "expired or is invalid" in page.content.decode()
    assert client.post("/accounts/confirm-email/not-a-real-key/").status_code == 404
    assert not verified(User.objects.get(username="dora"), "dora@example.com")


def test_a_player_adds_a_second_address_and_makes_it_primary_once_verified(client):
    sign_up(client, "dora", "dora@example.com")
    mail.outbox.clear()
    assert client.post("/accounts/email/", {"action_add": "", "email": "dora@work.example"}).status_code == 302
    [message] = mail.outbox
    [link] = [link for link in links_in(message) if "/confirm-email/" in link]
    client.post(link)
    client.post("/accounts/email/", {"action_primary": "", "email": "dora@work.example"})
    dora = User.objects.get(username="dora")
    primary = EmailAddress.objects.get(user=dora, primary=True)
    assert primary.email == "dora@work.example" and primary.verified
    assert dora.email == "dora@work.example"


def test_an_address_belongs_to_one_account(client):
    sign_up(Client(), "dora", "dora@example.com")
    page = sign_up(client, "ed", "dora@example.com")
    assert page.status_code == 200 and not User.objects.filter(username="ed").exists()


def verified_player(client, username="dora", email="dora@example.com"):
    sign_up(client, username, email)
    [link] = [link for link in links_in(mail.outbox[-1]) if "/confirm-email/" in link]
    client.post(link)
    client.post("/accounts/logout/")
    mail.outbox.clear()
    return User.objects.get(username=username)


def ask_for_a_reset(client, email):
    return client.post("/accounts/password/reset/", {"email": email})


def reset_link(message):
    [link] = [link for link in links_in(message) if "/password/reset/key/" in link]
    return link


def test_the_reset_page_answers_alike_whether_or_not_a_message_is_sent(client):
    verified_player(client)
    sign_up(Client(), "ed", "ed@example.com")  # never verified: it may be anyone's
    mail.outbox.clear()
    answers = [
        ask_for_a_reset(Client(), email) for email in ("dora@example.com", "ed@example.com", "nobody@example.com")
    ]
    assert {(answer.status_code, answer["Location"]) for answer in answers} == {(302, "/accounts/password/reset/done/")}
    assert [message.to for message in mail.outbox] == [["dora@example.com"]]


def test_a_reset_link_sets_a_new_password_once(client):
    dora = verified_player(client)
    ask_for_a_reset(client, "DORA@example.com")
    link = reset_link(mail.outbox[-1])
    form_page = client.get(link, follow=True)  # allauth moves the key out of the address into the session
    form_url = form_page.redirect_chain[-1][0] if form_page.redirect_chain else link
    answer = client.post(form_url, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    assert answer.status_code == 302
    dora.refresh_from_db()
    assert dora.check_password(NEW_PASSWORD)
    assert log_in(Client(), "dora", NEW_PASSWORD).status_code == 302

    again = Client().get(link, follow=True)
    assert "invalid" in again.content.decode().lower()


def test_a_reset_link_expires(client, monkeypatch):
    dora = verified_player(client)
    ask_for_a_reset(client, "dora@example.com")
    link = reset_link(mail.outbox[-1])
    later = PasswordResetTokenGenerator()._now() + timedelta(seconds=settings.PASSWORD_RESET_TIMEOUT + 60)
    monkeypatch.setattr(PasswordResetTokenGenerator, "_now", lambda self: later)
    page = Client().get(link, follow=True)
    assert "invalid" in page.content.decode().lower()
    dora.refresh_from_db()
    assert dora.check_password(PASSWORD)


def test_a_reset_travels_through_a_real_smtp_server_and_its_link_works(client, settings):
    dora = verified_player(client)
    with smtp_server() as (smtp_settings, inbox):
        for name, value in smtp_settings.items():
            setattr(settings, name, value)
        assert ask_for_a_reset(Client(), "dora@example.com").status_code == 302
    [message] = inbox.to("dora@example.com")
    assert message["Subject"].startswith("[Cardroom] ") and message["From"] == settings.DEFAULT_FROM_EMAIL
    browser = Client()
    form_page = browser.get(reset_link(message), follow=True)
    form_url = form_page.redirect_chain[-1][0]
    assert browser.post(form_url, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD}).status_code == 302
    dora.refresh_from_db()
    assert dora.check_password(NEW_PASSWORD)


def mail_settings(**environment):
    """The mail settings config/settings.py reads from ``environment`` (in a fresh interpreter)."""
    script = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE'] = 'config.settings'; django.setup()\n"
        "from django.conf import settings as s\n"
        "print(s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_HOST_USER, s.EMAIL_USE_TLS)"
    )
    clean = {key: value for key, value in __import__("os").environ.items() if not key.startswith("EMAIL_")}
    result = subprocess.run(
        [sys.executable, "-c", script], env={**clean, **environment}, capture_output=True, text=True, check=True
    )
    return result.stdout.split()


def test_with_no_mail_settings_messages_are_printed_on_the_console():
    assert mail_settings()[0] == "django.core.mail.backends.console.EmailBackend"


def test_email_url_names_the_smtp_server():
    backend, host, port, user, tls = mail_settings(EMAIL_URL="smtp+tls://mailer:secret@mail.example.com:587")
    assert (backend, host, port, user, tls) == (
        "django.core.mail.backends.smtp.EmailBackend",
        "mail.example.com",
        "587",
        "mailer",
        "True",
    )


def test_the_usual_email_settings_name_it_too():
    backend, host, port, *_ = mail_settings(EMAIL_HOST="smtp.example.org", EMAIL_PORT="2525")
    assert (backend, host, port) == ("django.core.mail.backends.smtp.EmailBackend", "smtp.example.org", "2525")


def test_the_verification_page_link_is_absolute_and_on_this_site(client):
    sign_up(client, "dora", "dora@example.com")
    [link] = [link for link in links_in(mail.outbox[-1]) if "/confirm-email/" in link]
    assert re.match(r"^http://testserver/accounts/confirm-email/[^/]+/$", link)


def test_asking_for_resets_too_often_is_refused_on_the_sites_page(client):
    verified_player(client)
    answers = [ask_for_a_reset(client, "dora@example.com").status_code for _ in range(6)]
    assert answers == [302] * 5 + [429]
    refused = ask_for_a_reset(client, "dora@example.com")
    assert "Too many requests" in refused.content.decode() and "Cardroom" in refused.content.decode()
    assert len(mail.outbox) == 5

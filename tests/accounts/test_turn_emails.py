"""Turn e-mails, the account's side (accounts.turn_emails): the preference, offered with a verified address
only; the one-click opt-out link, without log-in, and its refusal of a token this site did not sign; and
presence.page_open, which spares a player with a page open the e-mail."""

from datetime import timedelta

import pytest
from allauth.account.models import EmailAddress
from django.core import signing
from django.urls import reverse
from django.utils import timezone

from accounts import presence, turn_emails

pytestmark = pytest.mark.django_db


def verified(user, email=None):
    EmailAddress.objects.create(user=user, email=email or f"{user.username}@example.com", verified=True, primary=True)
    return user


def opted_in(user):
    turn_emails.set_wanted(verified(user), True)
    return user


def turned_on(user):
    user.refresh_from_db()
    return user.turn_emails


# --- the preference ------------------------------------------------------------------------


def test_without_a_verified_address_the_profile_says_how_to_get_turn_emails(client, alice):
    EmailAddress.objects.create(user=alice, email="alice@example.com", verified=False, primary=True)
    client.force_login(alice)
    page = client.get(reverse("profile")).content.decode()
    assert 'name="turn_emails"' not in page
    assert "add or verify one" in page and reverse("account_email") in page


def test_without_a_verified_address_posting_the_preference_changes_nothing(client, alice):
    client.force_login(alice)
    client.post(reverse("preferences"), {"turn_sound": "on", "turn_emails": "on", "show_last_seen": "on"})
    assert not turned_on(alice)


def test_with_a_verified_address_the_preference_is_offered_and_saved(client, alice):
    verified(alice)
    client.force_login(alice)
    assert 'name="turn_emails"' in client.get(reverse("profile")).content.decode()
    client.post(reverse("preferences"), {"turn_emails": "on", "show_last_seen": "on"})
    assert turned_on(alice)
    client.post(reverse("preferences"), {"show_last_seen": "on"})
    assert not turned_on(alice)


def test_turn_emails_are_off_by_default(alice):
    assert alice.turn_emails is False


# --- the opt-out link ----------------------------------------------------------------------


def test_the_opt_out_link_works_without_log_in_and_offers_to_log_in_to_undo(client, alice):
    opted_in(alice)
    page = client.get(turn_emails.opt_out_url(alice).removeprefix("http://127.0.0.1:8000"))
    assert page.status_code == 200
    assert not turned_on(alice)
    text = page.content.decode()
    assert "Turn e-mails are off" in text and "Log in</a> to turn them back on" in text


def test_the_opt_out_page_of_the_logged_in_player_has_the_button_to_turn_them_back_on(client, alice):
    opted_in(alice)
    client.force_login(alice)
    page = client.get(reverse("turn_emails_off", args=[turn_emails.opt_out_token(alice)]))
    assert not turned_on(alice)
    assert f'action="{reverse("turn_emails_on")}"' in page.content.decode()
    answer = client.post(reverse("turn_emails_on"))
    assert answer.status_code == 302 and answer["Location"] == reverse("profile")
    assert turned_on(alice)


def test_turning_them_back_on_needs_a_log_in_and_a_verified_address(client, alice, bob):
    opted_in(alice)
    turn_emails.set_wanted(alice, False)
    assert client.post(reverse("turn_emails_on")).status_code == 302  # to the log-in page
    assert not turned_on(alice)
    client.force_login(bob)  # no verified address
    answer = client.post(reverse("turn_emails_on"))
    assert answer["Location"] == reverse("account_email")
    assert not turned_on(bob)


def test_a_one_click_post_turns_them_off_and_answers_200(client, alice):
    opted_in(alice)
    answer = client.post(
        reverse("turn_emails_off", args=[turn_emails.opt_out_token(alice)]), {"List-Unsubscribe": "One-Click"}
    )
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/plain")
    assert not turned_on(alice)


@pytest.mark.parametrize(
    "forge",
    [
        lambda token: token[:-1] + ("A" if token[-1] != "A" else "B"),  # the signature changed
        lambda token: signing.dumps(int(signing.loads(token, salt=turn_emails.OPT_OUT_SALT)) + 1),  # no salt
        lambda token: "not-a-token",
    ],
)
def test_a_tampered_token_is_refused_with_a_page_and_changes_nothing(client, alice, bob, forge):
    opted_in(alice)
    opted_in(bob)
    answer = client.get(reverse("turn_emails_off", args=[forge(turn_emails.opt_out_token(alice))]))
    assert answer.status_code == 400
    assert "This link is not one of ours" in answer.content.decode()
    assert turned_on(alice) and turned_on(bob)


def test_the_opt_out_token_names_one_player(alice, bob):
    assert turn_emails.user_for(turn_emails.opt_out_token(alice)) == alice
    assert turn_emails.user_for(turn_emails.opt_out_token(bob)) == bob


# --- a page open ---------------------------------------------------------------------------


def test_a_page_is_open_while_the_player_was_seen_within_two_minutes(alice):
    now = timezone.now()
    assert not presence.page_open(alice, now)  # never seen
    alice.last_seen = now - timedelta(seconds=110)
    assert presence.page_open(alice, now)
    alice.last_seen = now - timedelta(seconds=130)
    assert not presence.page_open(alice, now)


def test_the_address_written_to_is_a_verified_one_the_primary_first(alice, bob):
    EmailAddress.objects.create(user=alice, email="old@example.com", verified=True, primary=False)
    EmailAddress.objects.create(user=alice, email="main@example.com", verified=True, primary=True)
    EmailAddress.objects.create(user=bob, email="bob@example.com", verified=False, primary=True)
    assert turn_emails.address(alice) == "main@example.com"
    assert turn_emails.address(bob) is None

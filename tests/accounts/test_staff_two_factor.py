"""Staff need two-factor authentication (accounts.staff): the review pages and the admin send them to set
TOTP up or to enter a code, the staff API refuses with a sentence, and a log-in with a code, a code
entered later or TOTP activated in the session lets them in. Wrong codes are limited per account."""

import pytest
from allauth.mfa.models import Authenticator
from api_helpers import client_for
from django.contrib.auth.models import Permission
from django.contrib.messages import get_messages
from django.test import Client
from reviews_helpers import misplay_ruling
from staff_helpers import give_totp, pass_second_factor, staff_api, totp_code

from accounts import staff as staff_rule
from reviews.models import Dispute

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-test-password"
STAFF_PAGES = ["/reviews/", "/reviews/log/", "/admin/", "/admin/password_change/"]
STAFF_APIS = ["/api/disputes/", "/api/staff-log/"]


@pytest.fixture
def referee(make_user):
    user = make_user("referee")
    user.is_staff = True
    user.save()
    return user


@pytest.fixture
def dispute(players):
    table, version = misplay_ruling(players)
    return Dispute.objects.create(table=table, version=version, seats=[1, 2], seat=1, filed_by=players[1], text="No.")


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


def messages_of(response):
    return [str(message) for message in get_messages(response.wsgi_request)]


def log_in(client, user):
    """Through the log-in page: the password, then (for an account with TOTP) the code step."""
    return client.post("/accounts/login/", {"login": user.username, "password": PASSWORD})


def test_staff_without_totp_are_sent_to_set_it_up_from_every_staff_page(referee):
    client = logged_in(referee)
    for url in STAFF_PAGES:
        response = client.get(url)
        assert (response.status_code, response["Location"]) == (302, "/accounts/2fa/totp/activate/"), url
        assert messages_of(response)[-1] == staff_rule.SET_UP
    # There allauth asks for the password first (activating TOTP is a sensitive change), the reason shown.
    shown = client.get("/reviews/", follow=True)
    assert shown.redirect_chain[-1][0].startswith("/accounts/reauthenticate/")
    assert staff_rule.SET_UP in shown.content.decode()


def test_staff_with_totp_enter_a_code_and_come_back_to_the_page(referee):
    secret = give_totp(referee)
    client = logged_in(referee)
    response = client.get("/reviews/log/?table=x")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/2fa/reauthenticate/?next=%2Freviews%2Flog%2F%3Ftable%3Dx"
    page = client.get(response["Location"])
    assert staff_rule.ENTER_CODE in page.content.decode()
    wrong = client.post(response["Location"], {"code": "000000", "next": "/reviews/log/?table=x"})
    assert wrong.status_code == 200 and client.get("/reviews/").status_code == 302
    right = client.post(response["Location"], {"code": totp_code(secret), "next": "/reviews/log/?table=x"})
    assert right["Location"] == "/reviews/log/?table=x"
    for url in STAFF_PAGES:
        assert client.get(url).status_code == 200, url


def test_a_decision_posted_before_the_code_is_made_once_the_code_is_entered(referee, dispute):
    secret = give_totp(referee)
    client = logged_in(referee)
    decide = f"/reviews/{dispute.pk}/decide/"
    response = client.post(decide, {"outcome": "uphold", "reason": "The call was right."})
    assert response["Location"] == f"/accounts/2fa/reauthenticate/?next={decide.replace('/', '%2F')}"
    dispute.refresh_from_db()
    assert dispute.is_open
    done = client.post(response["Location"], {"code": totp_code(secret), "next": decide})
    assert done["Location"] == f"/reviews/{dispute.pk}/"
    dispute.refresh_from_db()
    assert dispute.status == Dispute.Status.UPHELD and dispute.reason == "The call was right."


def test_a_log_in_with_a_code_opens_the_staff_pages(referee):
    secret = give_totp(referee)
    client = Client()
    assert log_in(client, referee)["Location"] == "/accounts/2fa/authenticate/"
    assert client.get("/reviews/")["Location"].startswith("/accounts/login/")  # not logged in before the code
    assert client.post("/accounts/2fa/authenticate/", {"code": totp_code(secret)})["Location"] == "/lobby/"
    for url in STAFF_PAGES:
        assert client.get(url).status_code == 200, url


def test_a_log_in_with_a_recovery_code_opens_them_too(referee):
    give_totp(referee)
    client = Client()
    log_in(client, referee)
    client.post("/accounts/2fa/authenticate/", {"code": "000000"})  # wrong: still at the code step
    assert client.get("/reviews/")["Location"].startswith("/accounts/login/")
    from allauth.mfa.recovery_codes.internal.auth import RecoveryCodes

    codes = RecoveryCodes.activate(referee).generate_codes()
    assert client.post("/accounts/2fa/authenticate/", {"code": codes[0]})["Location"] == "/lobby/"
    assert client.get("/reviews/").status_code == 200


@pytest.mark.django_db(transaction=True)  # allauth tells of the activation once it commits, in the request
def test_activating_totp_in_the_session_counts_as_its_second_factor(referee):
    client = Client()
    log_in(client, referee)
    assert client.get("/reviews/")["Location"] == "/accounts/2fa/totp/activate/"
    asked = client.get("/accounts/2fa/totp/activate/")
    assert asked["Location"].startswith("/accounts/reauthenticate/")
    client.post(asked["Location"], {"password": PASSWORD})
    page = client.get("/accounts/2fa/totp/activate/")
    secret = page.context["form"].secret
    activated = client.post("/accounts/2fa/totp/activate/", {"code": totp_code(secret)})
    assert activated["Location"] == "/accounts/2fa/recovery-codes/"
    assert Authenticator.objects.filter(user=referee, type=Authenticator.Type.TOTP).exists()
    assert client.get("/reviews/").status_code == 200
    # Another browser of the same account has entered no code: it is asked for one.
    other = Client()
    log_in(other, referee)
    assert other.get("/reviews/").status_code == 302  # at the code step of its log-in


def test_deactivating_totp_closes_the_staff_pages_again(referee):
    client = pass_second_factor(Client(), referee)
    assert client.get("/reviews/").status_code == 200
    Authenticator.objects.filter(user=referee).delete()
    assert client.get("/reviews/")["Location"] == "/accounts/2fa/totp/activate/"


def test_reviewers_by_permission_and_superusers_are_asked_too(make_user, referee):
    reviewer = make_user("rita")
    reviewer.user_permissions.add(Permission.objects.get(codename="reviewer"))
    boss = make_user("boss")
    boss.is_superuser = boss.is_staff = True
    boss.save()
    assert logged_in(reviewer).get("/reviews/")["Location"] == "/accounts/2fa/totp/activate/"
    assert logged_in(boss).get("/admin/")["Location"] == "/accounts/2fa/totp/activate/"
    assert pass_second_factor(Client(), reviewer).get("/reviews/").status_code == 200
    assert pass_second_factor(Client(), boss).get("/admin/").status_code == 200


def test_players_see_no_change(alice):
    client = logged_in(alice)
    assert client.get("/reviews/").status_code == 403
    assert client.get("/admin/")["Location"].startswith("/admin/login/")
    assert client.get("/lobby/").status_code == 200


def test_the_staff_api_refuses_what_is_not_a_session_that_passed_the_second_factor(referee):
    from rest_framework.test import APIClient

    not_a_session = client_for(referee)  # as an API token would authenticate it: no second factor
    session = APIClient()
    session.force_login(referee)
    for url in STAFF_APIS:
        refused = not_a_session.get(url)
        assert (refused.status_code, refused.json()["detail"]) == (403, staff_rule.API_SESSION_ONLY), url
        refused = session.get(url)
        assert (refused.status_code, refused.json()["detail"]) == (403, staff_rule.API_SET_UP), url
    give_totp(referee)
    refused = session.get("/api/disputes/")
    assert (refused.status_code, refused.json()["detail"]) == (403, staff_rule.API_ENTER_CODE)
    for url in STAFF_APIS:
        assert staff_api(referee).get(url).status_code == 200, url
    assert client_for(referee).get("/api/tables/").status_code == 200  # the players' API takes any log-in


def test_a_player_is_told_they_are_no_reviewer_whatever_their_second_factor(alice):
    for client in (client_for(alice), staff_api(alice)):
        refused = client.get("/api/disputes/")
        assert (refused.status_code, refused.json()["detail"]) == (403, "Only staff review disputes.")


def test_wrong_codes_at_the_log_in_are_limited_per_account(referee):
    secret = give_totp(referee)
    client = Client()
    log_in(client, referee)
    for _ in range(5):
        wrong = client.post("/accounts/2fa/authenticate/", {"code": "000000"})
        assert "Incorrect code." in wrong.content.decode()
    refused = client.post("/accounts/2fa/authenticate/", {"code": totp_code(secret)})
    assert "Too many failed login attempts" in refused.content.decode()
    assert client.get("/reviews/")["Location"].startswith("/accounts/login/")
    # Another browser with the password is refused too: the count is the account's.
    other = Client()
    log_in(other, referee)
    again = other.post("/accounts/2fa/authenticate/", {"code": totp_code(secret)})
    assert "Too many failed login attempts" in again.content.decode()


def test_wrong_passwords_are_not_counted_by_allauth_as_well(referee):
    """accounts.throttling counts them; allauth's own count is the codes' alone."""
    client = Client()
    for _ in range(6):
        client.post("/accounts/login/", {"login": referee.username, "password": "wrong"})
    assert log_in(client, referee)["Location"] == "/lobby/"

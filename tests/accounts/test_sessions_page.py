"""The sessions page (accounts.sessions): where a player is logged in, logging out one chosen session or
every other, and a readable 400 for a session that is not there to end."""

import pytest
from allauth.usersessions.models import UserSession
from django.test import Client

from accounts.signals import session_ended

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-test-password"
LAPTOP = "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0"
PHONE = "Mozilla/5.0 (Linux; Android 14) Chrome/128.0 Mobile"


def browser(user, agent):
    """A client logged in as ``user`` through the log-in page, as a browser called ``agent``."""
    client = Client(HTTP_USER_AGENT=agent)
    assert client.post("/accounts/login/", {"login": user.username, "password": PASSWORD}).status_code == 302
    return client


def session_of(client):
    return UserSession.objects.get(session_key=client.session.session_key)


def logged_in(client):
    return client.get("/accounts/profile/").status_code == 200


def test_the_page_lists_each_browser_and_marks_this_one(alice, bob):
    laptop, phone = browser(alice, LAPTOP), browser(alice, PHONE)
    browser(bob, LAPTOP)
    page = phone.get("/accounts/sessions/").content.decode()
    assert LAPTOP in page and PHONE in page and page.count("<tr") == 3  # the head's row and alice's two
    assert "This browser" in page
    assert f'name="session" value="{session_of(laptop).pk}"' in page
    assert f'name="session" value="{session_of(phone).pk}"' not in page  # this one logs out with "Log out"


def test_logging_out_one_session_ends_it_alone_and_says_so(alice, make_user):
    laptop, phone, tablet = browser(alice, LAPTOP), browser(alice, PHONE), browser(alice, "Tablet")
    ended = []

    def heard(sender, user_id, session_key, **kwargs):
        ended.append((user_id, session_key))

    session_ended.connect(heard)
    try:
        laptop_key = session_of(laptop).session_key
        response = phone.post("/accounts/sessions/", {"session": session_of(laptop).pk}, follow=True)
    finally:
        session_ended.disconnect(heard)
    assert response.redirect_chain == [("/accounts/sessions/", 302)]
    assert "That session is logged out; its open tables have closed." in response.content.decode()
    assert ended == [(alice.pk, laptop_key)]
    assert not logged_in(laptop) and logged_in(phone) and logged_in(tablet)
    assert LAPTOP not in phone.get("/accounts/sessions/").content.decode()


def test_logging_out_every_other_session(alice):
    laptop, phone, tablet = browser(alice, LAPTOP), browser(alice, PHONE), browser(alice, "Tablet")
    response = phone.post("/accounts/sessions/", follow=True)
    assert "Signed out of all other sessions." in response.content.decode()
    assert not logged_in(laptop) and not logged_in(tablet) and logged_in(phone)


@pytest.mark.parametrize("chosen", ["yesterday", "0", "-3", str(2**70)])
def test_a_session_that_is_no_number_from_the_list_is_a_400(alice, chosen):
    laptop, phone = browser(alice, LAPTOP), browser(alice, PHONE)
    response = phone.post("/accounts/sessions/", {"session": chosen})
    assert response.status_code == 400 and "Choose a session from the list." in response.content.decode()
    assert logged_in(laptop)


def test_another_players_session_or_an_ended_one_is_a_400_and_nothing_ends(alice, bob):
    alices, bobs = browser(alice, LAPTOP), browser(bob, PHONE)
    response = alices.post("/accounts/sessions/", {"session": session_of(bobs).pk})
    assert response.status_code == 400 and "That session has already ended." in response.content.decode()
    assert logged_in(bobs)
    phone = browser(alice, PHONE)
    gone = session_of(phone).pk
    phone.post("/accounts/logout/")
    response = alices.post("/accounts/sessions/", {"session": gone})
    assert response.status_code == 400 and "That session has already ended." in response.content.decode()
    assert logged_in(alices)

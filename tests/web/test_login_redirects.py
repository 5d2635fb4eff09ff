"""Sign-up and log-in follow ``next`` only to a page of this site."""

import pytest

from accounts.models import User

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password"


EVIL = ["https://evil.example/", "//evil.example/", "https:evil.example", "http://testserver@evil.example/"]


@pytest.mark.parametrize("target", EVIL)
@pytest.mark.parametrize("where", ["GET", "POST"])
def test_sign_up_does_not_follow_next_to_another_site(client, target, where):
    form = {"username": "dora", "display_name": "Dora", "password1": PASSWORD, "password2": PASSWORD}
    url = "/accounts/signup/"
    if where == "GET":
        url += "?" + f"next={target}"
    else:
        form["next"] = target
    response = client.post(url, form)
    assert response.status_code == 302 and response["Location"] == "/lobby/"
    assert User.objects.filter(username="dora").exists()


@pytest.mark.parametrize("where", ["GET", "POST"])
def test_sign_up_follows_next_on_this_site(client, where):
    form = {"username": "dora", "display_name": "Dora", "password1": PASSWORD, "password2": PASSWORD}
    url = "/accounts/signup/?next=/tables/7/" if where == "GET" else "/accounts/signup/"
    if where == "POST":
        form["next"] = "/tables/7/"
    assert client.post(url, form)["Location"] == "/tables/7/"


@pytest.mark.parametrize("target", EVIL)
@pytest.mark.parametrize("where", ["GET", "POST"])
def test_login_does_not_follow_next_to_another_site(client, alice, target, where):
    form = {"login": "alice", "password": PASSWORD}
    url = "/accounts/login/"
    if where == "GET":
        url += f"?next={target}"
    else:
        form["next"] = target
    response = client.post(url, form)
    assert response.status_code == 302 and response["Location"] == "/lobby/"


def test_login_follows_next_on_this_site(client, alice):
    assert (
        client.post("/accounts/login/?next=/tables/7/", {"login": "alice", "password": PASSWORD})["Location"]
        == "/tables/7/"
    )


def test_the_login_page_passes_next_on_to_sign_up_and_back(client):
    assert "/accounts/signup/?next=%2Ftables%2F7%2F" in client.get("/accounts/login/?next=/tables/7/").content.decode()
    assert "/accounts/login/?next=%2Ftables%2F7%2F" in client.get("/accounts/signup/?next=/tables/7/").content.decode()

"""API tokens (accounts.tokens): made, listed, used and revoked through the API and the profile page."""

import hashlib
import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from drf_spectacular.generators import SchemaGenerator

from accounts import tokens
from accounts.models import ApiToken
from games.models import Table

pytestmark = pytest.mark.django_db
NEW_TABLE = {"game": "spank", "seat_count": 2}


def bearer(key):
    return {"HTTP_AUTHORIZATION": f"Bearer {key}"}


def make_token(client, key_or_user, name="my bot"):
    """POST /api/tokens/ as ``key_or_user`` (a key, or a user logged in by session); the response."""
    if isinstance(key_or_user, str):
        return client.post("/api/tokens/", {"name": name}, content_type="application/json", **bearer(key_or_user))
    client.force_login(key_or_user)
    return client.post("/api/tokens/", {"name": name}, content_type="application/json")


@pytest.fixture
def alices_key(alice):
    return tokens.create(alice, "alice's script")[1]


# Through the API


def test_a_token_made_by_session_shows_its_key_once_and_lists_without_it(client, alice):
    made = make_token(client, alice, "stats script")
    assert made.status_code == 201
    body = made.json()
    assert set(body) == {"id", "name", "created", "last_used", "key"}
    assert body["name"] == "stats script" and body["last_used"] is None and len(body["key"]) >= 40
    listed = client.get("/api/tokens/").json()
    assert listed == [{"id": body["id"], "name": "stats script", "created": body["created"], "last_used": None}]
    assert body["key"] not in client.get("/api/tokens/").content.decode()


def test_only_the_keys_hash_is_stored(client, alice):
    key = make_token(client, alice).json()["key"]
    token = ApiToken.objects.get()
    assert token.key_hash == hashlib.sha256(key.encode()).hexdigest()
    stored = [str(getattr(token, field.attname)) for field in ApiToken._meta.concrete_fields]
    assert not any(key in value for value in stored)


def test_a_key_acts_as_its_owner_and_needs_no_csrf(alice, alices_key):
    script = Client(enforce_csrf_checks=True)
    made = script.post("/api/tables/", NEW_TABLE, content_type="application/json", **bearer(alices_key))
    assert made.status_code == 201 and made.json()["host"] == alice.shown_name
    assert Table.objects.get().host == alice


def test_a_tokens_last_use_is_written_at_most_once_a_minute(client, alices_key):
    assert client.get("/api/tokens/", **bearer(alices_key)).status_code == 200
    first = ApiToken.objects.get().last_used
    assert first is not None and timezone.now() - first < timedelta(seconds=5)
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/api/tokens/", **bearer(alices_key)).status_code == 200
    assert not any(query["sql"].startswith("UPDATE") for query in queries.captured_queries)
    token = ApiToken.objects.get()
    tokens.used(token, now=first + timedelta(seconds=59))
    assert ApiToken.objects.get().last_used == first
    later = first + timedelta(minutes=1)
    tokens.used(token, now=later)
    assert ApiToken.objects.get().last_used == later


def test_a_revoked_key_is_refused_with_401_and_a_sentence(client, alice, alices_key):
    [token] = client.get("/api/tokens/", **bearer(alices_key)).json()
    assert client.delete(f"/api/tokens/{token['id']}/", **bearer(alices_key)).status_code == 204
    refused = client.get("/api/tokens/", **bearer(alices_key))
    assert refused.status_code == 401 and refused["WWW-Authenticate"] == 'Bearer realm="api"'
    assert refused.json() == {
        "detail": "This API token is not valid (it may have been revoked): make a new one on your profile page."
    }
    assert not ApiToken.objects.exists()


def test_another_players_token_is_neither_listed_nor_revoked(client, alice, bob, alices_key):
    bobs, _ = tokens.create(bob, "bob's bot")
    assert [token["name"] for token in client.get("/api/tokens/", **bearer(alices_key)).json()] == ["alice's script"]
    refused = client.delete(f"/api/tokens/{bobs.id}/", **bearer(alices_key))
    assert refused.status_code == 404 and refused.json() == {"detail": f"You hold no API token {bobs.id}."}
    assert ApiToken.objects.filter(pk=bobs.pk).exists()


@pytest.mark.parametrize("token_id", ["abc", "0", "-1", "99999999999999999999999", "１"])
def test_a_token_id_that_is_no_number_is_a_404_with_a_sentence(client, alices_key, token_id):
    refused = client.delete(f"/api/tokens/{token_id}/", **bearer(alices_key))
    assert refused.status_code == 404 and refused.json()["detail"] == f"You hold no API token {token_id}."


def test_an_inactive_players_key_is_refused(client, alice, alices_key):
    alice.is_active = False
    alice.save()
    refused = client.get("/api/tokens/", **bearer(alices_key))
    assert refused.status_code == 401 and refused.json() == {"detail": "This API token's account is disabled."}


@pytest.mark.parametrize(
    "header, sentence",
    [
        ("Bearer", "No credentials provided"),
        ("Bearer two words", "should not contain spaces"),
        ("Bearer not-a-key", "This API token is not valid"),
        ("Basic YWxpY2U6YS1sb25nLXRlc3QtcGFzc3dvcmQ=", "HTTP Basic is no longer accepted"),
    ],
)
def test_a_bad_authorization_header_is_401_with_a_sentence(client, alice, header, sentence):
    refused = client.get("/api/tokens/", HTTP_AUTHORIZATION=header)
    assert refused.status_code == 401 and refused["WWW-Authenticate"] == 'Bearer realm="api"'
    assert sentence in refused.json()["detail"]


def test_without_credentials_the_token_challenge_is_given(client):
    refused = client.post("/api/tables/", NEW_TABLE, content_type="application/json")
    assert refused.status_code == 401 and refused["WWW-Authenticate"] == 'Bearer realm="api"'
    assert refused.json()["detail"]
    assert client.get("/api/tokens/").status_code == 401
    assert client.get("/api/tables/").status_code == 200  # reading is anyone's, as a watcher


def test_the_session_still_works_for_the_api_with_csrf_enforced(alice):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)
    assert browser.get("/api/tokens/").status_code == 200
    forged = browser.post("/api/tables/", NEW_TABLE, content_type="application/json")
    assert forged.status_code == 403 and "CSRF" in forged.json()["detail"]
    token = browser.get("/accounts/profile/").context["csrf_token"]
    made = browser.post("/api/tables/", NEW_TABLE, content_type="application/json", HTTP_X_CSRFTOKEN=str(token))
    assert made.status_code == 201


def test_a_stale_basic_header_beside_a_session_leaves_the_session_to_answer(alice):
    """A browser that once gave HTTP Basic credentials may send them still; its session answers, CSRF checked."""
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)
    stale = {"HTTP_AUTHORIZATION": "Basic Ym9iOndyb25n"}
    assert browser.get("/api/tokens/", **stale).status_code == 200
    forged = browser.post("/api/tables/", NEW_TABLE, content_type="application/json", **stale)
    assert forged.status_code == 403 and "CSRF" in forged.json()["detail"]


@pytest.mark.parametrize(
    "name, sentence",
    [
        ("", "may not be blank"),
        ("   ", "at least one visible character"),
        ("\u200b\u2066", "at least one visible character"),
        ("my\x01bot", "control characters"),
        ("my\tbot", "control characters"),
        ("x" * 61, "no more than 60 characters"),
        (7, "Not a valid string"),
        (None, "may not be null"),
    ],
)
def test_a_bad_name_is_400_with_a_sentence(client, alice, name, sentence):
    refused = make_token(client, alice, name)
    assert refused.status_code == 400 and sentence in refused.json()["detail"]
    assert refused.json()["field_errors"]["name"]
    assert not ApiToken.objects.exists()


def test_a_name_is_kept_tidy(client, alice):
    made = make_token(client, alice, "  my\u200b   bot ")
    assert made.status_code == 201 and made.json()["name"] == "my bot"
    assert make_token(client, alice, "é" * 60).status_code == 201


def test_a_body_without_a_name_is_400(client, alice):
    client.force_login(alice)
    refused = client.post("/api/tokens/", {}, content_type="application/json")
    assert refused.status_code == 400 and "name: This field is required." in refused.json()["detail"]


def test_a_player_holds_at_most_twenty_tokens(client, alice):
    for n in range(tokens.MAX_TOKENS_PER_USER):
        assert make_token(client, alice, f"bot {n}").status_code == 201
    refused = make_token(client, alice, "one too many")
    assert refused.status_code == 400
    assert refused.json() == {
        "detail": "You already have 20 API tokens, the most one may hold: revoke one first.",
    }
    oldest = ApiToken.objects.order_by("created", "id").first()
    assert client.delete(f"/api/tokens/{oldest.id}/").status_code == 204
    assert make_token(client, alice, "one more").status_code == 201


@pytest.mark.django_db(transaction=True)
def test_makes_at_once_stay_within_the_limit(alice):
    for n in range(tokens.MAX_TOKENS_PER_USER - 1):
        tokens.create(alice, f"bot {n}")
    start, outcomes = threading.Barrier(4), []

    def make():
        start.wait()
        try:
            tokens.create(alice, "racer")
            outcomes.append("made")
        except Exception as refusal:  # noqa: BLE001 - the refusal is what is counted
            outcomes.append(type(refusal).__name__)
        finally:
            connection.close()

    racers = [threading.Thread(target=make) for _ in range(4)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    assert sorted(outcomes) == ["ValidationError"] * 3 + ["made"]
    assert ApiToken.objects.filter(user=alice).count() == tokens.MAX_TOKENS_PER_USER


def test_the_schema_documents_the_bearer_scheme():
    schema = SchemaGenerator().get_schema(public=True)
    assert schema["components"]["securitySchemes"]["tokenAuth"]["scheme"] == "bearer"
    assert "basicAuth" not in schema["components"]["securitySchemes"]
    assert {"tokenAuth": []} in schema["paths"]["/api/tokens/"]["post"]["security"]
    assert set(schema["paths"]["/api/tokens/{token_id}/"]) == {"delete"}


# On the profile page


def test_the_profile_makes_a_token_and_shows_its_key_this_once(client, alice):
    client.force_login(alice)
    page = client.post("/accounts/profile/api-tokens/", {"name": "my bot"})
    assert page.status_code == 200 and "no-store" in page["Cache-Control"]
    key = page.context["new_api_token"].key
    text = page.content.decode()
    assert key in text and "shown this once, and never again" in text
    assert client.get("/api/tokens/", **bearer(key)).status_code == 200
    again = client.get("/accounts/profile/").content.decode()
    assert "my bot" in again and key not in again


def test_the_profiles_bad_name_is_a_400_with_its_sentence(client, alice):
    client.force_login(alice)
    page = client.post("/accounts/profile/api-tokens/", {"name": "\u200b"})
    assert page.status_code == 400 and "at least one visible character" in page.content.decode()
    assert not ApiToken.objects.exists()


def test_the_profile_says_when_the_limit_is_reached(client, alice):
    for n in range(tokens.MAX_TOKENS_PER_USER):
        tokens.create(alice, f"bot {n}")
    client.force_login(alice)
    page = client.post("/accounts/profile/api-tokens/", {"name": "one too many"})
    assert page.status_code == 400 and "the most one may hold: revoke one first" in page.content.decode()


def test_the_profiles_revoke_button_revokes_only_ones_own(client, alice, bob, alices_key):
    bobs, bobs_key = tokens.create(bob, "bob's bot")
    client.force_login(alice)
    assert client.post(f"/accounts/profile/api-tokens/{bobs.id}/revoke/").status_code == 404
    assert client.get("/api/tokens/", **bearer(bobs_key)).status_code == 200
    [own] = alice.api_tokens.all()
    revoked = client.post(f"/accounts/profile/api-tokens/{own.id}/revoke/", follow=True)
    assert revoked.status_code == 200 and "API token revoked" in revoked.content.decode()
    assert Client().get("/api/tokens/", **bearer(alices_key)).status_code == 401
    assert client.post("/accounts/profile/api-tokens/99999999999999999999999/revoke/").status_code == 404


def test_the_profiles_token_forms_check_csrf(alice):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)
    assert browser.post("/accounts/profile/api-tokens/", {"name": "forged"}).status_code == 403
    own, _ = tokens.create(alice, "kept")
    assert browser.post(f"/accounts/profile/api-tokens/{own.id}/revoke/").status_code == 403
    assert list(ApiToken.objects.values_list("name", flat=True)) == ["kept"]


def test_the_profiles_token_pages_need_a_log_in(client, alice):
    own, _ = tokens.create(alice, "kept")
    assert client.post("/accounts/profile/api-tokens/", {"name": "x"}).status_code == 302
    assert client.post(f"/accounts/profile/api-tokens/{own.id}/revoke/").status_code == 302
    assert ApiToken.objects.count() == 1

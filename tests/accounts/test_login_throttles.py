"""Log-in throttles: password guessing and password hashing as a CPU sink. (The API takes no password:
scripts send API tokens, tests/accounts/test_api_tokens.py.)"""

import os
import subprocess
import sys
import threading
import uuid
from pathlib import Path

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher
from django.test import Client

from accounts import passwords, throttling
from accounts.models import User

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "a-long-test-password"
HOME, ELSEWHERE = "192.0.2.1", "198.51.100.7"


@pytest.fixture(autouse=True)
def hashings(settings, monkeypatch):
    """A fast hasher for these many checks (production keeps Django's), counting every hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    calls = []
    encode = MD5PasswordHasher.encode

    def counted(self, password, salt):
        calls.append(password)
        return encode(self, password, salt)

    monkeypatch.setattr(MD5PasswordHasher, "encode", counted)
    return calls


class Clock:
    def __init__(self):
        self.time = 1_800_000_000.0  # the start of a 15-minute window

    def advance(self, seconds):
        self.time += seconds


@pytest.fixture
def clock(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(throttling, "now", lambda: clock.time)
    return clock


def log_in(client, username, password=PASSWORD, address=HOME):
    return client.post("/accounts/login/", {"login": username, "password": password}, REMOTE_ADDR=address)


# Log-in throttles, on the log-in page


def test_ten_failures_lock_the_account_before_any_hashing(client, alice, clock, hashings):
    for _ in range(10):
        assert log_in(client, "alice", "wrong").status_code == 200
    hashings.clear()
    refused = log_in(client, "alice")  # even the right password
    assert refused.status_code == 429 and int(refused["Retry-After"]) == 15 * 60
    assert "Too many failed log-ins" in refused.content.decode() and "15 minutes" in refused.content.decode()
    assert hashings == []
    assert client.get("/accounts/profile/").status_code == 302  # not logged in


def test_the_account_lock_holds_across_addresses_and_lifts_after_the_lockout(client, alice, clock):
    for n in range(10):
        log_in(client, "ALICE", "wrong", address=f"203.0.113.{n}")  # names count case-blind
    assert log_in(client, "alice", address=ELSEWHERE).status_code == 429
    clock.advance(15 * 60 - 1)
    assert log_in(client, "alice", address=ELSEWHERE).status_code == 429
    clock.advance(1)
    response = log_in(client, "alice", address=ELSEWHERE)
    assert response.status_code == 302 and client.get("/accounts/profile/").status_code == 200


def test_the_address_lock_holds_across_accounts(client, alice, bob, clock):
    for n in range(20):
        log_in(client, f"nobody-{n}", "wrong")
    assert log_in(client, "bob").status_code == 429
    assert log_in(client, "bob", address=ELSEWHERE).status_code == 302


def test_failures_just_before_a_window_ends_still_count_after_it(client, alice, clock):
    """Counted in fixed windows alone, these 11 failures in 20 seconds would be 9 and 2."""
    clock.advance(15 * 60 - 10)
    for _ in range(9):
        log_in(client, "alice", "wrong")
    clock.advance(20)  # into the next window
    for _ in range(2):
        log_in(client, "alice", "wrong")
    assert log_in(client, "alice").status_code == 429


def test_failures_a_window_ago_are_forgotten(client, alice, clock):
    for _ in range(9):
        log_in(client, "alice", "wrong")
    clock.advance(2 * 15 * 60)
    for _ in range(9):
        log_in(client, "alice", "wrong")
    assert log_in(client, "alice").status_code == 302


def test_a_success_on_an_own_account_does_not_forgive_the_address(client, alice, bob, clock):
    for n in range(19):
        log_in(client, f"nobody-{n}", "wrong")
    assert log_in(client, "bob").status_code == 302  # the attacker's own account
    client.post("/accounts/logout/")
    log_in(client, "alice", "wrong")
    assert log_in(client, "alice").status_code == 429


# Hashing as a CPU sink


def test_an_absurdly_long_password_is_refused_unhashed(client, alice, hashings):
    hashings.clear()
    assert log_in(client, "alice", "x" * 5000).status_code == 200
    assert hashings == []


def test_a_new_password_may_not_be_absurdly_long(client):
    long_password = "correct-horse-" * 400
    response = client.post(
        "/accounts/signup/",
        {
            "username": "dora",
            "display_name": "Dora",
            "password1": long_password,
            "password2": long_password,
        },
    )
    assert response.status_code == 200 and "too long" in response.content.decode()
    assert not User.objects.filter(username="dora").exists()


@pytest.fixture
def busy_hashing(monkeypatch):
    """Every hashing slot of this process taken, and no wait for one."""
    slots = threading.BoundedSemaphore(1)
    slots.acquire()
    monkeypatch.setattr(passwords, "HASHING_SLOTS", slots)
    monkeypatch.setattr(passwords, "HASHING_WAIT", 0)


def test_with_every_hashing_slot_taken_a_check_is_told_the_server_is_busy(client, alice, busy_hashing, hashings):
    hashings.clear()
    page = log_in(client, "alice")
    assert page.status_code == 503 and "busy" in page.content.decode() and page["Retry-After"] == "1"
    assert hashings == []


# Sign-ups, password changes and the admin hash too


def sign_up(client, username, address):
    return client.post(
        "/accounts/signup/",
        {
            "username": username,
            "display_name": username,
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
        REMOTE_ADDR=address,
    )


def test_sign_ups_are_throttled_per_address(client, clock):
    for n in range(10):
        assert sign_up(client, f"player{n}", HOME).status_code == 302
        client.post("/accounts/logout/")
    refused = sign_up(client, "player10", HOME)
    assert refused.status_code == 429 and "Too many accounts were made from your address" in refused.content.decode()
    assert not User.objects.filter(username="player10").exists()
    assert sign_up(client, "player10", ELSEWHERE).status_code == 302


def test_wrong_old_passwords_are_throttled(client, alice, clock):
    client.force_login(alice)
    change = {"password1": "another-long-pass-42", "password2": "another-long-pass-42"}
    for _ in range(10):
        client.post("/accounts/password/change/", {"oldpassword": "wrong", **change})
    refused = client.post("/accounts/password/change/", {"oldpassword": PASSWORD, **change})
    assert refused.status_code == 200 and "Too many failed log-ins" in refused.content.decode()
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)


def test_the_admin_has_no_log_in_of_its_own_but_the_sites_throttled_one(client, clock):
    User.objects.create_superuser("boss", password=PASSWORD, display_name="Boss")
    assert client.get("/admin/login/?next=/admin/")["Location"] == "/accounts/login/?next=%2Fadmin%2F"
    for _ in range(10):
        log_in(client, "boss", "wrong")
    refused = log_in(client, "boss")
    assert refused.status_code == 429 and "Too many failed log-ins" in refused.content.decode()


# Device cookies: the owner's browser is not locked out with the strangers guessing


def owners_browser(username="alice", address=HOME):
    """A browser that logged in to ``username`` once, and so holds its device cookie; logged out since."""
    browser = Client()
    assert log_in(browser, username, address=address).status_code == 302
    browser.post("/accounts/logout/")
    return browser


def device_cookie(browser):
    """The one device cookie ``browser`` holds."""
    [cookie] = [cookie for name, cookie in browser.cookies.items() if name.startswith("device_")]
    return cookie


def lock_the_account(username="alice"):
    for n in range(10):
        log_in(Client(), username, "wrong", address=f"203.0.113.{n}")


def lock_the_address(address=HOME):
    for n in range(20):
        log_in(Client(), f"nobody-{n}", "wrong", address=address)


def test_the_owners_browser_logs_in_while_strangers_have_locked_the_account(alice, clock):
    browser = owners_browser()
    lock_the_account()
    assert log_in(Client(), "alice", address=ELSEWHERE).status_code == 429  # the attacker's browser
    assert log_in(Client(), "alice", address=HOME).status_code == 429  # the owner's address is no pass
    assert log_in(browser, "alice", address=ELSEWHERE).status_code == 302  # wherever the owner takes it
    assert browser.get("/accounts/profile/").status_code == 200


def test_the_owners_browser_logs_in_while_a_guest_has_locked_its_address(alice, bob, clock):
    browser = owners_browser()
    lock_the_address(HOME)
    assert log_in(Client(), "alice", address=HOME).status_code == 429
    assert log_in(Client(), "bob", address=HOME).status_code == 429  # bob's browser never logged in here
    assert log_in(browser, "alice", address=HOME).status_code == 302


def test_a_sign_up_gives_the_browser_its_device_cookie(client, clock):
    assert sign_up(client, "dora", HOME).status_code == 302
    client.post("/accounts/logout/")
    lock_the_account("dora")
    lock_the_address(HOME)
    assert log_in(client, "dora", address=HOME).status_code == 302


def test_another_accounts_device_cookie_does_not_help(alice, bob, clock):
    alices_name = device_cookie(owners_browser("alice")).key
    bobs = device_cookie(owners_browser("bob"))  # stolen, or the attacker's own account's
    lock_the_account("alice")
    attacker = Client()
    attacker.cookies[bobs.key] = bobs.value
    assert log_in(attacker, "alice").status_code == 429
    attacker.cookies[alices_name] = bobs.value  # renamed as alice's
    assert log_in(attacker, "alice").status_code == 429
    attacker.cookies[alices_name] = "forged:" + bobs.value.split(":", 1)[1]
    assert log_in(attacker, "alice").status_code == 429


def test_a_device_cookie_is_locked_by_its_own_failures(alice, clock):
    stolen = device_cookie(owners_browser())
    lock_the_account()
    attacker = Client()
    attacker.cookies[stolen.key] = stolen.value
    for _ in range(10):
        assert log_in(attacker, "alice", "wrong").status_code == 200
    assert log_in(attacker, "alice").status_code == 429  # a locked cookie is no cookie: the account's lock holds
    clock.advance(15 * 60)
    assert log_in(attacker, "alice").status_code == 302


def test_failures_with_a_device_cookie_count_against_it_alone(alice, bob, clock):
    browser = owners_browser()
    for n in range(10):
        log_in(Client(), f"nobody-{n}", "wrong")  # half the address's allowance
    for _ in range(10):
        log_in(browser, "alice", "wrong")  # the owner, typing badly until the cookie is locked
    assert log_in(Client(), "alice", address=ELSEWHERE).status_code == 302  # the account is not locked
    assert log_in(Client(), "bob", address=HOME).status_code == 302  # nor the address


def test_a_log_in_gives_a_device_cookie_httponly_same_site_and_fresh_each_time(client, alice, settings):
    assert not any(name.startswith("device_") for name in log_in(client, "alice", "wrong").cookies)
    first = log_in(client, "alice").cookies
    [name] = [name for name in first if name.startswith("device_")]
    cookie = first[name]
    assert cookie["httponly"] and cookie["samesite"] == "Lax" and cookie["path"] == "/" and not cookie["secure"]
    assert cookie["max-age"] == 365 * 24 * 60 * 60
    client.post("/accounts/logout/")
    settings.SESSION_COOKIE_SECURE = True
    second = log_in(client, "alice").cookies[name]
    assert second["secure"] and second.value != cookie.value


def test_the_admins_browser_logs_in_while_the_account_is_locked(client, clock):
    User.objects.create_superuser("boss", password=PASSWORD, display_name="Boss")
    assert log_in(client, "boss").status_code == 302
    client.post("/accounts/logout/")
    lock_the_account("boss")
    assert log_in(Client(), "boss").status_code == 429
    assert log_in(client, "boss").status_code == 302


def test_the_owners_browser_changes_the_password_while_the_account_is_locked(alice, clock):
    browser = owners_browser()
    log_in(browser, "alice")
    lock_the_account()
    change = {
        "oldpassword": PASSWORD,
        "password1": "another-long-pass-42",
        "password2": "another-long-pass-42",
    }
    assert browser.post("/accounts/password/change/", change).status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("another-long-pass-42")


# The client's address


@pytest.mark.parametrize(
    "proxies, forwarded, address",
    [
        (0, "1.1.1.1", "10.0.0.9"),  # no proxy trusted: the header is the client's own
        (1, "6.6.6.6, 1.1.1.1", "1.1.1.1"),  # the one proxy's entry, not what the client put before it
        (2, "6.6.6.6, 1.1.1.1, 10.0.0.2", "1.1.1.1"),
        (2, "1.1.1.1", "1.1.1.1"),  # fewer entries than proxies: all of them proxies'
        (1, "", "10.0.0.9"),
        (1, "2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        (1, "::ffff:1.2.3.4", "1.2.3.4"),
    ],
)
def test_the_client_address(rf, settings, proxies, forwarded, address):
    settings.TRUSTED_PROXY_COUNT = proxies
    request = rf.get("/", REMOTE_ADDR="10.0.0.9", HTTP_X_FORWARDED_FOR=forwarded)
    assert throttling.client_address(request) == address


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs Redis: set REDIS_URL (make test does)")
def test_the_counts_are_shared_between_processes_through_redis(settings):
    username = f"shared-{uuid.uuid4()}"
    code = (
        "import django; django.setup()\n"
        "from accounts.throttling import LoginAttempt\n"
        f"attempt = LoginAttempt({username!r}, None)\n"
        "for _ in range(10): attempt.failed()\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=os.environ, check=True, timeout=60)
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "KEY_PREFIX": "cardroom",
        }
    }
    with pytest.raises(throttling.Refused):
        throttling.LoginAttempt(username, None).refuse_if_locked()

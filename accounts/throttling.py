"""Log-in and sign-up throttles: failures counted per account, per address and per device cookie.

The counts live in Django's cache: Redis when REDIS_URL is set, so every web process sees the
same counts, and local memory in the one-process embedded default (see CACHES in
config/settings.py). A cache suits them: they are small, short-lived and expire by themselves,
and losing them (a restart of the embedded default) only forgives a few failures. A database
table would be shared too, but its writes would ride the request's transaction and need a
sweeper for old rows.
"""

import hashlib
import ipaddress
import math
import time
import unicodedata

from django.conf import settings
from django.core.cache import cache

MINUTE = 60


def now():
    """The throttles' clock, one function so that tests can move it."""
    return time.time()


class Refused(Exception):
    """An attempt refused before any password is hashed: 429 (throttled) or 503 (server busy)."""

    def __init__(self, message, retry_after, status=429):
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after
        self.status = status


class Throttle:
    """At most ``limit`` counted attempts per key within ``window`` seconds.

    The attempt that reaches the limit locks the key for ``lockout`` seconds and starts its count
    afresh, so that the lockout, not an old count, is what a key pays for its failures.
    """

    def __init__(self, name, limit, window, lockout):
        self.name, self.limit, self.window, self.lockout = name, limit, window, lockout

    def seconds_locked(self, key):
        """How long ``key`` stays locked: 0 if it is not."""
        until = cache.get(self._key(key, "lock"))
        return max(0, math.ceil(until - now())) if until else 0

    def refuse_if_locked(self, key, reason):
        wait = self.seconds_locked(key)
        if wait:
            raise Refused(f"{reason}. Try again in {_minutes(wait)}.", retry_after=wait)

    def count(self, key):
        moment = now()
        window = int(moment // self.window)
        current_key, previous_key = self._key(key, window), self._key(key, window - 1)
        cache.add(current_key, 0, timeout=2 * self.window)
        current = cache.incr(current_key)
        # A sliding window, estimated from two fixed ones: the previous window's count weighs as
        # much as the share of it that still lies within the last `window` seconds.
        still_within = 1 - (moment % self.window) / self.window
        if current + cache.get(previous_key, 0) * still_within >= self.limit:
            cache.set(self._key(key, "lock"), moment + self.lockout, timeout=self.lockout)
            cache.delete_many([current_key, previous_key])

    def _key(self, key, part):
        return _cache_key(self.name, f"{key}:{part}")


LOGIN_BY_ACCOUNT = Throttle("login-account", limit=10, window=15 * MINUTE, lockout=15 * MINUTE)
# An address may be shared (a household, a club's wifi), so it is allowed more than one account.
LOGIN_BY_ADDRESS = Throttle("login-address", limit=20, window=15 * MINUTE, lockout=15 * MINUTE)
# A device cookie (accounts.devices) is allowed what an account is, counted apart from it.
LOGIN_BY_DEVICE = Throttle("login-device", limit=10, window=15 * MINUTE, lockout=15 * MINUTE)
SIGN_UP_BY_ADDRESS = Throttle("sign-up-address", limit=10, window=60 * MINUTE, lockout=60 * MINUTE)


class LoginAttempt:
    """One password check, throttled by the account it names and the address it comes from, or by
    the device cookie it brings.

    ``device`` is the nonce of the account's device cookie that the browser brought (None if it
    brought none): the browser its owner logged in from. Such a check is held to neither the
    account's lock nor the address's, which lock out strangers' guesses (so that someone failing on
    purpose, elsewhere or beside the owner, cannot lock the owner out); its failures count against
    the cookie alone, and a cookie locked out by its own failures counts for nothing, so a stolen
    one gives a few more guesses, not endless ones.

    A success resets no count: anyone can log in to an account of their own, and if that forgave
    their address's failures, they could guess at other accounts in between.
    """

    def __init__(self, username, address, device=None):
        self.account = unicodedata.normalize("NFKC", username).casefold()
        self.address = address
        self.device = device if device is not None and not LOGIN_BY_DEVICE.seconds_locked(device) else None

    def refuse_if_locked(self):
        if self.device is not None:
            return
        if self.address is not None:
            LOGIN_BY_ADDRESS.refuse_if_locked(self.address, "Too many failed log-ins from your address")
        LOGIN_BY_ACCOUNT.refuse_if_locked(self.account, "Too many failed log-ins for this account")

    def failed(self):
        if self.device is not None:
            LOGIN_BY_DEVICE.count(self.device)
            return
        LOGIN_BY_ACCOUNT.count(self.account)
        if self.address is not None:
            LOGIN_BY_ADDRESS.count(self.address)


def client_address(request):
    """The client's address: the connection's, or behind TRUSTED_PROXY_COUNT proxies, the one the
    farthest trusted proxy put in X-Forwarded-For (entries left of it are the client's to forge).

    IPv6 addresses count by their /64 network, which one home or phone is given whole.
    """
    address = request.META.get("REMOTE_ADDR", "")
    proxies = settings.TRUSTED_PROXY_COUNT
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if proxies and forwarded:
        hops = [hop.strip() for hop in forwarded.split(",")]
        address = hops[-min(proxies, len(hops))]
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6 and ip.ipv4_mapped:
        return str(ip.ipv4_mapped)
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _cache_key(name, key):
    # Hashed: a key of any length and character fits, and no username or address is stored as such.
    return f"throttle:{name}:{hashlib.sha256(key.encode()).hexdigest()[:40]}"


def _minutes(seconds):
    minutes = math.ceil(seconds / MINUTE)
    return "1 minute" if minutes == 1 else f"{minutes} minutes"

"""Device cookies: how the log-in throttles tell an account's owner from a stranger guessing at it.

OWASP's answer to online guessing that lock-outs cannot turn against the owner ("Slow Down Online
Guessing Attacks with Device Cookies"): a browser that logged in to an account, or made it, is given
a signed cookie for that account, and a log-in to that account bringing it is held neither to the
account's lock-out nor to its address's (accounts.throttling.LoginAttempt). Strangers' guesses,
which bring none, stay throttled; a cookie's own failures lock that cookie alone.

Each account's cookie has a name of its own, so people sharing a browser each keep theirs, and is
signed for that account alone: one account's cookie, renamed, is no cookie of another's.
"""

import hashlib
import secrets

from django.conf import settings
from django.utils.deprecation import MiddlewareMixin

MAX_AGE = 365 * 24 * 60 * 60  # seconds; each log-in gives a fresh cookie, so only a year unused ends one
SALT = "accounts.devices"


def presented(request, username):
    """The nonce of the device cookie for the account ``username`` that ``request`` brings, or None
    if it brings none that is valid: missing, altered, another account's or older than MAX_AGE."""
    return request.get_signed_cookie(_name(username), default=None, salt=_salt(username), max_age=MAX_AGE)


def give(response, username):
    """A fresh device cookie for the account ``username`` (a new nonce, counted from nothing)."""
    response.set_signed_cookie(
        _name(username),
        secrets.token_urlsafe(16),
        salt=_salt(username),
        max_age=MAX_AGE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


def due_at_log_in(sender, request, user, **kwargs):
    """``user_logged_in``: the site's log-in, the admin's and a sign-up earn the browser a cookie.

    A signal has no response to set it on, so it is noted on the request for the middleware.
    """
    request.device_cookie_due = user.get_username()


class DeviceCookieMiddleware(MiddlewareMixin):
    """Sets the device cookie on the response to a request that logged someone in."""

    def process_response(self, request, response):
        username = getattr(request, "device_cookie_due", None)
        if username is not None:
            give(response, username)
        return response


def _name(username):
    # A hash: a cookie's name is plain ASCII, and an account's name need not be.
    return "device_" + hashlib.sha256(username.encode()).hexdigest()[:16]


def _salt(username):
    # The account in the signature's salt binds the cookie to it, whatever the cookie is named.
    return f"{SALT}:{username}"

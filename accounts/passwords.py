"""The one gate every password check passes: throttles, a length cap, and a cap on hashing at once.

Hashing a password is slow on purpose (Django's PBKDF2: a good fraction of a second of CPU), so an
unguarded log-in is an easy way to burn the server's CPU. Before anything is hashed, a check is
refused if its account or address is locked out (accounts.throttling), unless it comes from the
owner's browser (accounts.devices), and counts as a failure if its password is longer than anyone
types; and no more checks hash at once in this process than it has CPUs: the others wait briefly,
then are told the server is busy.
"""

import os
import threading
from contextlib import contextmanager

from django.core.exceptions import ValidationError

from . import devices
from .throttling import LoginAttempt, Refused, client_address

# Django's own cap from its 2013 fix (CVE-2013-1443): far beyond any password a person or a
# password manager makes.
MAX_LENGTH = 4096
HASHING_SLOTS = threading.BoundedSemaphore(os.cpu_count() or 1)
HASHING_WAIT = 2.0  # seconds a check waits for a free slot


@contextmanager
def hashing_slot():
    if not HASHING_SLOTS.acquire(timeout=HASHING_WAIT):
        raise Refused("The server is busy checking passwords; try again in a moment.", retry_after=1, status=503)
    try:
        yield
    finally:
        HASHING_SLOTS.release()


def check(request, username, password, verify):
    """``verify(password)`` (which hashes) under the throttles; returns its result, truthy if right.

    ``request`` gives the client's address and the account's device cookie, if it brings one;
    without a request only the account is throttled.
    """
    if request is None:
        attempt = LoginAttempt(username, address=None)
    else:
        attempt = LoginAttempt(username, client_address(request), devices.presented(request, username))
    attempt.refuse_if_locked()
    result = None
    if len(password) <= MAX_LENGTH:
        with hashing_slot():
            result = verify(password)
    if not result:
        attempt.failed()
    return result


class MaximumLengthValidator:
    """Refuses a new password longer than MAX_LENGTH (listed in AUTH_PASSWORD_VALIDATORS)."""

    def validate(self, password, user=None):
        if len(password) > MAX_LENGTH:
            raise ValidationError(
                "This password is too long: at most %(max_length)d characters.",
                code="password_too_long",
                params={"max_length": MAX_LENGTH},
            )

    def get_help_text(self):
        return f"Your password can’t be longer than {MAX_LENGTH} characters."

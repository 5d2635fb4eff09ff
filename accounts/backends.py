"""Django's username-and-password backend, with every check through accounts.passwords."""

from functools import partial

from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend

from . import passwords


class ThrottledModelBackend(ModelBackend):
    """The log-in page and any other caller of ``authenticate()``.

    A throttled or busy refusal raises ``accounts.throttling.Refused``: callers show its sentence
    (the log-in forms).
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        if username is None or password is None or "\x00" in username:
            return None  # no account's name has a NUL, and PostgreSQL cannot even look one up
        verify = partial(super().authenticate, request, username)
        return passwords.check(request, username, password, verify)

    async def aauthenticate(self, request, username=None, password=None, **kwargs):
        return await sync_to_async(self.authenticate)(request, username, password, **kwargs)

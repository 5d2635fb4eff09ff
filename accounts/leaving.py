"""Deleting an account ("Delete my account" on the profile): the login and every way to reach the player
go, and their name in past games becomes "a former player" (``models.FORMER_PLAYER``).

The User row stays, anonymised: seats, the events' actors, ratings and disputes point at it, and the event
log, which is only ever appended to, must go on pointing at someone. No page, replay or payload stores a
player's name: each reads it from this row (``User.shown_name``), so the log itself is never changed.
What other apps hold of the player (a seat in a game in play, a table they host, a place in a queue) they
let go of themselves, told by ``signals.account_deleted`` inside the same transaction.

Sessions are ended through allauth's sessions adapter (accounts.sessions), which closes the websockets
opened with each, as logging out does. A session that allauth never listed (one logged in before it was
installed) is no login any more either: the account is inactive and its password unusable.
"""

import secrets

from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from allauth.usersessions.adapter import get_adapter as sessions_adapter
from allauth.usersessions.models import UserSession
from django.db import transaction
from django.utils import timezone

from .models import User, Watching
from .signals import account_deleted

# A deleted account's username: one nobody can guess (its old player page stays a 404), made only of the
# characters a username may hold, so every link to a player's page is still made without an error.
PLACEHOLDER_PREFIX = "former-"


class NotNow(Exception):
    """Something the player held could not be let go of just now (a table too busy); nothing was changed."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message


def delete_account(user):
    """Delete ``user``'s account: anonymise the row, remove every login and contact, and let the other apps
    let go of what the player held, all or nothing. Returns the anonymised user; the caller logs out the
    request. NotNow (with its sentence) if an app could not let go just now."""
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user.pk)
        if user.deleted_at is None:
            _anonymise(user)
            _remove_logins(user)
            account_deleted.send(sender=delete_account, user=user)
    return user


def _anonymise(user):
    user.username = PLACEHOLDER_PREFIX + secrets.token_urlsafe(18)
    user.display_name = user.first_name = user.last_name = user.email = ""
    user.set_unusable_password()
    user.is_active = user.is_staff = user.is_superuser = user.turn_emails = False
    user.last_login = user.last_seen = None
    user.deleted_at = timezone.now()
    user.save()
    user.groups.clear()
    user.user_permissions.clear()


def _remove_logins(user):
    """Every row that lets someone in as the player, or reach them."""
    sessions_adapter().end_sessions(list(UserSession.objects.filter(user=user)))
    EmailAddress.objects.filter(user=user).delete()
    Authenticator.objects.filter(user=user).delete()
    user.api_tokens.all().delete()
    Watching.objects.filter(user=user).delete()

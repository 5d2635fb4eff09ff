"""Turn e-mails, the account's side: who may get them, and the one-click opt-out.

A player gets an e-mail when it is their move at a turn-based table (games.play.nudges sends it) only if
they opted in (``User.turn_emails``, on the profile's preferences) and have a verified address. Every such
message carries an opt-out link holding a signed token of the player's id (django.core.signing): it works
without logging in, from the message's link or its List-Unsubscribe header (RFC 8058), and a token not
signed by this site is refused. Links in mails are absolute, from ``settings.SITE_URL``: a mail sent by
the worker has no request to take the host from.
"""

from allauth.account.models import EmailAddress
from django.conf import settings
from django.core import signing
from django.urls import reverse

from .models import User

OPT_OUT_SALT = "accounts.turn_emails.opt_out"


def address(user):
    """The verified address to write to (the primary one first), or None without one."""
    return (
        EmailAddress.objects.filter(user=user, verified=True)
        .order_by("-primary", "id")
        .values_list("email", flat=True)
        .first()
    )


def may_opt_in(user):
    """Whether the preference is offered: only a verified address can receive the e-mails."""
    return address(user) is not None


def opt_out_token(user):
    return signing.dumps(user.pk, salt=OPT_OUT_SALT)


def user_for(token):
    """The player an opt-out token names, or None if the token is not one this site signed (or the
    account is gone)."""
    try:
        user_id = signing.loads(token, salt=OPT_OUT_SALT)
    except signing.BadSignature:
        return None
    if not isinstance(user_id, int):
        return None
    return User.objects.filter(pk=user_id).first()


def opt_out_url(user):
    """The absolute one-click opt-out link for ``user``'s turn e-mails."""
    return absolute(reverse("turn_emails_off", args=[opt_out_token(user)]))


def absolute(path):
    """``path`` (from reverse) as a link a mail can carry: on SITE_URL."""
    return settings.SITE_URL.rstrip("/") + path


def set_wanted(user, wanted):
    """Turn the player's turn e-mails on or off."""
    User.objects.filter(pk=user.pk).update(turn_emails=wanted)
    user.turn_emails = wanted

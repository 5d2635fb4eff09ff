"""'Download my data': everything the site keeps about a player, as one JSON document (docs/my-data.md).

Accounts know no table, so each app that keeps something of a player adds its own part (``register_part``,
from its AppConfig.ready): games the tables they sat at with their games and the chat lines they said,
reviews their disputes, ratings their ratings. This module gives the account itself: its names, when it
was made, its preferences, and the rows that let the player in or reach them (e-mail addresses, two-factor
keys, sessions, API tokens), never a secret of any.

What a part holds of other people is what the player could already read on the site, and no more.
Times are left as datetimes: the view writes them as the API does.
"""

from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from allauth.usersessions.models import UserSession

FORMAT = "cardroom-my-data"
VERSION = 1

_parts = {}  # name -> read(user)


def register_part(name, read):
    """Another app's part of the download: ``read(user)`` gives the JSON value kept under ``name``."""
    _parts[name] = read


def my_data(user):
    """The whole document for ``user``."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "account": account(user),
        **{name: read(user) for name, read in _parts.items()},
    }


def filename(user):
    return f"cardroom-{user.username}-data.json"


def account(user):
    return {
        "username": user.username,
        "display_name": user.display_name,
        "joined": user.date_joined,
        "last_seen": user.last_seen,
        "preferences": {
            "turn_sound": user.turn_sound,
            "show_last_seen": user.show_last_seen,
            "turn_emails": user.turn_emails,
        },
        "email_addresses": [
            {"email": address.email, "verified": address.verified, "primary": address.primary}
            for address in EmailAddress.objects.filter(user=user).order_by("-primary", "email")
        ],
        "two_factor": [
            {"type": key.type, "created_at": key.created_at, "last_used_at": key.last_used_at}
            for key in Authenticator.objects.filter(user=user).order_by("created_at")
        ],
        "sessions": [
            {
                "ip": session.ip,
                "user_agent": session.user_agent,
                "created_at": session.created_at,
                "last_seen_at": session.last_seen_at,
            }
            for session in UserSession.objects.filter(user=user).order_by("created_at")
        ],
        "api_tokens": [
            {"name": token.name, "created": token.created, "last_used": token.last_used}
            for token in user.api_tokens.order_by("created")
        ],
    }

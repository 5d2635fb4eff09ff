"""What accounts tell the rest of the site, which accounts does not know (the apps that care connect to it)."""

from django.dispatch import Signal

# A session was ended other than by logging out in it (from the sessions page, or with the account):
# sent with ``user_id`` and ``session_key``, so that whatever was opened with it closes too.
session_ended = Signal()

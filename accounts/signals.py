"""What accounts tell the rest of the site, which accounts does not know (the apps that care connect to it)."""

from django.dispatch import Signal

# A session was ended other than by logging out in it (from the sessions page, or with the account):
# sent with ``user_id`` and ``session_key``, so that whatever was opened with it closes too.
session_ended = Signal()

# An account was deleted (accounts.leaving): sent with ``user`` (already anonymised, its name now "a former
# player") inside the transaction that deletes it, so that what the player held elsewhere (a seat in a game
# in play, a place in a queue) is let go of with the deletion, or not at all.
account_deleted = Signal()

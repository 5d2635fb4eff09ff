from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils import timezone

from .visible_text import visible

# What every page, replay, record and payload calls a player who deleted their account.
FORMER_PLAYER = "a former player"


class User(AbstractUser):
    display_name = models.CharField(max_length=40, help_text="The name other players see at the table.")
    turn_sound = models.BooleanField(default=False, help_text="Play a short sound at the table when your turn comes.")
    last_seen = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the player was last on a page or at a table, to the minute (accounts.presence).",
    )
    show_last_seen = models.BooleanField(
        default=True, help_text="Others may read on your page roughly when you were last here (today, this week)."
    )
    turn_emails = models.BooleanField(
        default=False,
        help_text="E-mail me when it is my move at a turn-based table and no page of the room is open "
        "(to a verified address, one message for a burst of turns).",
    )
    deleted_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the player deleted their account (accounts.leaving). The row stays, anonymised, for the "
        "games, ratings and disputes that point at it.",
    )

    def __str__(self):
        return self.shown_name

    @property
    def shown_name(self):
        """The name others read, without invisible characters (accounts.visible_text): the forms take them
        out of new names, and older ones may still hold some. A deleted account's is FORMER_PLAYER."""
        if self.deleted_at is not None:
            return FORMER_PLAYER
        return visible(self.display_name or self.username)


class Watching(models.Model):
    """A table page open by someone without a seat there: one row per websocket (accounts.presence). Kept in
    the database, not in a process, so every web process counts the same watchers."""

    channel = models.CharField(max_length=120, primary_key=True, help_text="The websocket's channel name.")
    table_id = models.UUIDField(
        db_index=True, help_text="The table watched (games.Table; no key: presence knows no game)."
    )
    user = models.ForeignKey(User, null=True, blank=True, on_delete=models.CASCADE, related_name="watching")
    seen_at = models.DateTimeField(help_text="When the socket last showed it was open (heartbeats, once a minute).")


API_TOKEN_NAME_MAX_LENGTH = 60


class ApiToken(models.Model):
    """A key a player's script sends to the API (accounts.tokens). Only the key's hash is kept: the key is
    shown once, when the token is made. Revoking a token deletes its row."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(
        max_length=API_TOKEN_NAME_MAX_LENGTH, help_text="The player's name for it, to tell their tokens apart."
    )
    key_hash = models.CharField(max_length=64, unique=True, help_text="The key's SHA-256, in hex.")
    created = models.DateTimeField(default=timezone.now, help_text="When the token was made.")
    last_used = models.DateTimeField(
        null=True, blank=True, help_text="When a request last came with it, to the minute (accounts.tokens)."
    )

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self):
        return self.name

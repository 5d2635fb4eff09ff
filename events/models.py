"""The event table: the one source of truth. Rows are only ever inserted."""

from django.conf import settings
from django.db import models


class AppendOnlyError(Exception):
    """An attempt to change or remove a stored event."""


class EventQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise AppendOnlyError("Events are append-only; a correction is a new event.")

    def delete(self):
        raise AppendOnlyError("Events are append-only; a correction is a new event.")


class Event(models.Model):
    append_only = True  # manage.py create_runtime_role grants the app's role SELECT and INSERT only

    class Actor(models.TextChoices):
        USER = "user", "user"
        SYSTEM = "system", "system"
        STAFF = "staff", "staff"

    stream = models.CharField(max_length=64)
    game = models.CharField(
        max_length=32,
        blank=True,
        db_default="",
        help_text="The game whose event it is (its shape and upcasters are that game's); empty before it was recorded.",
    )
    version = models.PositiveIntegerField()
    type = models.CharField(max_length=64)
    schema = models.PositiveSmallIntegerField(default=1, help_text="Version of the payload's shape.")
    payload = models.JSONField()
    actor_kind = models.CharField(max_length=8, choices=Actor.choices)
    actor_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    previous = models.CharField(max_length=64, help_text="The hash of the stream's event before (events/chain.py).")
    hash = models.CharField(max_length=64, help_text="SHA-256 of the stream's salt, ``previous`` and this event.")

    objects = EventQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["stream", "version"], name="event_stream_version_unique"),
            models.CheckConstraint(condition=models.Q(version__gte=1), name="event_version_from_one"),
        ]
        ordering = ["stream", "version"]

    def __str__(self):
        return f"{self.stream}#{self.version} {self.type}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnlyError("Events are append-only; a correction is a new event.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("Events are append-only; a correction is a new event.")


class StreamKey(models.Model):
    """A stream's secret salt, in every link of its hash chain (events/chain.py). Written with the stream's
    first event; shown to nobody while the game runs, revealed with the record once it is over."""

    append_only = True  # a changed salt would make the stream's chain unverifiable

    stream = models.CharField(max_length=64, unique=True)
    salt = models.CharField(max_length=32)

    objects = EventQuerySet.as_manager()

    def __str__(self):
        return self.stream

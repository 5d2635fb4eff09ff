"""Disputes of a game's rulings and the staff's audit log (which, like the event log, is only appended to)."""

from django.conf import settings
from django.db import models

from events.models import AppendOnlyError

MAX_TEXT = 1000  # characters in a player's dispute
MAX_REASON = 500  # characters in staff's reason (the engines' overturn takes as many)


class Dispute(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "open"
        UPHELD = "upheld", "upheld"
        OVERTURNED = "overturned", "overturned"

    table = models.ForeignKey("games.Table", on_delete=models.PROTECT, related_name="disputes")
    version = models.PositiveIntegerField(help_text="The version of the ruling's event in the table's stream.")
    seats = models.JSONField(help_text="The seats the ruling involves (the engine's disputable).")
    seat = models.PositiveSmallIntegerField(help_text="The seat that filed the dispute.")
    filed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="disputes")
    text = models.TextField(max_length=MAX_TEXT)
    filed_at = models.DateTimeField(auto_now_add=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="decided_disputes"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    reason = models.TextField(blank=True, max_length=MAX_REASON)
    overturn_version = models.PositiveIntegerField(
        null=True, blank=True, help_text="The version of the event that overturned the ruling."
    )

    class Meta:
        ordering = ["filed_at", "id"]
        permissions = [("reviewer", "Can review disputed rulings")]
        constraints = [
            models.UniqueConstraint(fields=["table", "version"], name="dispute_one_per_ruling"),
            models.CheckConstraint(
                condition=models.Q(status="open") | models.Q(decided_at__isnull=False),
                name="dispute_decided_has_a_time",
            ),
        ]
        indexes = [models.Index(fields=["status", "filed_at"], name="dispute_queue")]

    def __str__(self):
        return f"dispute {self.pk} of move {self.version} at {self.table.name} ({self.status})"

    @property
    def is_open(self):
        return self.status == self.Status.OPEN


class StaffActionQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise AppendOnlyError("The staff log is append-only.")

    def delete(self):
        raise AppendOnlyError("The staff log is append-only.")


class StaffAction(models.Model):
    """One thing a staff member did: who, when, what, why, at which table. Rows are only inserted; on
    PostgreSQL triggers refuse UPDATE, DELETE and TRUNCATE, and the runtime role may only SELECT and INSERT."""

    append_only = True  # events.management.commands.create_runtime_role grants SELECT, INSERT only

    class What(models.TextChoices):
        UPHOLD = "uphold", "upheld a disputed ruling"
        OVERTURN = "overturn", "overturned a disputed ruling"
        COMMAND = "command", "sent a staff command"
        VIEW = "view", "saw the hidden cards of a game in play"

    staff = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="staff_actions")
    at = models.DateTimeField(auto_now_add=True)
    what = models.CharField(max_length=16, choices=What.choices)
    why = models.TextField()
    table = models.ForeignKey("games.Table", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    dispute = models.ForeignKey(Dispute, null=True, blank=True, on_delete=models.PROTECT, related_name="actions")
    details = models.JSONField(default=dict, blank=True, help_text="The command sent, the versions it made.")

    objects = StaffActionQuerySet.as_manager()

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self):
        return f"{self.staff} {self.get_what_display()} at {self.at:%Y-%m-%d %H:%M}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnlyError("The staff log is append-only.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("The staff log is append-only.")

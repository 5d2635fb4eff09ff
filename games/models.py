"""Tables and seats: the lobby's bookkeeping. Game state lives only in the event stream."""
import secrets
import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q

from games.engines import GAMES, get_engine


def new_invite_token():
    return secrets.token_urlsafe(12)


class TableQuerySet(models.QuerySet):
    def visible_to(self, user, invite=None):
        """Public tables, tables the user hosts or sits at, and the one its invite names."""
        visible = Q(private=False) | Q(host=user) | Q(seats__user=user)
        if invite:
            visible |= Q(invite_token=invite)
        return self.filter(visible).distinct()


class Table(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "waiting for players"
        RUNNING = "running", "in play"
        FINISHED = "finished", "finished"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    game = models.CharField(max_length=32, choices=[(g, g) for g in GAMES])
    options = models.JSONField(default=dict, blank=True)
    seat_count = models.PositiveSmallIntegerField()
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="hosted_tables")
    private = models.BooleanField(default=False, help_text="Not listed in the lobby; join by invite link.")
    invite_token = models.CharField(max_length=32, unique=True, default=new_invite_token, editable=False)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = TableQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.game} table {self.short_id}"

    @property
    def title(self):
        return get_engine(self.game).title

    @property
    def stream(self):
        return f"table-{self.id}"

    @property
    def short_id(self):
        return str(self.id)[:8]

    @property
    def group_name(self):
        """The Channels group of everyone watching this table."""
        return f"table.{self.id.hex}"

    def seat_of(self, user):
        """The user's seat number, or None."""
        if not getattr(user, "is_authenticated", False):
            return None
        return self.seats.filter(user=user).values_list("number", flat=True).first()

    def seated_users(self):
        """{seat number: user} for every taken seat."""
        return {seat.number: seat.user for seat in self.seats.select_related("user")}

    def free_seats(self):
        taken = set(self.seats.values_list("number", flat=True))
        return [n for n in range(self.seat_count) if n not in taken]

    @property
    def is_full(self):
        return self.seats.count() == self.seat_count

    @property
    def accepts_late_joiners(self):
        """A running game whose engine seats late joiners: joining adds a seat (seat_count grows)."""
        return self.status == self.Status.RUNNING and get_engine(self.game).late_join_command is not None

    @property
    def has_room_for_late_joiner(self):
        """Worth offering a late join: it accepts late joiners and the engine's seat limit is not reached.

        The engine still has the last word (it refuses a game that has just ended, say).
        """
        return self.accepts_late_joiners and self.seat_count < get_engine(self.game).max_players


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats")
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="seat_number_unique"),
            models.UniqueConstraint(fields=["table", "user"], name="seat_one_per_user"),
        ]

    def __str__(self):
        return f"seat {self.number} at {self.table_id}: {self.user}"

"""Tables, seats and deadlines: the lobby's and the timers' bookkeeping. Game state lives only in the event stream."""

import secrets
import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q

from games.engines import get_engine


def new_invite_token():
    return secrets.token_urlsafe(12)


class TableQuerySet(models.QuerySet):
    def visible_to(self, user, invite=None):
        """Public tables, tables the user hosts or sits at or is offered a rematch at, and the one its invite
        names (a visitor without an account, ``user`` anonymous, sees public tables and the one its invite names)."""
        visible = Q(private=False)
        if getattr(user, "is_authenticated", False):
            visible |= Q(host=user) | Q(seats__user=user) | Q(awaiting=user)
        if invite:
            visible |= Q(invite_token=invite)
        return self.filter(visible).distinct()


TABLE_NAME_MAX_LENGTH = 60

# The turn clocks a host may choose, in seconds (None: no turn clock).
TURN_CLOCK_CHOICES = (15, 30, 60, 120)

# A turn-based table's time per move, in seconds, and how the lobby words it (None: a live table).
MOVE_TIME_CHOICES = ((3600, "1 hour"), (43200, "12 hours"), (86400, "1 day"), (259200, "3 days"))
# A turn-based table's time bank per player: a move slower than the time per move draws the rest from it.
TIME_BANK_CHOICES = ((0, "no time bank"), (86400, "1 day"), (259200, "3 days"), (604800, "7 days"))
DEFAULT_TIME_BANK = 86400

# How long a bot at the table waits before it acts, in seconds (0: at once), and how the lobby words it.
BOT_DELAY_CHOICES = ((0, "instantly"), (1, "after 1 second"), (3, "after 3 seconds"))
DEFAULT_BOT_DELAY = 1


class Table(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "waiting for players"
        RUNNING = "running", "in play"
        FINISHED = "finished", "finished"
        CLOSED = "closed", "closed before it started"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    # What players read for the table (games.tables.table_names makes the default, "Ana's Spite table").
    name = models.CharField(max_length=TABLE_NAME_MAX_LENGTH)
    # Any registered engine's name (games.engines.GAMES): checked by games.tables.lobby, not by a choices list,
    # so a new game needs no migration.
    game = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    seat_count = models.PositiveSmallIntegerField()
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="hosted_tables")
    private = models.BooleanField(default=False, help_text="Not listed in the lobby; join by invite link.")
    invite_token = models.CharField(max_length=32, unique=True, default=new_invite_token, editable=False)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    turn_clock = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        choices=[(s, f"{s} seconds") for s in TURN_CLOCK_CHOICES],
        help_text="Seconds each turn may take before the seat's default action is played for it; empty: no clock.",
    )
    move_time = models.PositiveIntegerField(
        null=True,
        blank=True,
        choices=MOVE_TIME_CHOICES,
        help_text="A turn-based table's seconds per move (games.play.time_bank); empty: a live table.",
    )
    time_bank = models.PositiveIntegerField(
        default=0,
        choices=TIME_BANK_CHOICES,
        help_text="At a turn-based table, the seconds each player may draw on when a move takes longer.",
    )
    bot_delay = models.PositiveSmallIntegerField(
        default=DEFAULT_BOT_DELAY,
        choices=BOT_DELAY_CHOICES,
        help_text="Seconds a bot at this table waits before it acts, like a person thinking.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # A rematch: the finished table it follows, and the players of that game it still waits for
    # (they may take their old seats, or decline; games.tables.rematch).
    rematch_of = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches")
    awaiting = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="rematch_offers")
    # A finished game's outcome, recorded from its events by games.tables.history the first time it is asked
    # for (a record, not game truth: the event log stays the truth).
    finished_at = models.DateTimeField(null=True, blank=True, help_text="When the game's last event was written.")
    result = models.JSONField(
        null=True,
        blank=True,
        help_text='A finished game\'s outcome: {"winners": [seats], "abandoned": bool} (no winner: a draw or abandoned).',
    )

    # A log that does not fold (games.play.damaged): the first event the engine could not apply, and why.
    # Recorded when a read finds it, for staff; the log itself stays as it is, and play is stopped.
    damaged_at = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="The version of the first event of its log that does not fold, if any.",
    )
    damage = models.TextField(blank=True, default="", help_text="Why that event does not fold (the engine's error).")

    objects = TableQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return self.name or f"{self.game} table {self.short_id}"

    @property
    def turn_based(self):
        """Played over hours or days: each move has ``move_time`` and the player's time bank."""
        return self.move_time is not None

    @property
    def title(self):
        return get_engine(self.game).title

    @property
    def shown_options(self):
        """The options as anyone may see them: the engine's secret ones only once the game is over."""
        if self.status == self.Status.FINISHED:
            return self.options
        secret = get_engine(self.game).secret_options
        return {name: value for name, value in self.options.items() if name not in secret}

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

    @property
    def awaited_names(self):
        """At a rematch: the display names of the players whose seats are kept for them, in order."""
        return sorted(player.shown_name for player in self.awaiting.all())

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
    # The level of the bot (games.bots.LEVELS) that fills this seat, its user being a bot account
    # (games.play.bot_seats); empty for a person. A person's seat the host handed to a bot is the game's
    # own record instead (the turn clock's ``handed_to_bot`` event).
    bot = models.CharField(max_length=16, blank=True, default="")
    joined_at = models.DateTimeField(auto_now_add=True)
    # At a turn-based table: the seconds of the table's time bank this seat's slow moves have drawn.
    bank_used = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="seat_number_unique"),
            models.UniqueConstraint(fields=["table", "user"], name="seat_one_per_user"),
        ]

    def __str__(self):
        return f"seat {self.number} at {self.table_id}: {self.user}"


class Deadline(models.Model):
    """A timer running at a table: when ``due_at`` passes, ``command`` is submitted as a system command.

    Bookkeeping for the timer jobs (games.play.timers), not game truth: what happened stays in the
    event log. ``key`` names the timer within the table's life ("countdown-4", "turn-57").
    """

    class Kind(models.TextChoices):
        ENGINE = "engine", "the game's own timer"
        TURN = "turn", "turn clock"
        BOT = "bot", "a bot's move"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="deadlines")
    key = models.CharField(max_length=64)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    command = models.JSONField()
    version = models.PositiveIntegerField(help_text="The table's version when the timer was set.")
    due_at = models.DateTimeField()
    fired_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["due_at"]
        constraints = [models.UniqueConstraint(fields=["table", "key"], name="deadline_key_unique")]
        indexes = [models.Index(fields=["fired_at", "due_at"], name="deadline_due")]

    def __str__(self):
        return f"{self.key} at {self.table_id}, due {self.due_at:%H:%M:%S}"


class QueuedPlayer(models.Model):
    """A player in Play now's queue (games.tables.play_now): waiting for a table of ``game``, or, once
    ``table`` is set, seated there by the queue. One row a player: a player is in one queue at a time."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="play_now")
    game = models.CharField(max_length=32)
    seat_count = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Players wanted; empty: any.")
    bots_after = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Seconds after which bots may fill the seats nobody took; empty: never."
    )
    joined_at = models.DateTimeField(help_text="Its place in the line: first come, first seated.")
    seen_at = models.DateTimeField(help_text="When the player last asked how the wait goes.")
    table = models.ForeignKey(Table, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    seated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["joined_at", "id"]
        indexes = [
            models.Index(fields=["game", "joined_at"], condition=Q(table__isnull=True), name="play_now_waiting_line")
        ]

    def __str__(self):
        return f"{self.user} for {self.game}" + (f", seated at {self.table_id}" if self.table_id else "")


class Nudge(models.Model):
    """An e-mail owed to a player whose move it became at a turn-based table (games.play.nudges): written
    with the change that made their seat awaited, sent (or skipped, with why) by the worker after a short
    wait that batches a burst of turns into one message. One per table per move: (user, table, version)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="nudges")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="nudges")
    seat = models.PositiveSmallIntegerField(help_text="The seat whose move it became.")
    version = models.PositiveIntegerField(help_text="The table's version at which the turn began.")
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True, help_text="When it was settled: sent, or skipped.")
    how = models.CharField(
        max_length=80, blank=True, default="", help_text='"email", or "skipped: " and why; empty while pending.'
    )

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [models.UniqueConstraint(fields=["user", "table", "version"], name="nudge_once_per_move")]
        indexes = [models.Index(fields=["user", "created_at"], condition=Q(sent_at__isnull=True), name="nudge_pending")]

    def __str__(self):
        return f"{self.user} at {self.table_id}, version {self.version}: {self.how or 'pending'}"

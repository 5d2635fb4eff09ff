from django.core.validators import RegexValidator
from django.db.models import Prefetch
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from accounts.api.serializers import ErrorSerializer
from events import store
from games.bots import LEVELS, levels
from games.engines import GAMES, get_engine
from games.models import (
    BOT_DELAY_CHOICES,
    DEFAULT_BOT_DELAY,
    DEFAULT_TIME_BANK,
    MOVE_TIME_CHOICES,
    TABLE_NAME_MAX_LENGTH,
    TIME_BANK_CHOICES,
    Seat,
    Table,
)
from games.play import fair_deals, log_chain
from games.replay import record as records
from games.tables import play_now
from games.tables.rematch import current_rematch


class StringField(serializers.CharField):
    """A CharField that takes only a string: DRF's own takes the number 0 for "0", which the schema
    (a string) does not allow."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class TrueOrFalseField(serializers.BooleanField):
    """A BooleanField that takes only true or false: DRF's own takes 0, 1, "yes" and the like, which
    the schema (a boolean) does not allow."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class SeatSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    player = serializers.CharField(source="user.shown_name")
    bot = serializers.CharField(help_text="The level of the bot that fills this seat; empty for a person.")


class TableSerializer(serializers.ModelSerializer):
    seats = SeatSerializer(many=True, read_only=True)
    host = serializers.CharField(source="host.shown_name", read_only=True)
    options = serializers.DictField(
        source="shown_options",
        read_only=True,
        help_text="The game's options; those that would give hidden cards away (the engine's secret options) "
        "only once the game is over.",
    )
    your_seat = serializers.SerializerMethodField()
    invite_url = serializers.SerializerMethodField()
    late_join = serializers.SerializerMethodField(
        help_text="The game is running and takes late joiners: joining adds a seat, on `late_join_terms`."
    )
    late_join_terms = serializers.SerializerMethodField(
        help_text="While `late_join`: the game's terms for a late joiner, in words "
        '(e.g. "as this round\'s loser (-2), playing from the next round"); else null.'
    )
    options_in_words = serializers.SerializerMethodField(
        help_text='The options shown, in the game\'s words (e.g. "Rounds in the match: 7").'
    )
    awaiting = serializers.SerializerMethodField(
        help_text="At a rematch table: the last game's players whose seats are kept until they accept or decline."
    )
    rematch = serializers.SerializerMethodField(
        help_text="Once the game is over: the id of the rematch table offered after it (not closed), or null."
    )
    turn_based = serializers.BooleanField(
        read_only=True, help_text="Played over hours or days: each move has `move_time` and the player's `time_bank`."
    )

    class Meta:
        model = Table
        fields = [
            "id",
            "name",
            "game",
            "options",
            "options_in_words",
            "seat_count",
            "private",
            "turn_clock",
            "move_time",
            "time_bank",
            "turn_based",
            "bot_delay",
            "status",
            "host",
            "seats",
            "your_seat",
            "invite_url",
            "late_join",
            "late_join_terms",
            "created_at",
            "rematch_of",
            "awaiting",
            "rematch",
        ]
        read_only_fields = [
            "id",
            "name",
            "status",
            "bot_delay",
            "move_time",
            "time_bank",
            "created_at",
            "rematch_of",
        ]

    def get_options_in_words(self, table) -> list[str]:
        return get_engine(table.game).describe_options(table.shown_options)

    def get_awaiting(self, table) -> list[str]:
        return table.awaited_names

    def get_rematch(self, table) -> str | None:
        rematch = current_rematch(table) if table.status == Table.Status.FINISHED else None
        return str(rematch.id) if rematch else None

    def get_your_seat(self, table) -> int | None:
        return _seat_number(table, self.context["request"].user)

    def get_late_join(self, table) -> bool:
        return table.has_room_for_late_joiner

    def get_late_join_terms(self, table) -> str | None:
        return get_engine(table.game).late_join_terms if table.has_room_for_late_joiner else None

    def get_invite_url(self, table) -> str | None:
        """Only people seated at the table get the invite link to pass on."""
        request = self.context["request"]
        if _seat_number(table, request.user) is None:
            return None
        return request.build_absolute_uri(f"/invite/{table.invite_token}/")

    @classmethod
    def of(cls, table, request):
        """The table as the API shows it, read afresh with its seats and their users, the host and the
        awaited players in three queries (instead of one or more for each of them)."""
        seats = Prefetch("seats", queryset=Seat.objects.select_related("user"))
        table = Table.objects.select_related("host").prefetch_related(seats, "awaiting").get(pk=table.pk)
        return cls(table, context={"request": request}).data


class YourTableSerializer(serializers.Serializer):
    """One of the player's tables, as Your games lists it (games.tables.your_games)."""

    table = TableSerializer()
    your_move = serializers.BooleanField(help_text="The game waits on your move here.")
    waiting_on = serializers.ListField(
        child=serializers.CharField(), help_text="The players the game waits on, as anyone at the table may read it."
    )
    due_at = serializers.DateTimeField(
        allow_null=True, help_text="When the turn's time runs out (a turn clock's or a turn-based table's); else null."
    )


class LogChainSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="The events checked: the log's length.")
    head = serializers.CharField(
        help_text=(
            "The log's head: the SHA-256 link of its latest event, which every earlier event is chained into "
            "(64 zeros before the first). Keep the head you see at a deal: a log changed later will not give it "
            'again (docs/fair-deals.md, "Threat model").'
        )
    )
    broken = serializers.DictField(
        allow_null=True,
        help_text=('Where the log fails its check, {"version", "kind", "reason"}; null when every link holds.'),
    )
    salt = serializers.CharField(
        allow_null=True,
        help_text=(
            "The salt in every link, once the game is over (null before): with it anyone can recompute the chain."
        ),
    )


class TableDetailSerializer(TableSerializer):
    log = serializers.SerializerMethodField(help_text="The table's log checked as a hash chain.")

    class Meta(TableSerializer.Meta):
        fields = [*TableSerializer.Meta.fields, "log"]

    @extend_schema_field(LogChainSerializer)
    def get_log(self, table):
        checked = log_chain.cached(table, store.current_version(table.stream))
        return {**checked.as_dict(), "salt": log_chain.revealed_salt(table)}


def _seat_number(table, user):
    """``table.seat_of(user)`` from the seats the serializer lists anyway (prefetched: no query)."""
    if not getattr(user, "is_authenticated", False):
        return None
    return next((seat.number for seat in table.seats.all() if seat.user_id == user.pk), None)


def _in_words(choices):
    """Offered seconds as the API's help says them: "3600 (1 hour), 43200 (12 hours)"."""
    return ", ".join(f"{seconds} ({label})" for seconds, label in choices)


class CreateTableSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=GAMES)
    seat_count = serializers.IntegerField(min_value=1, max_value=16)
    options = serializers.DictField(required=False, default=dict)
    private = TrueOrFalseField(required=False, default=False)
    turn_clock = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Seconds each turn may take (15, 30, 60 or 120) before the seat's default action is "
        "played for it; null or left out: no turn clock.",
    )
    name = StringField(
        required=False,
        allow_null=True,
        allow_blank=True,
        default=None,
        max_length=TABLE_NAME_MAX_LENGTH,
        trim_whitespace=False,
        help_text='What players read for the table; blank or left out: "<your name>\'s <game> table".',
    )
    bot_delay = serializers.IntegerField(
        required=False,
        default=DEFAULT_BOT_DELAY,
        help_text=f"Seconds a bot at the table waits before it acts: {_in_words(BOT_DELAY_CHOICES)}.",
    )
    move_time = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="A turn-based table's seconds per move, one of those offered; null or left out: a live table. "
        "A turn-based table has no `turn_clock`.",
    )
    time_bank = serializers.IntegerField(
        required=False,
        help_text="At a turn-based table, the seconds each player may draw on when a move takes longer than "
        f"`move_time`, one of those offered; left out: {DEFAULT_TIME_BANK} at a turn-based table, 0 at a live "
        "one (which has no time bank).",
    )

    def validate(self, data):
        """A turn-based table's bank is DEFAULT_TIME_BANK unless said; the lobby judges the pair."""
        if "time_bank" not in data:
            data["time_bank"] = 0 if data.get("move_time") is None else DEFAULT_TIME_BANK
        return data


# What games.tables.table_names refuses in a name, as far as a pattern can say it: control characters, text
# direction controls and the private-use area.
NAME_PATTERN = "^[^\\x00-\\x1f\\x7f-\\x9f\\u202a-\\u202e\\u2066-\\u2069\\ue000-\\uf8ff]*$"


def _for_one_game(base, engine, class_name, doc, seat_help, **fields):
    """``base`` as the schema shows it for one game (a request body told apart by "game"): the game's name,
    its seat counts (``seat_help`` after them), the bot delays offered, and ``fields``. Requests are still
    validated by ``base`` and the lobby (the engine judges the seat count and the options)."""
    title = "".join(word.title() for word in engine.name.split("_"))
    limits = f"{engine.title} seats {engine.min_players} to {engine.max_players} players"
    return type(
        class_name.format(title=title),
        (base,),
        {
            "__doc__": doc,
            "game": serializers.ChoiceField(choices=[engine.name]),
            "seat_count": serializers.IntegerField(
                min_value=engine.min_players, max_value=engine.max_players, help_text=f"{limits}{seat_help}"
            ),
            "bot_delay": serializers.ChoiceField(
                choices=BOT_DELAY_CHOICES,
                required=False,
                default=DEFAULT_BOT_DELAY,
                help_text=base().fields["bot_delay"].help_text,
            ),
            **fields,
        },
    )


def _create_table_serializer_for(engine):
    """CreateTableSerializer as the schema shows it for one game: besides _for_one_game's, its options,
    the name's pattern, the turn clocks and the turn-based times offered."""
    return _for_one_game(
        CreateTableSerializer,
        engine,
        "Create{title}TableSerializer",
        f"A new {engine.title} table.",
        ".",
        options=serializers.DictField(
            required=False,
            default=dict,
            help_text=f"{engine.title}'s options (/rules/{engine.name}/ explains them); the game judges them, "
            "and an unknown or bad one is a 400 with its sentence.",
        ),
        name=serializers.CharField(
            required=False,
            allow_null=True,
            allow_blank=True,
            default=None,
            max_length=TABLE_NAME_MAX_LENGTH,
            validators=[RegexValidator(NAME_PATTERN)],
            help_text=CreateTableSerializer().fields["name"].help_text + " Control, text direction, "
            "private-use and unassigned characters are refused (the pattern names those it can).",
        ),
        turn_clock=serializers.ChoiceField(
            choices=Table._meta.get_field("turn_clock").choices,
            required=False,
            allow_null=True,
            default=None,
            help_text=CreateTableSerializer().fields["turn_clock"].help_text,
        ),
        move_time=serializers.ChoiceField(
            choices=MOVE_TIME_CHOICES,
            required=False,
            allow_null=True,
            default=None,
            help_text=CreateTableSerializer().fields["move_time"].help_text,
        ),
        time_bank=serializers.ChoiceField(
            choices=TIME_BANK_CHOICES,
            required=False,
            help_text=CreateTableSerializer().fields["time_bank"].help_text,
        ),
    )


def _per_game(component_name, serializer_for):
    """A request body in the schema with one shape per game (``serializer_for(engine)``), told apart by "game"."""
    return PolymorphicProxySerializer(
        component_name=component_name,
        serializers={name: serializer_for(get_engine(name)) for name in GAMES},
        resource_type_field_name="game",
        many=False,
    )


# The request body of a table's creation in the schema: one shape per game, told apart by "game".
CREATE_TABLE_SCHEMA = _per_game("CreateTable", _create_table_serializer_for)


class AddBotSerializer(serializers.Serializer):
    level = serializers.ChoiceField(
        choices=LEVELS,
        required=False,
        default="fair",
        help_text='How the bot plays: "fair" (a fair opponent) or "random".',
    )
    seat = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="The empty seat to fill; left out: the first empty one.",
    )


class PlayComputerSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=GAMES)
    seat_count = serializers.IntegerField(
        min_value=1, max_value=16, help_text="Players in all: you at seat 0, a bot at every other seat."
    )
    level = serializers.ChoiceField(
        choices=LEVELS, required=False, default="fair", help_text='How the bots play: "fair" or "random".'
    )
    bot_delay = serializers.IntegerField(
        required=False,
        default=DEFAULT_BOT_DELAY,
        help_text=f"Seconds a bot waits before it acts: {_in_words(BOT_DELAY_CHOICES)}.",
    )


def _play_computer_serializer_for(engine):
    """PlayComputerSerializer as the schema shows it for one game: besides _for_one_game's, the levels of
    its bots."""
    return _for_one_game(
        PlayComputerSerializer,
        engine,
        "PlayComputer{title}Serializer",
        f"A game of {engine.title} against the computer.",
        ": you at seat 0, a bot at every other seat.",
        level=serializers.ChoiceField(
            choices=list(levels(engine.name)),
            required=False,
            default=levels(engine.name)[0],
            help_text=PlayComputerSerializer().fields["level"].help_text,
        ),
    )


# The request body of "Play the computer" in the schema: one shape per game, told apart by "game".
PLAY_COMPUTER_SCHEMA = _per_game("PlayComputer", _play_computer_serializer_for)


class JoinPlayNowSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=GAMES)
    seat_count = serializers.IntegerField(
        min_value=1, max_value=16, required=False, allow_null=True, default=None, help_text="Players wanted; null: any."
    )
    bots_after = serializers.ChoiceField(
        choices=play_now.BOTS_AFTER_CHOICES,
        required=False,
        allow_null=True,
        default=None,
        help_text="Seconds after which bots may fill the seats nobody took: "
        + ", ".join(map(str, play_now.BOTS_AFTER_CHOICES))
        + "; null or left out: never, only people.",
    )


def _join_play_now_serializer_for(engine):
    """JoinPlayNowSerializer as the schema shows it for one game: its name, and its seat counts or null for
    any (not _for_one_game: the queue asks no bot delay)."""
    title = "".join(word.title() for word in engine.name.split("_"))
    seat_count = JoinPlayNowSerializer().fields["seat_count"]
    return type(
        f"JoinPlayNow{title}Serializer",
        (JoinPlayNowSerializer,),
        {
            "__doc__": f"A wish to play {engine.title} now with the next players who want the same table.",
            "game": serializers.ChoiceField(choices=[engine.name]),
            "seat_count": serializers.IntegerField(
                min_value=engine.min_players,
                max_value=engine.max_players,
                required=False,
                allow_null=True,
                default=None,
                help_text=f"{engine.title} seats {engine.min_players} to {engine.max_players} players; "
                + seat_count.help_text,
            ),
        },
    )


# The request body of joining Play now's queue in the schema: one shape per game, told apart by "game".
JOIN_PLAY_NOW_SCHEMA = _per_game("JoinPlayNow", _join_play_now_serializer_for)


class PlayNowSerializer(serializers.Serializer):
    """Your place in Play now's queue, or the table it seated you at."""

    state = serializers.ChoiceField(
        choices=["waiting", "seated"], help_text='"waiting" in the queue, or "seated" at `table`.'
    )
    game = serializers.ChoiceField(choices=list(GAMES))
    seat_count = serializers.IntegerField(allow_null=True, help_text="Players wanted; null: any.")
    bots_after = serializers.IntegerField(allow_null=True, help_text="Seconds before bots may fill; null: never.")
    joined_at = serializers.DateTimeField(help_text="Your place in the line: first come, first seated.")
    bots_at = serializers.DateTimeField(allow_null=True, help_text="When bots may fill your table; null: never.")
    waiting = serializers.IntegerField(help_text="How many players (you included, while you wait) wait for the game.")
    table = serializers.UUIDField(allow_null=True, help_text="The table you were seated at; null while waiting.")

    @classmethod
    def of(cls, entry):
        fields = ("game", "seat_count", "bots_after", "joined_at")
        return cls(
            {
                **{field: getattr(entry, field) for field in fields},
                "state": "seated" if entry.table_id else "waiting",
                "bots_at": play_now.bots_at(entry),
                "waiting": play_now.waiting_count(entry.game),
                "table": entry.table_id,
            }
        ).data


class JoinSerializer(serializers.Serializer):
    seat = serializers.IntegerField(required=False, allow_null=True, default=None)
    invite = StringField(required=False, allow_blank=True, default="")


@extend_schema_field(
    {
        "type": "object",
        "properties": {"type": {"type": "string", "description": 'The move, e.g. "end_turn".'}},
        "required": ["type"],
        "additionalProperties": True,
    }
)
class CommandField(serializers.DictField):
    """An engine command; games.play.commands.check_shape refuses one without a "type" that names the move."""


class CommandSerializer(serializers.Serializer):
    command = CommandField(help_text='The engine command, e.g. {"type": "end_turn"}.')
    expected_version = serializers.IntegerField(
        min_value=0, help_text="The table version your command is based on (from the view)."
    )
    seat = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Optional: the seat you act for; it must be yours.",
    )


class SeatViewSerializer(serializers.Serializer):
    table = serializers.UUIDField()
    version = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    view = serializers.DictField(allow_null=True)
    legal_commands = serializers.ListField(child=serializers.DictField())
    host_commands = serializers.ListField(
        child=serializers.DictField(), help_text="The commands the host may give now (empty for anyone else)."
    )
    seat_commands = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text='Commands your seat may give now that are no move of the game: {"type": "resign"} while '
        'the game runs, and {"type": "take_back"} while a bot plays your seat.',
    )


class EventSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    type = serializers.CharField()
    actor = serializers.CharField()
    time = serializers.DateTimeField()
    event = serializers.DictField()
    hash = serializers.CharField(help_text="The event's link in the log's hash chain: the log's head at this version.")


class RecordTableSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    name = serializers.CharField()


class RecordGameSerializer(serializers.Serializer):
    name = serializers.ChoiceField(choices=list(GAMES), help_text="The game's name in the registry.")
    title = serializers.CharField(help_text="The game's name for people.")


class RecordPlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField(allow_null=True, help_text="The player's display name; null for an empty seat.")


class RecordResultSerializer(serializers.Serializer):
    winners = serializers.ListField(
        child=serializers.IntegerField(), help_text="The seats that won, as the game says; none after a draw."
    )


class RecordDealSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="The version of the event that dealt.")
    label = serializers.CharField(help_text='The deal in words: "event 1 (the deal)".')
    commitment = serializers.DictField(
        allow_null=True,
        help_text="The event's commitment, salt revealed (docs/fair-deals.md); null if dealt before commitments.",
    )
    result = serializers.ChoiceField(
        choices=[fair_deals.OK, fair_deals.FAILED, fair_deals.NONE, fair_deals.HIDDEN],
        help_text="The server's own check of the deal.",
    )
    reason = serializers.CharField(help_text="The check in a sentence.")


class RecordSerializer(serializers.Serializer):
    """A finished game's record, the file the replay page's "Download the game" saves (docs/record.md)."""

    format = serializers.ChoiceField(choices=[records.FORMAT])
    version = serializers.IntegerField(
        help_text=f"The record's shape: a change of shape bumps it (now {records.VERSION})."
    )
    table = RecordTableSerializer()
    game = RecordGameSerializer()
    options = serializers.DictField(help_text="The table's options, the engine's secret ones included.")
    players = RecordPlayerSerializer(many=True)
    started_at = serializers.DateTimeField(allow_null=True, help_text="The time of the first event.")
    finished_at = serializers.DateTimeField(allow_null=True, help_text="The time of the last event.")
    result = RecordResultSerializer()
    events = EventSerializer(many=True, help_text="Every event in order, as `events/` serves a finished game's.")
    deals = RecordDealSerializer(many=True, help_text="Every deal, in log order.")
    log_head = serializers.CharField(help_text="The hash of the last event: the head of the log's hash chain.")


class MoveSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="The event's version: the replay step it leads to.")
    type = serializers.CharField(help_text="The event's type.")
    actor = serializers.CharField(help_text='"user", "system" or "staff".')
    time = serializers.DateTimeField()
    text = serializers.CharField(
        help_text='The move in words, with players\' names: "Ana plays 7♥ from the hand on pile 2".'
    )


class OwnPartSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    parts = serializers.DictField(help_text="What only this seat sees of itself: its hand and the like, by view key.")


class ReplaySerializer(serializers.Serializer):
    table = serializers.UUIDField()
    step = serializers.IntegerField(help_text="The board after the event with this version (0: before the first).")
    last_step = serializers.IntegerField(help_text="The last step: the number of events.")
    view = serializers.DictField(
        allow_null=True,
        help_text=(
            "The view at this step: a seat's exactly as the seat was sent it; the open one is the watchers' view "
            "with each player's own part (its hand ...) put in. Null at step 0."
        ),
    )
    hands = OwnPartSerializer(many=True, allow_null=True, help_text="Open perspective only: each seat's own part.")
    move = MoveSerializer(allow_null=True, help_text="The event of this step, in words (null at step 0).")
    head = serializers.CharField(help_text="The log's head at this step: the hash chain's link of event `step`.")
    salt = serializers.CharField(
        allow_null=True, help_text=("The salt in every link of the log, once the game is over (null while it runs).")
    )

    def get_fields(self):
        """The perspective's field is named "as", a Python keyword, so it cannot be declared as the others are."""
        return {
            **super().get_fields(),
            "as": serializers.CharField(help_text='The perspective: "open" or a seat number.'),
        }


class ConflictSerializer(ErrorSerializer):
    version = serializers.IntegerField(
        required=False, help_text="Only when `expected_version` was stale: the table's version now."
    )

"""REST endpoints: thin wrappers over games.tables.lobby, games.play.commands and games.play.seat_view."""

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from games.engines import GAMES
from games.models import Table
from games.play import commands, log_chain, seat_view
from games.replay import record as records
from games.replay import steps as replay
from games.tables import bot_seating, closing, computer, lobby, play_now, rematch, your_games

from .query import query_parameter
from .serializers import (
    CREATE_TABLE_SCHEMA,
    JOIN_PLAY_NOW_SCHEMA,
    PLAY_COMPUTER_SCHEMA,
    AddBotSerializer,
    CommandSerializer,
    ConflictSerializer,
    CreateTableSerializer,
    ErrorSerializer,
    EventSerializer,
    JoinPlayNowSerializer,
    JoinSerializer,
    MoveSerializer,
    PlayComputerSerializer,
    PlayNowSerializer,
    RecordSerializer,
    ReplaySerializer,
    SeatViewSerializer,
    TableDetailSerializer,
    TableSerializer,
    YourTableSerializer,
)

INVITE = OpenApiParameter(
    "invite", str, pattern=f"^{lobby.INVITE_TOKEN.pattern}$", description="The invite token of a private table."
)

REFUSALS = {
    400: OpenApiResponse(
        ErrorSerializer,
        description=(
            "Malformed request (JSON, a field, a query parameter) or a command the rules refuse; `detail` says why."
        ),
    ),
    401: OpenApiResponse(ErrorSerializer, description="Not authenticated, or an API token that is not valid."),
    403: OpenApiResponse(ErrorSerializer, description="Not logged in, or not allowed to do this; `detail` says why."),
    404: OpenApiResponse(
        ErrorSerializer, description="No such table, or it is private (and you have no seat or invite)."
    ),
    409: OpenApiResponse(
        ConflictSerializer,
        description=(
            "The table is not in a state for this; `detail` says why (and `version` is the table's version "
            "now when `expected_version` was stale). A table whose record is damaged answers every read and "
            "command of its game with a 409 saying so."
        ),
    ),
    415: OpenApiResponse(ErrorSerializer, description="The body is not JSON (send `Content-Type: application/json`)."),
}


def answers(success, *refusals):
    """An operation's documented responses: ``success`` ({status: body}), 400, 401, 403, plus ``refusals``."""
    return {**success, **{status: REFUSALS[status] for status in (400, 401, 403, *refusals)}}


def on_a_table(summary, *, body=None, answer=TableSerializer, refusals=(404, 409), parameters=(), **more):
    """The schema of an operation on one table: the invite parameter, a ``body`` serializer (and its 415)
    or none, and its answers: 200 with ``answer`` (or a dict of answers) and the ``refusals``."""
    success = answer if isinstance(answer, dict) else {200: answer}
    return extend_schema(
        request=body,
        responses=answers(success, *refusals, *((415,) if body else ())),
        parameters=[INVITE, *parameters],
        summary=summary,
        **more,
    )


# Anyone may read what a watcher may (public tables, a private one with its invite); writing needs a
# log-in (401 with the API token's challenge otherwise). DRF's own class, which drf-spectacular knows: the
# schema marks these reads as needing no authentication.
ReadsForAnyone = permissions.IsAuthenticatedOrReadOnly


def _table(request, table_id, invite=None):
    return lobby.find_table(request.user, table_id, invite or query_parameter(request, "invite"))


class BodyRequired(AutoSchema):
    """The schema of a view whose request body is a oneOf: drf-spectacular marks a body required only
    when it is a serializer with required fields, and has no public hook to say so (the override is of
    its pinned version's method)."""

    def _get_request_body(self, direction="request"):
        body = super()._get_request_body(direction)
        return body and {**body, "required": True}


class TableList(APIView):
    permission_classes = [ReadsForAnyone]
    schema = BodyRequired()

    @extend_schema(
        responses=answers({200: TableSerializer(many=True)}),
        parameters=[
            OpenApiParameter(
                "status",
                str,
                enum=Table.Status.values,
                description="Only tables in this state (any other value: 400).",
            ),
            OpenApiParameter(
                "game", str, enum=list(GAMES), description="Only this game's tables (any other value: 400)."
            ),
        ],
        summary="Tables you can see: public ones and your own",
    )
    def get(self, request):
        tables = lobby.visible_tables(
            request.user, query_parameter(request, "status"), query_parameter(request, "game")
        )
        return Response(TableSerializer(tables[:200], many=True, context={"request": request}).data)

    @extend_schema(
        request=CREATE_TABLE_SCHEMA, responses=answers({201: TableSerializer}, 415), summary="Create a table"
    )
    def post(self, request):
        data = _valid(CreateTableSerializer, request)
        table = lobby.create_table(
            request.user,
            data["game"],
            data["seat_count"],
            data["options"],
            data["private"],
            data["turn_clock"],
            name=data["name"],
            bot_delay=data["bot_delay"],
            move_time=data["move_time"],
            time_bank=data["time_bank"],
        )
        return Response(TableSerializer.of(table, request), status=status.HTTP_201_CREATED)


class YourTables(APIView):
    @extend_schema(
        responses=answers({200: YourTableSerializer(many=True)}),
        summary="Your games: the tables you sit at, those awaiting your move first, then the others in play, "
        "then the open ones",
    )
    def get(self, request):
        entries = your_games.your_tables(request.user)
        return Response(YourTableSerializer(entries, many=True, context={"request": request}).data)


class PlayComputer(APIView):
    schema = BodyRequired()

    @extend_schema(
        request=PLAY_COMPUTER_SCHEMA,
        responses=answers({201: TableSerializer}, 415),
        summary="Play the computer: a private game against bots, dealt at once",
    )
    def post(self, request):
        data = _valid(PlayComputerSerializer, request)
        table = computer.play_the_computer(
            request.user, data["game"], data["seat_count"], level=data["level"], bot_delay=data["bot_delay"]
        )
        return Response(TableSerializer.of(table, request), status=status.HTTP_201_CREATED)


class PlayNow(APIView):
    """Play now's queue (games.tables.play_now): join it, see how the wait goes, leave it. Ask at least
    every two minutes while you wait: a player silent longer is taken for gone and leaves the queue."""

    schema = BodyRequired()

    @extend_schema(
        request=JOIN_PLAY_NOW_SCHEMA,
        responses=answers({201: PlayNowSerializer}, 409, 415),
        summary="Play now: wait to be seated with the next players who want the same table",
    )
    def post(self, request):
        data = _valid(JoinPlayNowSerializer, request)
        entry = play_now.join(request.user, data["game"], data["seat_count"], bots_after=data["bots_after"])
        return Response(PlayNowSerializer.of(entry), status=status.HTTP_201_CREATED)

    @extend_schema(
        responses=answers({200: PlayNowSerializer}, 404), summary="Your place in Play now's queue, or your table"
    )
    def get(self, request):
        return Response(PlayNowSerializer.of(play_now.status(request.user)))

    @extend_schema(
        responses=answers({204: None}, 404, 409),
        summary="Leave Play now's queue at once (a 409 names the table if you were seated already)",
    )
    def delete(self, request):
        play_now.leave(request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TableDetail(APIView):
    permission_classes = [ReadsForAnyone]

    @on_a_table("One table", answer=TableDetailSerializer, refusals=(404,))
    def get(self, request, table_id):
        return Response(TableDetailSerializer.of(_table(request, table_id), request))


class JoinTable(APIView):
    @on_a_table(
        "Take a seat",
        body=JoinSerializer,
        description=(
            "Before the start: a free seat (or `seat`). While a game that takes late joiners runs "
            "(`late_join`): a new seat, on the game's `late_join_terms`. "
            "409: started (and no late joiners), already seated, or the engine refuses (its sentence in `detail`)."
        ),
    )
    def post(self, request, table_id):
        data = _valid(JoinSerializer, request)
        table = _table(request, table_id, data["invite"])
        lobby.join_table(table, request.user, data["seat"])
        return Response(TableSerializer.of(table, request))


class LeaveTable(APIView):
    @on_a_table("Give up your seat before the start")
    def post(self, request, table_id):
        table = _table(request, table_id)
        lobby.leave_table(table, request.user)
        return Response(TableSerializer.of(table, request))


class TableBots(APIView):
    @on_a_table(
        "Seat a bot (host only, before the start)",
        body=AddBotSerializer,
        description="409: the table has started, or the seat is taken (or every seat is).",
    )
    def post(self, request, table_id):
        data = _valid(AddBotSerializer, request)
        table = _table(request, table_id)
        bot_seating.add_bot(table, request.user, data["level"], data["seat"])
        return Response(TableSerializer.of(table, request))


class TableBot(APIView):
    @on_a_table(
        "Take a bot out of its seat (host only, before the start)",
        parameters=[OpenApiParameter("seat", int, OpenApiParameter.PATH, description="The bot's seat.")],
    )
    def delete(self, request, table_id, seat):
        table = _table(request, table_id)
        bot_seating.remove_bot(table, request.user, bot_seating.seat_number(seat))
        return Response(TableSerializer.of(table, request))


class StartTable(APIView):
    @on_a_table("Deal (host only, seats full)", answer=SeatViewSerializer)
    def post(self, request, table_id):
        table = _table(request, table_id)
        lobby.start_table(table, request.user)
        return Response(seat_view.seat_view(table, request.user))


class CancelTable(APIView):
    @on_a_table(
        "Cancel your table before anyone else joins (host only)",
        description='The table is closed (`status` "closed"). 403: not the host; 409: another player has '
        "joined, or the table has started or is closed.",
    )
    def post(self, request, table_id):
        table = closing.cancel_table(_table(request, table_id), request.user)
        return Response(TableSerializer.of(table, request))


class OfferRematch(APIView):
    @on_a_table(
        "Offer a rematch after the game (or join the one offered)",
        answer={201: TableSerializer, 200: TableSerializer},
        description=(
            "A new table with the same game, seats, options and turn clock, hosted by you at your old seat; "
            "every other player's seat is kept for them (`awaiting`) until they join or decline. If a rematch "
            "was offered already, you join it instead (200). 403: you did not play this game; "
            "409: the game is not over."
        ),
    )
    def post(self, request, table_id):
        old = _table(request, table_id)
        existing = rematch.current_rematch(old)
        table = rematch.offer_rematch(old, request.user)
        code = status.HTTP_200_OK if existing else status.HTTP_201_CREATED
        return Response(TableSerializer.of(table, request), status=code)


class DeclineRematch(APIView):
    @extend_schema(
        request=None,
        responses=answers({200: TableSerializer}, 404, 409),
        summary="Decline the rematch offered to you, at the rematch table or the finished one it follows",
        description="Your kept seat is freed for anyone; the answer is the rematch table. "
        "409: no rematch offer for you here.",
    )
    def post(self, request, table_id):
        table = _table(request, table_id)
        offered = rematch.decline_rematch(table, request.user)
        return Response(TableSerializer.of(offered, request))


class TableView(APIView):
    permission_classes = [ReadsForAnyone]

    @on_a_table("Your view of the game", answer=SeatViewSerializer)
    def get(self, request, table_id):
        return Response(seat_view.seat_view(_table(request, table_id), request.user))


class TableCommands(APIView):
    @on_a_table(
        "Send a command for your seat",
        body=CommandSerializer,
        answer=SeatViewSerializer,
        description=(
            "400: the rules refuse the command (the engine's sentence is in `detail`); "
            "403: not your seat; 404: no such table; 409: `expected_version` is stale (never for `take_back`, "
            "which applies at the latest version)."
        ),
    )
    def post(self, request, table_id):
        data = _valid(CommandSerializer, request)
        table = _table(request, table_id)
        commands.submit(table, request.user, data["command"], data["expected_version"], data["seat"])
        return Response(seat_view.seat_view(table, request.user))


class TableEvents(APIView):
    permission_classes = [ReadsForAnyone]

    @on_a_table(
        "The event log as you may see it (hidden cards redacted until the game is over)",
        answer=EventSerializer(many=True),
    )
    def get(self, request, table_id):
        table = _table(request, table_id)
        return Response(EventSerializer(seat_view.visible_events(table, request.user), many=True).data)


PERSPECTIVE = OpenApiParameter(
    "as",
    str,
    pattern=r"^(open|[0-9]+)$",
    description=(
        'The perspective: "open" (every hand shown; the default) or a seat number (that seat\'s view as it was '
        "sent to the seat). A seat the table does not have: 400."
    ),
)
STEP = OpenApiParameter(
    "step",
    int,
    description=(
        "The board after the event with this version; 0 (the default) is before the first event. "
        "Anything but a whole number from 0 to the last step: 400."
    ),
)
REPLAY_RULES = (
    "Anyone who may see the table may replay its game once it is over; while it runs, only staff who hold "
    "no seat in its match, each look written to the staff log (403 for anyone else, as before the start)."
)


class TableReplay(APIView):
    permission_classes = [ReadsForAnyone]

    @on_a_table(
        "The game at one step of its replay, from a perspective",
        answer=ReplaySerializer,
        parameters=[STEP, PERSPECTIVE],
        description=REPLAY_RULES,
    )
    def get(self, request, table_id):
        table = _replayable(request, table_id)
        seen_as = replay.perspective(table, query_parameter(request, "as"))
        last = replay.last_step(table)
        step = replay.step_number(query_parameter(request, "step"), last)
        replay.shown(table, request.user, seen_as, step)
        shown = replay.at_step(table, step, seen_as, last=last)
        return Response(ReplaySerializer({**shown, "salt": log_chain.revealed_salt(table)}).data)


class TableReplayMoves(APIView):
    permission_classes = [ReadsForAnyone]

    @on_a_table(
        "Every move of the game in words, from a perspective",
        answer=MoveSerializer(many=True),
        refusals=(404,),
        parameters=[PERSPECTIVE],
        description=REPLAY_RULES,
    )
    def get(self, request, table_id):
        table = _replayable(request, table_id)
        seen_as = replay.perspective(table, query_parameter(request, "as"))
        replay.shown(table, request.user, seen_as)
        return Response(MoveSerializer(replay.moves(table, seen_as), many=True).data)


class TableRecord(APIView):
    permission_classes = [ReadsForAnyone]

    @on_a_table(
        "The finished game's record: the whole game in one document",
        answer=RecordSerializer,
        description=(
            'What the replay page\'s "Download the game" saves (docs/record.md). Anyone who may see the table, '
            "once its game is over; 403 before, for staff too."
        ),
    )
    def get(self, request, table_id):
        table = _table(request, table_id)
        records.require_recorded(table, request.user)
        return Response(records.record(table))


def _replayable(request, table_id):
    table = _table(request, table_id)
    replay.require_replayable(table, request.user)
    return table


def _valid(serializer_class, request):
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data

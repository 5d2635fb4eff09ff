"""REST endpoints: thin wrappers over games.lobby, games.commands and games.seat_view."""
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from games import commands, lobby, seat_view
from games.models import Table

from .serializers import (
    CommandSerializer,
    CreateTableSerializer,
    EventSerializer,
    JoinSerializer,
    SeatViewSerializer,
    TableSerializer,
)

INVITE = OpenApiParameter("invite", str, description="The invite token of a private table.")


def _table(request, table_id, invite=None):
    return lobby.find_table(request.user, table_id, invite or request.query_params.get("invite"))


class TableList(APIView):
    @extend_schema(
        responses=TableSerializer(many=True),
        parameters=[OpenApiParameter("status", str, enum=[s.value for s in Table.Status])],
        summary="Tables you can see: public ones and your own",
    )
    def get(self, request):
        tables = Table.objects.visible_to(request.user).prefetch_related("seats__user").select_related("host")
        wanted = request.query_params.get("status")
        if wanted:
            tables = tables.filter(status=wanted)
        return Response(TableSerializer(tables[:200], many=True, context={"request": request}).data)

    @extend_schema(request=CreateTableSerializer, responses={201: TableSerializer}, summary="Create a table")
    def post(self, request):
        data = _valid(CreateTableSerializer, request)
        table = lobby.create_table(
            request.user, data["game"], data["seat_count"], data["options"], data["private"], data["turn_clock"]
        )
        return Response(TableSerializer(table, context={"request": request}).data, status=status.HTTP_201_CREATED)


class TableDetail(APIView):
    @extend_schema(responses=TableSerializer, parameters=[INVITE], summary="One table")
    def get(self, request, table_id):
        return Response(TableSerializer(_table(request, table_id), context={"request": request}).data)


class JoinTable(APIView):
    @extend_schema(
        request=JoinSerializer,
        responses=TableSerializer,
        summary="Take a seat",
        description=(
            "Before the start: a free seat (or `seat`). While a game that takes late joiners runs "
            "(`late_join`): a new seat, as the current round's loser, playing from the next round. "
            "409: started (and no late joiners), already seated, or the engine refuses (its sentence in `detail`)."
        ),
    )
    def post(self, request, table_id):
        data = _valid(JoinSerializer, request)
        table = _table(request, table_id, data["invite"])
        lobby.join_table(table, request.user, data["seat"])
        return Response(TableSerializer(table, context={"request": request}).data)


class LeaveTable(APIView):
    @extend_schema(request=None, responses=TableSerializer, summary="Give up your seat before the start")
    def post(self, request, table_id):
        table = _table(request, table_id)
        lobby.leave_table(table, request.user)
        return Response(TableSerializer(table, context={"request": request}).data)


class StartTable(APIView):
    @extend_schema(request=None, responses=SeatViewSerializer, summary="Deal (host only, seats full)")
    def post(self, request, table_id):
        table = _table(request, table_id)
        lobby.start_table(table, request.user)
        return Response(seat_view.seat_view(table, request.user))


class TableView(APIView):
    @extend_schema(responses=SeatViewSerializer, parameters=[INVITE], summary="Your view of the game")
    def get(self, request, table_id):
        return Response(seat_view.seat_view(_table(request, table_id), request.user))


class TableCommands(APIView):
    @extend_schema(
        request=CommandSerializer,
        responses={200: SeatViewSerializer},
        summary="Send a command for your seat",
        description=(
            "400: the rules refuse the command (the engine's sentence is in `detail`); "
            "403: not your seat; 404: no such table; 409: `expected_version` is stale."
        ),
    )
    def post(self, request, table_id):
        data = _valid(CommandSerializer, request)
        table = _table(request, table_id)
        commands.submit(table, request.user, data["command"], data["expected_version"], data["seat"])
        return Response(seat_view.seat_view(table, request.user))


class TableEvents(APIView):
    @extend_schema(
        responses=EventSerializer(many=True),
        parameters=[INVITE],
        summary="The event log as you may see it (hidden cards redacted until the game is over)",
    )
    def get(self, request, table_id):
        table = _table(request, table_id)
        return Response(EventSerializer(seat_view.visible_events(table, request.user), many=True).data)


def _valid(serializer_class, request):
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data

"""REST: rulings and filing for players, the queue, decisions and the staff log for reviewers."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import BasePermission
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.staff import SecondFactorPassed
from games.api.query import query_parameter
from games.api.views import INVITE, answers
from games.errors import BadRequest, NotFound
from games.play import game_state
from games.tables import lobby
from reviews import deciding, filing, queries
from reviews.access import is_reviewer, review_opened
from reviews.notices import table_disputes
from reviews.queries import QUEUE_FILTERS

from .serializers import (
    DecisionSerializer,
    DisputeReviewSerializer,
    DisputeSerializer,
    FileDisputeSerializer,
    RulingSerializer,
    StaffActionSerializer,
)


class IsReviewer(BasePermission):
    message = "Only staff review disputes."

    def has_permission(self, request, view):
        if not request.user.is_authenticated:
            return False  # DRF answers 401 with the challenge
        if not is_reviewer(request.user):
            raise PermissionDenied(self.message)
        return True


# Reviewers only, from a session that passed the second factor (accounts.staff: no Basic, no token).
STAFF_ONLY = [IsReviewer, SecondFactorPassed]


def _dispute_id(raw):
    """A dispute's number from the path (any other text is a 404 with a sentence, as JSON)."""
    if not (raw.isascii() and raw.isdigit()) or not 0 < int(raw) < 2**63:
        raise NotFound(f"There is no dispute {raw}.")
    return int(raw)


def _table(request, table_id):
    return lobby.find_table(request.user, table_id, query_parameter(request, "invite"))


class TableRulings(APIView):
    @extend_schema(
        responses=answers({200: RulingSerializer(many=True)}, 404),
        parameters=[INVITE],
        summary="The table's rulings, their disputes, and which you may dispute",
    )
    def get(self, request, table_id):
        table = _table(request, table_id)
        shown = table_disputes(table, game_state.load(table)) or {"rulings": [], "window_open": False}
        seat = table.seat_of(request.user)
        return Response(
            [
                {
                    "version": r["version"],
                    "sentence": r["sentence"],
                    "seats": list(r["seats"]),
                    "involved": r["involved"],
                    "dispute": (
                        {"id": r["dispute"].pk, "status": r["dispute"].status, "reason": r["dispute"].reason}
                        if r["dispute"]
                        else None
                    ),
                    "may_dispute": bool(shown["window_open"] and r["dispute"] is None and seat in r["seats"]),
                }
                for r in shown["rulings"]
            ]
        )


class TableDisputes(APIView):
    @extend_schema(
        request=FileDisputeSerializer,
        responses=answers({201: DisputeSerializer}, 404, 409, 415),
        parameters=[INVITE],
        summary="Dispute a ruling your seat is involved in",
        description=(
            "400: no text, or too long; 403: not seated, or the ruling does not involve your "
            "seat; 404: no such table or ruling; 409: already disputed, or the time for "
            "disputes is over. Every refusal's `detail` is a sentence."
        ),
    )
    def post(self, request, table_id):
        serializer = FileDisputeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        table = _table(request, table_id)
        dispute = filing.file_dispute(
            table, request.user, serializer.validated_data["version"], serializer.validated_data["text"]
        )
        return Response(DisputeSerializer(dispute).data, status=status.HTTP_201_CREATED)


class DisputeQueue(APIView):
    permission_classes = STAFF_ONLY

    @extend_schema(
        responses=answers({200: DisputeSerializer(many=True)}),
        parameters=[
            OpenApiParameter(
                "status", str, enum=list(QUEUE_FILTERS), description="open (the default; oldest first) or decided."
            )
        ],
        summary="Staff: the review queue",
    )
    def get(self, request):
        wanted = query_parameter(request, "status") or "open"
        if wanted not in QUEUE_FILTERS:
            raise BadRequest('status is "open" or "decided".')
        return Response(DisputeSerializer(queries.queue(wanted), many=True).data)


class DisputeDetail(APIView):
    permission_classes = STAFF_ONLY

    @extend_schema(responses=answers({200: DisputeReviewSerializer}, 404), summary="Staff: one dispute and its ruling")
    def get(self, request, dispute_id):
        found = queries.review(_dispute_id(dispute_id))
        dispute = found["dispute"]
        review_opened(
            dispute, request.user, f"dispute #{dispute.pk} through the API: the ruling's cards and the trick so far"
        )
        dispute.facts, dispute.players = found["facts"], found["players"]
        return Response(DisputeReviewSerializer(dispute).data)


class DisputeDecision(APIView):
    permission_classes = STAFF_ONLY

    @extend_schema(
        request=DecisionSerializer,
        responses=answers({200: DisputeSerializer}, 404, 409, 415),
        summary="Staff: uphold or overturn a disputed ruling",
        description=(
            "Overturning appends the game's overturn command as staff. 400: no reason, or the "
            "game refuses the overturn (its sentence); 409: already decided."
        ),
    )
    def post(self, request, dispute_id):
        serializer = DecisionSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        dispute = deciding.decide(
            _dispute_id(dispute_id),
            request.user,
            serializer.validated_data["outcome"],
            serializer.validated_data["reason"],
        )
        return Response(DisputeSerializer(dispute).data)


class StaffLog(APIView):
    permission_classes = STAFF_ONLY

    @extend_schema(
        responses=answers({200: StaffActionSerializer(many=True)}),
        parameters=[
            OpenApiParameter("staff", int, description="Only this staff member's (user id)."),
            OpenApiParameter("table", str, description="Only at this table (its id)."),
        ],
        summary="Staff: the staff log, newest first",
    )
    def get(self, request):
        found = queries.staff_log(request.query_params.get("staff", ""), request.query_params.get("table", ""))
        return Response(StaffActionSerializer(found["actions"], many=True).data)

"""REST: a player's API tokens (accounts.tokens): list them, make one (its key shown once), revoke one."""

from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import tokens

from .serializers import CreatedTokenSerializer, ErrorSerializer, NewTokenSerializer, TokenSerializer

REFUSALS = {
    400: OpenApiResponse(
        ErrorSerializer, description="A malformed request or a refused name or token; `detail` says why."
    ),
    401: OpenApiResponse(ErrorSerializer, description="Not authenticated, or an API token that is not valid."),
    403: OpenApiResponse(ErrorSerializer, description="A session's write without its CSRF token; `detail` says why."),
    404: OpenApiResponse(ErrorSerializer, description="You hold no token of that id."),
    415: OpenApiResponse(ErrorSerializer, description="The body is not JSON (send `Content-Type: application/json`)."),
}


def answers(success, *refusals):
    """An operation's documented responses: ``success`` ({status: body}), 400, 401, 403 and ``refusals``."""
    return {**success, **{code: REFUSALS[code] for code in (400, 401, 403, *refusals)}}


def _token_id(raw):
    """A token's id from the path (any other text is a 404 with a sentence, as JSON)."""
    if not (raw.isascii() and raw.isdigit()) or not 0 < int(raw) < 2**63:
        raise _no_token(raw)
    return int(raw)


def _no_token(raw):
    return exceptions.NotFound(f"You hold no API token {raw}.")


class TokenList(APIView):
    @extend_schema(responses=answers({200: TokenSerializer(many=True)}), summary="Your API tokens, newest first")
    def get(self, request):
        return Response(TokenSerializer(request.user.api_tokens.all(), many=True).data)

    @extend_schema(
        request=NewTokenSerializer,
        responses=answers({201: CreatedTokenSerializer}, 415),
        summary="Make an API token; its key is in this answer only",
        description=(
            f"400: a name that is blank, too long or holds control characters, or you already hold "
            f"{tokens.MAX_TOKENS_PER_USER} tokens (revoke one first)."
        ),
    )
    def post(self, request):
        serializer = NewTokenSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            token, key = tokens.create(request.user, serializer.validated_data["name"])
        except DjangoValidationError as refusal:
            raise exceptions.ValidationError(refusal.messages) from refusal
        token.key = key
        return Response(CreatedTokenSerializer(token).data, status=status.HTTP_201_CREATED)


class TokenDetail(APIView):
    @extend_schema(
        responses=answers({204: None}, 404),
        summary="Revoke one of your API tokens: requests with its key are refused from now on",
    )
    def delete(self, request, token_id):
        if not tokens.revoke(request.user, _token_id(token_id)):
            raise _no_token(token_id)
        return Response(status=status.HTTP_204_NO_CONTENT)

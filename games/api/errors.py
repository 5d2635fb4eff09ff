"""Every refusal becomes a 4xx whose body has a readable ``detail`` sentence (see ErrorSerializer)."""

from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler as drf_exception_handler

from games.errors import StaleVersion, TableError


def exception_handler(exc, context):
    if isinstance(exc, TableError):
        body = {"detail": exc.message}
        if isinstance(exc, StaleVersion):
            body["version"] = exc.actual
        return Response(body, status=exc.status)
    response = drf_exception_handler(exc, context)
    if isinstance(exc, ValidationError):
        response.data = {"detail": " ".join(_messages(exc.detail))}
        if isinstance(exc.detail, dict):
            response.data["field_errors"] = exc.detail
    return response


def _messages(errors, where=""):
    """Each error in a serializer's (nested) errors as "field: message"."""
    if isinstance(errors, dict):
        for field, nested in errors.items():
            inner = "" if field == api_settings.NON_FIELD_ERRORS_KEY else str(field)
            yield from _messages(nested, f"{where}.{inner}" if where and inner else where or inner)
    elif isinstance(errors, list):
        for nested in errors:
            yield from _messages(nested, where)
    else:
        yield f"{where}: {errors}" if where else str(errors)

"""Every refusal becomes a 4xx with a readable ``detail`` sentence."""
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from games.errors import StaleVersion, TableError


def exception_handler(exc, context):
    if isinstance(exc, TableError):
        body = {"detail": exc.message}
        if isinstance(exc, StaleVersion):
            body["version"] = exc.actual
        return Response(body, status=exc.status)
    return drf_exception_handler(exc, context)

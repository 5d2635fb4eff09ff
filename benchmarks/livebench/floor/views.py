"""A floor table's set-up over HTTP, at Cardroom's paths, so that the lanes set it up as they set up Cardroom's:
open (the host), join (the guest), start (the host, which deals), and the table's page."""

import uuid

from django.http import HttpResponse, JsonResponse
from django.views.decorators.http import require_GET, require_POST

from benchmarks.livebench.floor import tables


def _logged_in(view):
    def checked(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return JsonResponse({"detail": "Log in to play at the floor's tables."}, status=403)
        return view(request, *args, **kwargs)

    return checked


@require_POST
@_logged_in
def open_table(request):
    return JsonResponse({"id": str(uuid.uuid4())}, status=201)


@require_POST
@_logged_in
def join_table(request, table_id):
    tables.join(table_id, request.user)
    return JsonResponse({"id": str(table_id)})


@require_POST
@_logged_in
def start_table(request, table_id):
    try:
        version = tables.deal(table_id, request.user)
    except tables.Refusal as refusal:
        return JsonResponse({"detail": str(refusal)}, status=409)
    return JsonResponse({"id": str(table_id), "version": version})


@require_GET
def table_page(request, table_id):
    return HttpResponse(
        f"<!doctype html><title>Floor table</title><p>Floor table {table_id}: its frames come over /ws/tables/{table_id}/."
    )


@require_GET
def ready(request):
    """What the benchmark asks to know that Daphne serves."""
    return HttpResponse("The floor is serving.", content_type="text/plain")

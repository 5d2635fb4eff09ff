"""The replay page's "Download the game": a finished game's record (games.replay.record) as a JSON file.

Who may have it is who may replay the finished game (anyone who may see the table); a refusal is the
replay's page of refusal, with the replay's sentence, since it is from the replay page that one comes.
"""

from django.http import JsonResponse
from django.shortcuts import render
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_safe

from games.errors import TableError
from games.replay import record as records
from games.web.views import _visible


@require_safe
def download_record(request, table_id):
    table = _visible(request, table_id)
    try:
        records.require_recorded(table, request.user)
        body = records.record(table)
    except TableError as error:
        return render(
            request, "games/replay_refused.html", {"table": table, "message": error.message}, status=error.status
        )
    response = JsonResponse(body, json_dumps_params={"indent": 2, "ensure_ascii": False})
    response["Content-Disposition"] = content_disposition_header(True, records.filename(table, body["finished_at"]))
    return response

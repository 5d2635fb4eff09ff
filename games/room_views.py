"""Pages' actions on a table's life around its game: cancel it before anyone joins, rematch after it."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from games import closing, rematch as rematches
from games.errors import TableError
from games.views import _visible


@login_required
@require_POST
def cancel_table(request, table_id):
    table = _visible(request, table_id)
    try:
        closing.cancel_table(table, request.user)
    except TableError as error:
        messages.error(request, error.message)
        return redirect("table", table_id=table.id)
    messages.success(request, f"{table.name} is cancelled.")
    return redirect("lobby")


@login_required
@require_POST
def rematch(request, table_id):
    table = _visible(request, table_id)
    try:
        new = rematches.offer_rematch(table, request.user)
    except TableError as error:
        messages.error(request, error.message)
        return redirect("table", table_id=table.id)
    return redirect("table", table_id=new.id)


@login_required
@require_POST
def decline_rematch(request, table_id):
    table = _visible(request, table_id)
    try:
        rematches.decline_rematch(table, request.user)
    except TableError as error:
        messages.error(request, error.message)
        return redirect("table", table_id=table.id)
    messages.success(request, "You declined the rematch.")
    return redirect("lobby")

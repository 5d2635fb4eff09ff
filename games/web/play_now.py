"""Play now's pages: the button joins the queue (games.tables.play_now), the waiting page asks how the wait
goes every second (htmx) and moves the player to their table once seated; leaving the page leaves the queue."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from games.engines import get_engine
from games.errors import Conflict, NotFound, TableError
from games.tables import play_now

# htmx stops polling an element answered with this status.
STOP_POLLING = 286


@login_required
@require_POST
def join(request):
    try:
        entry = play_now.join(
            request.user,
            request.POST.get("game", ""),
            _whole_number_or_none(request.POST.get("seat_count", "")),
            bots_after=_whole_number_or_none(request.POST.get("bots_after", "")),
        )
    except ValueError:
        messages.error(request, "Choose a game and a number of players (or any).")
        return redirect("lobby")
    except TableError as error:
        messages.error(request, error.message)
        return redirect("lobby")
    if entry.table_id:
        return redirect("table", table_id=entry.table_id)
    return redirect("play_now_waiting")


@login_required
@require_GET
def waiting(request):
    """The waiting page: the wish, how the wait goes, and Leave the queue."""
    try:
        entry = play_now.status(request.user)
    except NotFound as refusal:
        messages.info(request, refusal.message)
        return redirect("lobby")
    if entry.table_id:
        return redirect("table", table_id=entry.table_id)
    return render(request, "games/play_now.html", _context(entry))


@login_required
@require_GET
def status(request):
    """The waiting page's status, asked for every second: a redirect to the table once seated (HX-Redirect)."""
    try:
        entry = play_now.status(request.user)
    except NotFound:
        return render(request, "games/_play_now_status.html", {"entry": None}, status=STOP_POLLING)
    if entry.table_id:
        answer = HttpResponse(status=STOP_POLLING)
        answer["HX-Redirect"] = f"/tables/{entry.table_id}/"
        return answer
    return render(request, "games/_play_now_status.html", _context(entry))


@login_required
@require_POST
def leave(request):
    """Leave the queue: the button, or the page being closed (``page_closed``, sent by static/js/play_now.js),
    which is answered with nothing."""
    try:
        play_now.leave(request.user)
    except (Conflict, NotFound) as refusal:
        if request.POST.get("page_closed"):
            return HttpResponse(status=204)
        messages.error(request, refusal.message)
        seated = play_now.status(request.user).table_id if isinstance(refusal, Conflict) else None
        return redirect("table", table_id=seated) if seated else redirect("lobby")
    if request.POST.get("page_closed"):
        return HttpResponse(status=204)
    messages.info(request, "You left the queue.")
    return redirect("lobby")


def _context(entry):
    bots_at = play_now.bots_at(entry)
    return {
        "entry": entry,
        "engine": get_engine(entry.game),
        "waited": int((timezone.now() - entry.joined_at).total_seconds()),
        "others": play_now.waiting_count(entry.game) - 1,
        "bots_in": None if bots_at is None else max(0, int((bots_at - timezone.now()).total_seconds())),
    }


def _whole_number_or_none(raw):
    """A form's number, None when blank ("any", "never"); ValueError for anything else."""
    raw = raw.strip()
    return int(raw) if raw else None

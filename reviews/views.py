"""Pages: filing a dispute (players), the review queue, one dispute and the staff log (reviewers). Thin:
the work is in reviews.filing, reviews.deciding and reviews.queries."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from games.errors import BadRequest, Forbidden, NotFound, TableError
from games.frames import rendering
from games.play import damaged
from games.play.seat_view import seat_names
from games.tables import lobby

from . import deciding, filing, queries, rulings
from .access import review_opened, reviewer_required
from .models import MAX_REASON, MAX_TEXT


@login_required
def file_dispute(request, table_id, version):
    """The form asking why (GET), filing it (POST). A refusal is told on the table's page, or, for the
    text, on the form again."""
    table = _visible(request, table_id)
    text = request.POST.get("text", "")
    try:
        _seat, ruling = filing.disputable_by(table, request.user, version)
    except TableError as error:
        messages.error(request, error.message)
        return redirect("table", table_id=table.id)
    if request.method == "POST":
        try:
            filing.file_dispute(table, request.user, version, text)
        except BadRequest as error:  # the text: the form asks again
            messages.error(request, error.message)
        except TableError as error:  # disputed by another seat a moment ago, say
            messages.error(request, error.message)
            return redirect("table", table_id=table.id)
        else:
            messages.success(request, "Your dispute is filed; staff will review it.")
            return redirect("table", table_id=table.id)
    names = seat_names(table)
    return render(
        request,
        "reviews/file.html",
        {
            "table": table,
            "sentence": rulings.named(ruling.sentence, names),
            "text": text,
            "max_text": MAX_TEXT,
            "involved": [rulings.named(f"{{seat:{seat}}}", names) for seat in ruling.seats],
        },
        status=400 if request.method == "POST" else 200,
    )


@reviewer_required
def queue(request):
    status = request.GET.get("status", "open")
    if status not in queries.QUEUE_FILTERS:
        status = "open"
    return render(
        request,
        "reviews/queue.html",
        {
            "disputes": queries.queue(status),
            "status": status,
            "filters": queries.QUEUE_FILTERS.items(),
            "damaged_tables": damaged.damaged_tables(),
        },
    )


@reviewer_required
def dispute_page(request, dispute_id):
    try:
        found = queries.review(dispute_id)
        review_opened(
            found["dispute"],
            request.user,
            f"dispute #{dispute_id}'s page: the board before the ruling, every hand open",
        )
    except NotFound as error:
        raise Http404(error.message) from None
    except Forbidden as error:  # a player of this match: the queue says why
        messages.error(request, error.message)
        return redirect("review_queue")
    return render(
        request,
        "reviews/dispute.html",
        {**found, "max_reason": MAX_REASON, "board": queries.board_before(found["dispute"])},
    )


@reviewer_required
@require_POST
def decide(request, dispute_id):
    try:
        dispute = deciding.decide(
            dispute_id, request.user, request.POST.get("outcome", ""), request.POST.get("reason", "")
        )
    except NotFound as error:
        raise Http404(error.message) from None
    except Forbidden as error:  # a player of this match: the queue says why
        messages.error(request, error.message)
        return redirect("review_queue")
    except TableError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, f"Dispute #{dispute.pk}: the ruling is {dispute.get_status_display()}.")
    return redirect("review_dispute", dispute_id=dispute_id)


@reviewer_required
def staff_log(request):
    return render(
        request, "reviews/staff_log.html", queries.staff_log(request.GET.get("staff", ""), request.GET.get("table", ""))
    )


def _visible(request, table_id):
    try:
        return lobby.find_table(request.user, table_id, rendering.session_invite(request.session, table_id))
    except NotFound as error:
        raise Http404(error.message) from None

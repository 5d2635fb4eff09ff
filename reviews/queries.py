"""What the review pages and the API read: the queue, one dispute with its ruling, the staff log."""

import uuid

from django.contrib.auth import get_user_model
from django.template.loader import render_to_string

from games.errors import NotFound
from games.models import Table
from games.play.seat_view import seat_names
from games.replay import rendering as replay_rendering
from games.replay import steps as replay

from . import rulings
from .models import Dispute, StaffAction

QUEUE_FILTERS = {"open": "Open", "decided": "Decided"}
LOG_LIMIT = 500


def queue(status="open"):
    """Open disputes oldest first, or decided ones latest decided first, each with its table's players."""
    disputes = Dispute.objects.select_related("table", "filed_by", "decided_by")
    if status == "open":
        disputes = disputes.filter(status=Dispute.Status.OPEN).order_by("filed_at", "id")
    else:
        disputes = disputes.exclude(status=Dispute.Status.OPEN).order_by("-decided_at", "-id")
    disputes = list(disputes[:200])
    for dispute in disputes:
        dispute.players = [name for name in seat_names(dispute.table) if name]
    return disputes


def find(dispute_id):
    if not isinstance(dispute_id, int) or not 0 < dispute_id < 2**63:
        raise NotFound(f"There is no dispute {dispute_id}.")
    try:
        return Dispute.objects.select_related("table", "filed_by", "decided_by").get(pk=dispute_id)
    except Dispute.DoesNotExist:
        raise NotFound(f"There is no dispute {dispute_id}.") from None


def review(dispute_id):
    """A dispute with what staff review it by: the engine's facts (names put in), the players, the replay."""
    dispute = find(dispute_id)
    table = dispute.table
    ruling = rulings.ruling_at(table, dispute.version)
    names = seat_names(table)
    facts = [{**fact, "text": rulings.named(fact["text"], names)} for fact in rulings.facts(table, ruling)]
    return {
        "dispute": dispute,
        "table": table,
        "facts": facts,
        "ruling_at": ruling.at,
        "players": [name for name in names if name],
        "replay_url": replay_url(table, dispute.version),
    }


def board_before(dispute):
    """The board just before the ruling (the play as it was called), every hand open, as HTML."""
    step = dispute.version - 1
    context = replay_rendering.replay_context(
        dispute.table, replay.Perspective(None, True), step, replay.last_step(dispute.table)
    )
    return render_to_string("reviews/_board.html", context)


def replay_url(table, version):
    """The replay at the board right after the ruling, every hand open (staff)."""
    return f"/tables/{table.id}/replay/?step={version}&as=open"


def staff_log(staff="", table=""):
    """The staff log, newest first, filtered by a staff member's id and a table's id (ignored when not ids);
    the chosen table's name, to say which it is."""
    actions = StaffAction.objects.select_related("staff", "table", "dispute")
    chosen_staff = int(staff) if staff.isdigit() and int(staff) < 2**63 else None
    if chosen_staff is not None:
        actions = actions.filter(staff_id=chosen_staff)
    try:
        chosen_table = uuid.UUID(table) if table else None
    except ValueError:
        chosen_table = None
    if chosen_table is not None:
        actions = actions.filter(table_id=chosen_table)
    members = get_user_model().objects.filter(pk__in=StaffAction.objects.values("staff")).order_by("username")
    table_name = Table.objects.filter(pk=chosen_table).values_list("name", flat=True).first() if chosen_table else None
    return {
        "actions": list(actions[:LOG_LIMIT]),
        "staff_members": members,
        "chosen_staff": chosen_staff,
        "chosen_table": str(chosen_table) if chosen_table else "",
        "chosen_table_name": table_name,
    }

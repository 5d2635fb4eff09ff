"""Staff decide a dispute: uphold the ruling, or overturn it through the engine's staff command.

Exactly one decision lands: the dispute's row is locked (SELECT ... FOR UPDATE) while it is decided,
so a second reviewer waits, then finds it decided and is told so. The decision, the overturn's
events and the staff log's entry are written in one transaction.
"""

from django.db import transaction
from django.utils import timezone

from events import store
from events.store import Actor
from games.engines import get_engine
from games.errors import BadRequest, Conflict, Forbidden, NotFound
from games.play import commands

from . import filing, staff_log
from .access import is_reviewer, require_impartial
from .models import MAX_REASON, Dispute, StaffAction

UPHOLD, OVERTURN = "uphold", "overturn"
OUTCOMES = (UPHOLD, OVERTURN)


def decide(dispute_id, staff, outcome, reason):
    """Uphold or overturn the dispute; returns it decided. Forbidden for a non-reviewer or a player of its
    match (even once it is over), NotFound, BadRequest (no such outcome, no reason, or the engine refuses the
    overturn) or Conflict (decided already)."""
    if not is_reviewer(staff):
        raise Forbidden("Only staff review disputes.")
    if outcome not in OUTCOMES:
        raise BadRequest(f'The outcome is "uphold" or "overturn", not {outcome!r}.')
    reason = _checked_reason(reason)
    with transaction.atomic():
        dispute = _locked(dispute_id)
        require_impartial(dispute.table, staff)
        if not dispute.is_open:
            raise Conflict(already_decided(dispute))
        if outcome == OVERTURN:
            _overturn(dispute, staff, reason)
        else:
            _record(dispute, staff, Dispute.Status.UPHELD, reason, StaffAction.What.UPHOLD, {})
        filing.tell_table(dispute.table)
    return dispute


def _locked(dispute_id):
    if not isinstance(dispute_id, int) or not 0 < dispute_id < 2**63:
        raise NotFound(f"There is no dispute {dispute_id}.")
    try:
        return Dispute.objects.select_for_update(of=("self",)).select_related("table").get(pk=dispute_id)
    except Dispute.DoesNotExist:
        raise NotFound(f"There is no dispute {dispute_id}.") from None


def _overturn(dispute, staff, reason):
    table = dispute.table
    events = [event.payload for event in store.read(table.stream, game=table.game)]
    command = get_engine(table.game).overturn_command(
        events[: dispute.version - 1], events[dispute.version - 1], reason
    )
    if command is None:
        raise BadRequest(
            "The game cannot undo this ruling by a command; uphold it, or explain to the players "
            "what you will put right."
        )
    # The one command path, as staff: the engine's overturn and this decision are appended together.
    commands.run(
        table,
        Actor.staff(staff),
        lambda game: commands.decide(game, None, command),
        also=lambda version: _record(
            dispute, staff, Dispute.Status.OVERTURNED, reason, StaffAction.What.OVERTURN, {"command": command}, version
        ),
    )


def _record(dispute, staff, status, reason, what, details, overturn_version=None):
    dispute.status, dispute.reason = status, reason
    dispute.decided_by, dispute.decided_at = staff, timezone.now()
    dispute.overturn_version = overturn_version
    dispute.save(update_fields=["status", "reason", "decided_by", "decided_at", "overturn_version"])
    staff_log.record(
        staff,
        what,
        reason,
        table=dispute.table,
        dispute=dispute,
        details={
            "ruling_version": dispute.version,
            **details,
            **({"version": overturn_version} if overturn_version else {}),
        },
    )


def _checked_reason(reason):
    return filing.written(
        reason, MAX_REASON, "Write the reason for your decision: the players involved are told it.", "The reason"
    )


def already_decided(dispute):
    who = dispute.decided_by.shown_name if dispute.decided_by else "staff"
    return f"This dispute was already decided: {who} {dispute.get_status_display()} the ruling."

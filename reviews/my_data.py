"""A player's disputes in their 'Download my data' (accounts.my_data): each they filed, with staff's
decision and reason as the player reads them on their profile (not which staff member decided)."""

from .models import Dispute


def disputes(user):
    return [
        {
            "table": str(dispute.table_id),
            "table_name": dispute.table.name,
            "ruling": dispute.version,
            "seat": dispute.seat,
            "text": dispute.text,
            "filed_at": dispute.filed_at,
            "status": dispute.status,
            "decided_at": dispute.decided_at,
            "reason": dispute.reason,
        }
        for dispute in Dispute.objects.filter(filed_by=user).select_related("table")
    ]

"""What players are shown of disputes: on the live table (games.live extra) and on their profile."""
from django.db.models import Q

from games.engines import get_engine
from games.models import Table
from games.seat_view import seat_names

from . import rulings
from .models import Dispute

TABLE_TEMPLATE = "reviews/_table_disputes.jinja"


def has_rulings(table):
    """Whether a move at the table may give a ruling (the game has rulings)."""
    return bool(get_engine(table.game).ruling_types)


def table_disputes(table, game):
    """The table's rulings with their disputes, for its live page (None for a game without rulings)."""
    found = rulings.rulings(table) if game.started else []
    if not found:
        return None
    disputes = {dispute.version: dispute for dispute in Dispute.objects.filter(table=table).select_related("filed_by")}
    names = seat_names(table)
    return {
        "template": TABLE_TEMPLATE,
        "window_open": rulings.window_open(table),
        "rulings": [
            {"version": ruling.version, "seats": ruling.seats, "sentence": rulings.named(ruling.sentence, names),
             "involved": [rulings.named(f"{{seat:{seat}}}", names) for seat in ruling.seats],
             "dispute": disputes.get(ruling.version)}
            for ruling in found
        ],
    }


def profile_disputes(user, limit=50):
    """The disputes a player filed or whose ruling involves them, newest first, with the ruling's sentence."""
    seats = dict(Table.objects.filter(seats__user=user).values_list("id", "seats__number"))
    candidates = (Dispute.objects.filter(Q(filed_by=user) | Q(table__in=list(seats)))
                  .select_related("table", "filed_by", "decided_by").order_by("-filed_at")[:limit * 4])
    mine = [d for d in candidates if d.filed_by_id == user.pk or seats.get(d.table_id) in d.seats][:limit]
    for dispute in mine:
        ruling = rulings.ruling_at(dispute.table, dispute.version)
        dispute.sentence = rulings.named(ruling.sentence, seat_names(dispute.table)) if ruling else ""
    return mine

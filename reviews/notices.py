"""What players are shown of disputes: on the live table (games.live.table_cache extra) and on their profile."""

from django.db.models import Q

from games.engines import get_engine
from games.models import Table
from games.play.seat_view import seat_names

from . import rulings
from .models import MAX_TEXT, Dispute

TABLE_TEMPLATE = "reviews/_table_disputes.jinja"
DIALOG_TEMPLATE = "reviews/_dispute_dialog.html"


def has_rulings(table):
    """Whether a move at the table may give a ruling (the game has rulings)."""
    return bool(get_engine(table.game).ruling_types)


def table_disputes(table, game):
    """The table's rulings with their disputes, for its live page (None for a game without rulings).

    A game with rulings has this part from its first frame, before any ruling: its ``page_template``, the
    dialog a seat files a dispute in, is drawn once with the page, and is there when the first ruling comes.
    """
    if not has_rulings(table):
        return None
    found = rulings.rulings(table) if game.started else []
    return {
        "template": TABLE_TEMPLATE,
        "page_template": DIALOG_TEMPLATE,
        "max_text": MAX_TEXT,
        "window_open": rulings.window_open(table),
        "rulings": _with_disputes(table, found) if found else [],
    }


def _with_disputes(table, found):
    """Each ruling of ``found`` with its seats named and its dispute (None while it has none)."""
    disputes = {dispute.version: dispute for dispute in Dispute.objects.filter(table=table).select_related("filed_by")}
    names = seat_names(table)
    return [
        {
            "version": ruling.version,
            "seats": ruling.seats,
            "sentence": rulings.named(ruling.sentence, names),
            "involved": [rulings.named(f"{{seat:{seat}}}", names) for seat in ruling.seats],
            "dispute": disputes.get(ruling.version),
        }
        for ruling in found
    ]


def profile_disputes(user, limit=50):
    """The disputes a player filed or whose ruling involves them, newest first, with the ruling's sentence."""
    seats = dict(Table.objects.filter(seats__user=user).values_list("id", "seats__number"))
    candidates = (
        Dispute.objects.filter(Q(filed_by=user) | Q(table__in=list(seats)))
        .select_related("table", "filed_by", "decided_by")
        .order_by("-filed_at")[: limit * 4]
    )
    mine = [d for d in candidates if d.filed_by_id == user.pk or seats.get(d.table_id) in d.seats][:limit]
    for dispute in mine:
        ruling = rulings.ruling_at(dispute.table, dispute.version)
        dispute.sentence = rulings.named(ruling.sentence, seat_names(dispute.table)) if ruling else ""
    return mine

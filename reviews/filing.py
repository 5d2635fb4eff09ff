"""A player disputes a ruling: who may, which ruling, what they say, and until when."""

from django.db import IntegrityError, transaction
from django.utils import formats

from games.engines import get_engine
from games.errors import BadRequest, Conflict, Forbidden, NotFound
from games.play import broadcast, game_state

from . import rulings
from .models import MAX_TEXT, Dispute


def file_dispute(table, user, version, text):
    """The new Dispute of the ruling at ``version``, by ``user``'s seat; a TableError with a sentence if not."""
    seat, ruling = disputable_by(table, user, version)
    text = _checked_text(text)
    try:
        with transaction.atomic():
            dispute = Dispute.objects.create(
                table=table, version=version, seats=list(ruling.seats), seat=seat, filed_by=user, text=text
            )
            tell_table(table)
    except IntegrityError:  # filed by someone else at the same moment
        raise Conflict(_already_disputed(Dispute.objects.get(table=table, version=version))) from None
    return dispute


def disputable_by(table, user, version):
    """(``user``'s seat, the ruling at ``version``) if that seat may dispute it now; else a TableError
    saying why: no rulings in this game, no seat, no such ruling, not involved, too late, disputed already."""
    engine = get_engine(table.game)
    if not engine.ruling_types:
        raise BadRequest(f"{engine.title} has no rulings to dispute.")
    seat = table.seat_of(user)
    if seat is None:
        raise Forbidden("Only the players at this table may dispute its rulings.")
    ruling = rulings.ruling_at(table, version) if isinstance(version, int) and 0 < version < 2**31 else None
    if ruling is None:
        raise NotFound(f"This table has no ruling at move {version}.")
    if seat not in ruling.seats:
        raise Forbidden("Only the players this ruling involves may dispute it, and it does not involve you.")
    if not rulings.window_open(table):
        closes = formats.date_format(rulings.window_closes(table), "DATETIME_FORMAT")
        raise Conflict(f"Disputes of this {engine.noun} closed on {closes}.")
    earlier = Dispute.objects.filter(table=table, version=version).select_related("filed_by").first()
    if earlier is not None:
        raise Conflict(_already_disputed(earlier))
    return seat, ruling


def _checked_text(text):
    return written(text, MAX_TEXT, "Say in a few words why the ruling is wrong: the text is required.", "Your text")


def written(text, limit, missing, called):
    """``text`` stripped, or BadRequest: ``missing`` when there is none, else why ``called`` (say "Your
    text") cannot be kept (longer than ``limit``, or holding a NUL)."""
    if not isinstance(text, str) or not text.strip():
        raise BadRequest(missing)
    text = text.strip()
    if len(text) > limit:
        raise BadRequest(f"{called} is {len(text)} characters long; keep it to {limit}.")
    if "\x00" in text:
        raise BadRequest(f"{called} holds a NUL character; send plain text.")
    return text


def _already_disputed(earlier):
    return f"This ruling is already disputed (by {earlier.filed_by.shown_name}); a ruling is disputed once."


def tell_table(table):
    """Everyone at the table sees the disputes again (their part of the live table is read anew)."""
    broadcast.table_changed(table, game_state.load(table).version, seating=True)

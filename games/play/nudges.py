"""Nudges: an e-mail telling a player it is their move at a turn-based table, when no page of theirs is open.

The command path (games.play.commands.run) asks ``new_turns`` which of the seats a change made awaited
(Engine.awaited_seats) are owed a nudge (a person's, not a bot's or a resigned one's) and ``record``s them
as Nudge rows in the change's own transaction: a change that rolls back owes nobody a message. Once it commits, the
sending job (games.tasks.send_turn_nudges) is queued for each such player NUDGE_BATCH_SECONDS later, so
that the turns beginning meanwhile, at any of their tables, leave in the same message.

The job, ``send_pending``, locks the player's pending rows and settles each in one transaction: skipped
(``how`` says why) when its turn is over, a later turn at the table replaced it, a page of the room is
open (the page told them), or the player did not opt in or has no verified address (accounts.turn_emails);
otherwise mailed, every table in one message (games.play.nudge_mail). A second run of the job (a broker's
redelivery) finds nothing pending; a mail server's failure rolls the whole back, and the job is retried.
Beat's sweep (``send_lost``) sends what a job lost in the broker left waiting. Once a table has ended its
rows are bookkeeping nobody needs, and ``forget_ended`` deletes them.
"""

import logging
from datetime import timedelta

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts import presence, turn_emails
from accounts.models import User
from games.errors import DamagedLog
from games.models import Deadline, Nudge, Seat, Table
from games.play import game_state, nudge_mail

log = logging.getLogger(__name__)

SEND_TASK = "games.send_turn_nudges"  # games.tasks, named: the command path cannot import the jobs

EMAIL = "email"
TURN_OVER = "skipped: the turn was over"
LATER_TURN = "skipped: a later turn at the table"
PAGE_OPEN = "skipped: a page of the room was open"
NOT_OPTED_IN = "skipped: not opted in"
NO_ADDRESS = "skipped: no verified address"


# --- the command path's side ------------------------------------------------------------


def new_turns(table, engine, after, newly):
    """Of ``newly`` (the seats a change to ``after`` made awaited: Engine.awaited_seats), those a turn-based
    table owes a nudge: not a bot's or a resigned seat; none at a live table."""
    if not table.turn_based or not newly:
        return frozenset()
    return newly - engine.seats_with_bot(after) - engine.resigned_seats(after)


def record(table, seats, version):
    """In the change's transaction: a Nudge for each person holding one of ``seats`` (from ``new_turns``),
    whose turn began at ``version``; once committed, their sending job is queued."""
    if not seats:
        return
    people = list(Seat.objects.filter(table=table, number__in=seats, bot="").values_list("number", "user_id"))
    if not people:
        return
    Nudge.objects.bulk_create(
        [Nudge(user_id=user_id, table=table, seat=seat, version=version) for seat, user_id in people],
        ignore_conflicts=True,  # one per table per move, whoever records it
    )
    users = sorted({user_id for _, user_id in people})
    transaction.on_commit(lambda: _queue(users), robust=True)


def _queue(user_ids):
    """The sending job for each player, NUDGE_BATCH_SECONDS from now. A job the broker never gets only
    waits for beat's sweep (``send_lost``): the row is the promise."""
    for user_id in user_ids:
        try:
            current_app.send_task(SEND_TASK, args=[user_id], countdown=settings.NUDGE_BATCH_SECONDS)
        except Exception:
            log.warning("Could not queue the turn e-mail of user %s; beat's sweep sends it.", user_id, exc_info=True)


# --- the job's side ---------------------------------------------------------------------


def send_pending(user_id, now=None):
    """Settle the player's pending nudges, mailing those still due in one message. Returns how many tables
    the message listed (0: none sent). Raises what the mail server raised, having written nothing."""
    with transaction.atomic():
        pending = list(
            Nudge.objects.select_for_update(skip_locked=True, of=("self",))
            .filter(user_id=user_id, sent_at__isnull=True)
            .select_related("table")
            .order_by("table_id", "-version")
        )
        if not pending:
            return 0
        now = now or timezone.now()
        user = User.objects.get(pk=user_id)
        outcome = _settled(user, pending, now)
        due = [nudge for nudge in pending if outcome[nudge.pk] == EMAIL]
        if due:
            nudge_mail.send(user, turn_emails.address(user), [_turn(nudge, now) for nudge in due], now)
        for nudge in pending:
            nudge.sent_at, nudge.how = now, outcome[nudge.pk]
        Nudge.objects.bulk_update(pending, ["sent_at", "how"])
        return len(due)


def send_lost(now=None):
    """Beat's sweep: send the nudges still pending well after their job's time (a job the broker lost).
    Returns how many tables were mailed; a player whose mail fails now waits for the next sweep."""
    now = now or timezone.now()
    late = now - timedelta(seconds=settings.NUDGE_BATCH_SECONDS + settings.NUDGE_SWEEP_SECONDS)
    users = Nudge.objects.filter(sent_at__isnull=True, created_at__lt=late).values_list("user_id", flat=True)
    mailed = 0
    for user_id in sorted(set(users)):
        try:
            mailed += send_pending(user_id, now)
        except Exception:  # one player's failure (the mail server's, most likely) must not hold up the others'
            log.warning("Turn e-mail of user %s failed; the next sweep tries again.", user_id, exc_info=True)
    return mailed


def _settled(user, pending, now):
    """{nudge id: how} for ``pending`` (ordered by table, latest turn first): EMAIL for those to mail now."""
    outcome, seen_tables = {}, set()
    for nudge in pending:
        if nudge.table_id in seen_tables:
            outcome[nudge.pk] = LATER_TURN
        else:
            outcome[nudge.pk] = EMAIL if _still_awaited(nudge) else TURN_OVER
        seen_tables.add(nudge.table_id)
    if EMAIL in outcome.values():
        why_not = _why_not_mailed(user, now)
        if why_not:
            outcome = {pk: why_not if how == EMAIL else how for pk, how in outcome.items()}
    return outcome


def _still_awaited(nudge):
    """Whether the table still runs and waits on the nudge's seat (a damaged log stops its play: no)."""
    table = nudge.table
    if table.status != Table.Status.RUNNING or table.damaged_at is not None:
        return False
    try:
        game = game_state.load(table)
    except DamagedLog:
        return False
    return nudge.seat in game.engine.awaited_seats(game.state)


def _why_not_mailed(user, now):
    """Why the player gets no e-mail now (a "skipped: ..." reason), or None to mail them."""
    if not user.turn_emails or not user.is_active or user.deleted_at is not None:
        return NOT_OPTED_IN
    if presence.page_open(user, now):
        return PAGE_OPEN
    if turn_emails.address(user) is None:
        return NO_ADDRESS
    return None


def _turn(nudge, now):
    """What the message says of one table: a nudge_mail.Turn."""
    table = nudge.table
    due_at = (
        Deadline.objects.filter(table=table, kind=Deadline.Kind.TURN, seat=nudge.seat, fired_at__isnull=True)
        .order_by("-version")
        .values_list("due_at", flat=True)
        .first()
    )
    return nudge_mail.Turn(table=table, due_at=due_at if due_at and due_at > now else None)


def forget_ended():
    """Delete the nudges of the tables that have ended (finished, or closed unstarted); returns how many.
    A pending one of such a table would only be skipped: its turn is over."""
    ended = (Table.Status.FINISHED, Table.Status.CLOSED)
    return Nudge.objects.filter(table__status__in=ended).delete()[0]

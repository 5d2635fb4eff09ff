"""A player who deleted their account (accounts.signals.account_deleted) lets go of their tables, inside
the deletion's transaction (docs/rulings.md, "Deleting an account").

A game in play is resigned from their seat through the command path, as the player could have done
(docs/rulings.md, "Resign"): with one opponent left the game ends and that opponent wins, otherwise a bot
plays the seat to the end. A table still waiting for players is left, or closed if they host it (nobody
else may start it); a rematch's kept seat is declined; a place in Play now's queue is given up. The tables
they hosted are renamed for nobody ("a former player's Spite table"): a host's name for a table was theirs
to choose, and may name them in words no check could find. Every table they sat at is told its seats
changed, so each process's live page reads its players again and draws "a former player".
"""

from accounts.leaving import NotNow
from games.engines.turn_clock import RESIGN
from games.errors import Conflict, DamagedLog, NotFound
from games.models import Nudge, Table
from games.play import broadcast, commands
from games.tables import closing, lobby, play_now, rematch
from games.tables.table_names import default_name


def let_go(sender, user, **kwargs):
    """``account_deleted``'s receiver: NotNow, rolling the deletion back, if a game stays too busy to resign."""
    _leave_queue(user)
    for table in Table.objects.filter(awaiting=user):
        rematch.decline_rematch(table, user)
    sat_at = Table.objects.filter(seats__user=user)
    for table in sat_at.filter(status=Table.Status.OPEN):
        _leave_open(table, user)
    for table in sat_at.filter(status=Table.Status.RUNNING):
        _resign(table, user)
    _rename_hosted(user)
    Nudge.objects.filter(user=user).delete()  # the turn e-mails owed to them: nobody is left to write to
    for table in sat_at.exclude(status=Table.Status.CLOSED):
        broadcast.table_changed(table, 0, seating=True)
    broadcast.lobby_changed()


def _leave_queue(user):
    try:
        play_now.leave(user)
    except (NotFound, Conflict):
        pass  # in no queue, or seated by it already: the seat is let go of at its table


def _leave_open(table, user):
    if table.host_id == user.pk:
        closing.close_for_departed_host(table)
    else:
        lobby.leave_table(table, user)


def _resign(table, user):
    try:
        commands.submit(table, user, {"type": RESIGN}, None)
    except commands.Refused:
        pass  # resigned already, or the game ended as it was read
    except DamagedLog:
        pass  # play is stopped there; staff see the table in the review queue
    except Conflict as busy:
        raise NotNow(f"{busy.message} Your account was not deleted; try again in a moment.") from None


def _rename_hosted(user):
    hosted = Table.objects.filter(host=user)
    for game in hosted.values_list("game", flat=True).distinct():
        hosted.filter(game=game).update(name=default_name(user, game))

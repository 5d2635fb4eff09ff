"""Staff powers at a table: who may use them there, and the record of every look at a game's hidden cards.

Staff and reviewers may see every hand of a game in play and judge its rulings, but never at a table where
they hold or held a seat in the match: a player reads no other hand and judges no ruling of their own game.
Every staff path asks ``require_outsider`` first (the replay of a game in play, the review pages and
decisions, staff commands, the admin's event pages), and every staff look at a running game's hidden
information is told through ``shown_hidden`` to the staff log (which the reviews app keeps: games never
imports it).
"""

from accounts import staff
from events.models import Event
from games import signals
from games.errors import Forbidden


def played_in(table, user):
    """Whether ``user`` holds or held a seat in the table's match.

    A seat's row says so: once the game is dealt no seat is given up, and a seat handed to a bot keeps its
    player's account. A move the user made in the table's stream says so too, so that a seat given up by
    any other way still counts.
    """
    if not getattr(user, "is_authenticated", False):
        return False
    return (
        table.seats.filter(user=user).exists()
        or Event.objects.filter(stream=table.stream, actor_kind=Event.Actor.USER, actor_user=user).exists()
    )


def require_outsider(table, user, power):
    """Forbidden, with a sentence, when ``user`` holds or held a seat in the table's match, or came without
    the second factor; ``power`` says what they may not do there ("replay this game while it runs").

    Pages, the API and the table sockets mark their user with the session it came with
    (accounts.staff.mark_second_factor; an API token with none), and the second factor is asked of it here."""
    if not staff.user_passed_second_factor(user):
        raise Forbidden(
            f"To {power}, staff need two-factor authentication: enter a code from your authenticator app "
            "(/accounts/2fa/reauthenticate/) in this session first."
        )
    if played_in(table, user):
        raise Forbidden(
            f"You have a seat in this match, so you may not {power}: staff powers are used only "
            "where one has none, and another member of staff will do it."
        )


def shown_hidden(table, user, what, **details):
    """Tell the staff log that ``user`` was shown hidden information of the game in play at ``table``:
    ``what`` says what, in words ("the replay at step 11, every hand open")."""
    signals.hidden_information_shown.send(sender=shown_hidden, table=table, user=user, what=what, details=details)

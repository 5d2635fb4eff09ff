"""The turn e-mail (games.play.nudges): one message listing every table where it became the player's move,
in plain text and HTML (templates/games/email/), with a one-click opt-out link in its text and in the
List-Unsubscribe headers (RFC 8058), so that a mail program can offer "Unsubscribe" itself.
"""

from dataclasses import dataclass
from datetime import datetime

from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.timesince import timeuntil

from accounts import turn_emails
from games.models import Table


@dataclass(frozen=True)
class Turn:
    """A table where it is the player's move; ``due_at``: when the move's time and bank run out, if known."""

    table: Table
    due_at: datetime | None

    @property
    def name(self):
        return one_line(str(self.table))

    @property
    def url(self):
        """The table's page through the log-in page, which sends a logged-in player straight on: a private
        table's page is not found by a player the mail finds logged out."""
        table_page = reverse("table", kwargs={"table_id": self.table.pk})
        return turn_emails.absolute(f"{reverse('account_login')}?{urlencode({'next': table_page})}")


def send(user, address, turns, now):
    """Mail ``turns`` (Turn, at least one) to ``user`` at ``address``; raises what the mail server raises."""
    opt_out = turn_emails.opt_out_url(user)
    context = {
        "player": user,
        "turns": [{"turn": turn, "left": _left(turn, now)} for turn in soonest_first(turns)],
        "opt_out_url": opt_out,
    }
    message = EmailMultiAlternatives(
        subject=subject(turns),
        body=render_to_string("games/email/turn_nudge.txt", context),
        to=[address],
        headers={"List-Unsubscribe": f"<{opt_out}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
    )
    message.attach_alternative(render_to_string("games/email/turn_nudge.html", context), "text/html")
    message.send()


def subject(turns):
    """ "Your move at <table>", or "Your move at 3 tables"."""
    return f"Your move at {turns[0].name}" if len(turns) == 1 else f"Your move at {len(turns)} tables"


def soonest_first(turns):
    """``turns`` by the time their moves run out, those without a deadline last."""
    return sorted(turns, key=lambda turn: (turn.due_at is None, turn.due_at or 0))


def _left(turn, now):
    """The time left for the move in words ("1 day, 23 hours"), or None when the table has no deadline for it."""
    return timeuntil(turn.due_at, now, depth=2) if turn.due_at else None


def one_line(text):
    """``text`` on one line: a header may not hold a line break."""
    return " ".join(text.split())

"""Who reviews disputes: staff, and accounts given the "reviewer" permission, never at a table where they
hold or held a seat in the match (games.play.staff_powers)."""

from functools import wraps

from django.contrib.auth.models import Permission
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Q

from accounts.staff import second_factor_required
from games.models import Table
from games.play import staff_powers

from . import staff_log
from .models import StaffAction

REVIEWER_PERMISSION = "reviews.reviewer"


def is_reviewer(user):
    """Active staff, or an active account given the permission itself or through one of its groups.

    As ``user.has_perm`` decides it with the model backend (the only one), in one query that asks for
    this permission alone, instead of loading every permission the account has (two queries on every
    page, for the navigation's Review link).
    """
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    if user.is_staff or user.is_superuser:
        return True
    app_label, codename = REVIEWER_PERMISSION.split(".")
    return Permission.objects.filter(
        Q(user=user) | Q(group__user=user), codename=codename, content_type__app_label=app_label
    ).exists()


def review_link(request):
    """Context processor: ``may_review``, asked only by a page that draws the navigation."""
    return {"may_review": lambda: is_reviewer(request.user)}


def reviewer_required(view):
    """A page for reviewers: the logged out go to the log-in page, anyone else logged in gets 403, and a
    reviewer whose session has not passed the second factor is sent to it (accounts.staff)."""
    staff_page = second_factor_required(view)

    @wraps(view)
    def checked(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_reviewer(request.user):
            raise PermissionDenied("Only staff review disputes.")
        return staff_page(request, *args, **kwargs)

    return checked


def require_impartial(table, user):
    """Forbidden unless ``user`` holds no seat in the table's match: nobody reviews a game they play or
    played, even once it is over."""
    staff_powers.require_outsider(table, user, "review this match's disputes")


def review_opened(dispute, user, what):
    """``user`` opens ``dispute`` to review it: Forbidden for a player of its match; while the game runs,
    what the review shows of the hands (``what``) is a staff-log entry."""
    require_impartial(dispute.table, user)
    if dispute.table.status != Table.Status.FINISHED:
        staff_log.record(user, StaffAction.What.VIEW, what, table=dispute.table, dispute=dispute)

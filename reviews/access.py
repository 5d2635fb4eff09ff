"""Who reviews disputes: staff, and accounts given the "reviewer" permission."""
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied

REVIEWER_PERMISSION = "reviews.reviewer"


def is_reviewer(user):
    return bool(getattr(user, "is_authenticated", False)
                and user.is_active and (user.is_staff or user.has_perm(REVIEWER_PERMISSION)))


def reviewer_required(view):
    """A page for reviewers: the logged out go to the log-in page, anyone else logged in gets 403."""
    @wraps(view)
    def checked(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_reviewer(request.user):
            raise PermissionDenied("Only staff review disputes.")
        return view(request, *args, **kwargs)

    return checked

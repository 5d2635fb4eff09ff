"""Two-factor authentication required of staff.

Staff (anyone the review pages let in, ``is_staff`` or ``is_superuser``) open the staff pages (the review
pages, reviews.access, and the admin) only with a TOTP authenticator and in a session that passed the
second factor: at log-in (allauth's code step), at allauth's re-authentication with a code, or by
activating TOTP in this session (its code proved the app, so it counts too; allauth does not record
that as a second factor, ``count_activation`` does). Otherwise the page sends them to set TOTP up, or
to enter a code and come back, with a message saying why.

The staff API (reviews.api) answers 403 with a sentence unless the request comes with such a session.
HTTP Basic and API tokens prove a password or a key, never the second factor, so they are refused on
staff endpoints whoever holds them: scripts act as players, staff work from a browser.
"""

from functools import wraps
from types import SimpleNamespace

from allauth.account.authentication import get_authentication_records
from allauth.account.internal.flows.login import record_authentication
from allauth.account.internal.flows.reauthentication import suspend_request
from allauth.mfa.models import Authenticator
from allauth.mfa.utils import is_mfa_enabled
from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import BasePermission

SET_UP = "Staff pages need two-factor authentication: set it up here."
ENTER_CODE = "Staff pages need two-factor authentication: enter a code from your authenticator app to go on."
API_SESSION_ONLY = (
    "Staff endpoints need a logged-in session that passed two-factor authentication: "
    "HTTP Basic and API tokens are refused here."
)
API_SET_UP = "Staff endpoints need two-factor authentication: set up an authenticator app at /accounts/2fa/ first."
API_ENTER_CODE = (
    "Staff endpoints need two-factor authentication: enter a code from your authenticator app in this "
    "session first (/accounts/2fa/reauthenticate/)."
)


def is_staff_member(user):
    """An active account with the admin's powers (the review pages decide for themselves who reviews)."""
    return getattr(user, "is_authenticated", False) and user.is_active and (user.is_staff or user.is_superuser)


def has_totp(user):
    return is_mfa_enabled(user, [Authenticator.Type.TOTP])


def session_passed_second_factor(session, user):
    """Whether ``user`` entered a second-factor code in ``session`` (allauth's records of the session)."""
    records = get_authentication_records(SimpleNamespace(session=session), user)
    return any(record.get("method") == "mfa" for record in records)


def second_factor_passed(request):
    return has_totp(request.user) and session_passed_second_factor(request.session, request.user)


def mark_second_factor(user, session):
    """Notes on ``user`` (a request's or a socket's object, never saved) the session it came with, for the
    staff powers at tables (games.play.staff_powers), which see a user but no request and ask
    ``user_passed_second_factor`` when a power is used: after a code entered in the same request, too (allauth's
    re-authentication resumes the request it held). ``session`` None: an API token, which proves no factor."""
    user.second_factor_session = session
    return user


def user_passed_second_factor(user):
    """Whether a staff member's marked session passed the second factor. A user nobody marked came from no
    request (a test, a shell, a task) and is taken as it is."""
    if not hasattr(user, "second_factor_session"):
        return True
    session = user.second_factor_session
    if session is None:
        return False
    return has_totp(user) and session_passed_second_factor(session, user)


class SecondFactorMiddleware:
    """Marks the request's user (mark_second_factor) for the staff powers that pages and the API reach."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.user.is_authenticated:
            mark_second_factor(request.user, request.session)
        return self.get_response(request)


def to_second_factor(request):
    """The way to a staff page for one whose session has not passed the second factor: set TOTP up, or
    enter a code (the request, a POST too, goes on afterwards: allauth's re-authentication keeps it)."""
    if not has_totp(request.user):
        messages.warning(request, SET_UP)
        return redirect("mfa_activate_totp")
    messages.warning(request, ENTER_CODE)
    return suspend_request(request, reverse("mfa_reauthenticate"))


def second_factor_required(view):
    """A staff page's view (its caller decided the user is staff): without the second factor, the way to it."""

    @wraps(view)
    def checked(request, *args, **kwargs):
        if not second_factor_passed(request):
            return to_second_factor(request)
        return view(request, *args, **kwargs)

    return checked


def guard_admin(admin_view):
    """``AdminSite.admin_view`` (which every admin page but its log-in and log-out passes through), asking
    staff for the second factor before the admin's own checks."""

    @wraps(admin_view)
    def guarded_admin_view(view, cacheable=False):
        admin_page = admin_view(view, cacheable)

        @wraps(admin_page)
        def checked(request, *args, **kwargs):
            if is_staff_member(request.user) and not second_factor_passed(request):
                return to_second_factor(request)
            return admin_page(request, *args, **kwargs)

        return checked

    return guarded_admin_view


class SecondFactorPassed(BasePermission):
    """A staff endpoint's (after the check that the user is staff): a session that passed the second
    factor, else 403 with the sentence saying what is missing."""

    def has_permission(self, request, view):
        if not isinstance(request.successful_authenticator, SessionAuthentication):
            raise PermissionDenied(API_SESSION_ONLY)
        if not has_totp(request.user):
            raise PermissionDenied(API_SET_UP)
        if not session_passed_second_factor(request.session, request.user):
            raise PermissionDenied(API_ENTER_CODE)
        return True


def count_activation(sender, request, user, authenticator, **kwargs):
    """allauth.mfa's ``authenticator_added``: activating TOTP took a code from the app, so the session
    has passed the second factor (recorded as allauth records a code entered at log-in)."""
    if authenticator.type == Authenticator.Type.TOTP and request is not None:
        record_authentication(request, user, "mfa", id=authenticator.pk, type=authenticator.type, activated=True)

"""HTTP Basic for API clients: a 401 challenge, and the log-in throttles' refusals as 429 or 503."""

from drf_spectacular import authentication as spectacular_authentication
from rest_framework import authentication, exceptions
from rest_framework.permissions import SAFE_METHODS

from .throttling import Refused


class RefusedForNow(exceptions.APIException):
    """A throttled (429) or busy (503) refusal; DRF's handler turns ``wait`` into Retry-After."""

    def __init__(self, refusal):
        super().__init__(refusal.message)
        self.status_code = refusal.status
        self.wait = refusal.retry_after


class BasicAuthentication(authentication.BasicAuthentication):
    """DRF's HTTP Basic (realm "api"), listed first in REST_FRAMEWORK: DRF asks the first class for
    the challenge, so an unauthenticated request is answered 401 with ``WWW-Authenticate``.

    A browser that was given Basic credentials at such a challenge sends them with every request
    to the site, even one another site's page makes; unlike a session, nothing checks CSRF then.
    So Basic credentials on a write that a browser says comes from another site are refused.

    A request that carries a logged-in session is no log-in attempt: its Basic header, right or
    wrong, is left unchecked (no password hashed, no failure counted against anyone), and the session
    authenticates it, with the session's CSRF check on writes.
    """

    def authenticate(self, request):
        if _session_user(request) is not None:
            return None
        return super().authenticate(request)

    def authenticate_credentials(self, userid, password, request=None):
        if _written_from_another_site(request):
            raise exceptions.PermissionDenied("HTTP Basic credentials are not accepted from another site's page.")
        try:
            return super().authenticate_credentials(userid, password, request)
        except Refused as refusal:
            raise RefusedForNow(refusal) from refusal


def _session_user(request):
    """The active user the request's session is logged in as (Django's middleware), or None."""
    user = getattr(request._request, "user", None)
    return user if user is not None and user.is_authenticated and user.is_active else None


def _written_from_another_site(request):
    return (
        request is not None
        and request.method not in SAFE_METHODS
        and request.META.get("HTTP_SEC_FETCH_SITE") in ("cross-site", "same-site")
    )


class BasicScheme(spectacular_authentication.BasicScheme):
    """The OpenAPI schema describes this class as DRF's HTTP Basic."""

    target_class = "accounts.authentication.BasicAuthentication"

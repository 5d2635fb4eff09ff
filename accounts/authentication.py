"""API tokens (accounts.tokens) on the API: ``Authorization: Bearer <key>``, and a 401 challenge without one.

"Bearer" (RFC 6750) rather than DRF's own "Token": it is the scheme HTTP clients and OpenAPI know (curl's
``--oauth2-bearer``, an ``http``/``bearer`` security scheme, which Swagger UI's Authorize box fills in
from the key alone).
"""

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from . import staff, tokens


class TokenAuthentication(authentication.TokenAuthentication):
    """DRF's token authentication, finding the key by its hash. Listed first in REST_FRAMEWORK: DRF asks
    the first class for the challenge, so an unauthenticated request is answered 401 with
    ``WWW-Authenticate: Bearer realm="api"``.

    A browser never sends this header by itself (unlike cookies or HTTP Basic credentials it was once
    given), so a request carrying it needs no CSRF check; the browser's pages use the session, checked.
    """

    keyword = "Bearer"

    def authenticate(self, request):
        scheme = authentication.get_authorization_header(request).split(b" ", 1)[0].lower()
        if scheme == b"basic" and not _logged_in(request):
            raise exceptions.AuthenticationFailed(
                "HTTP Basic is no longer accepted: make an API token on your profile page and send it "
                'as "Authorization: Bearer <token>".'
            )
        return super().authenticate(request)

    def authenticate_credentials(self, key):
        token = tokens.find(key)
        if token is None:
            raise exceptions.AuthenticationFailed(
                "This API token is not valid (it may have been revoked): make a new one on your profile page."
            )
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed("This API token's account is disabled.")
        tokens.used(token)
        # A token proves a key, never the second factor: no staff power at a table with it.
        return staff.mark_second_factor(token.user, None), token

    def authenticate_header(self, request):
        return f'{self.keyword} realm="api"'


def _logged_in(request):
    """Whether the request's session (Django's middleware) is logged in: a browser that once gave HTTP Basic
    credentials may still send them with every request, and its session answers for it."""
    user = getattr(request._request, "user", None)
    return user is not None and user.is_authenticated


class TokenScheme(OpenApiAuthenticationExtension):
    """The OpenAPI schema describes TokenAuthentication as an HTTP bearer scheme."""

    target_class = "accounts.authentication.TokenAuthentication"
    name = "tokenAuth"
    priority = 1  # before drf-spectacular's own for DRF's TokenAuthentication, which would say "Token"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "An API token made on your profile page or with POST /api/tokens/.",
        }

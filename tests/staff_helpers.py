"""Staff who passed the second factor (accounts.staff), made with allauth's own functions: a TOTP
authenticator, and the session's record that a code was entered in it; in a browser, the code entered."""

import time

from allauth.account.internal.flows.login import record_authentication
from allauth.mfa import app_settings
from allauth.mfa.models import Authenticator
from allauth.mfa.totp.internal.auth import TOTP, format_hotp_value, generate_totp_secret, hotp_value
from django.http import HttpRequest
from rest_framework.test import APIClient


def give_totp(user):
    """``user`` gets an authenticator app; returns its secret (for ``totp_code``)."""
    secret = generate_totp_secret()
    TOTP.activate(user, secret)
    return secret


def totp_code(secret):
    """The code the app shows now, from a period with at least two seconds left (so that it is still
    the current one when it arrives)."""
    left = app_settings.TOTP_PERIOD - time.time() % app_settings.TOTP_PERIOD
    if left < 2:
        time.sleep(left + 0.1)
    return format_hotp_value(hotp_value(secret, int(time.time()) // app_settings.TOTP_PERIOD))


def pass_second_factor(client, user):
    """``client`` (a Django or DRF test client) logged in as ``user``, given TOTP if it has none, in a
    session that passed the second factor as a log-in with a code does."""
    client.force_login(user)
    authenticator = Authenticator.objects.filter(user=user, type=Authenticator.Type.TOTP).first()
    if authenticator is None:
        give_totp(user)
        authenticator = Authenticator.objects.get(user=user, type=Authenticator.Type.TOTP)
    session = client.session
    request = HttpRequest()
    request.session, request.user = session, user
    record_authentication(request, user, "mfa", id=authenticator.pk, type=authenticator.type)
    session.save()
    return client


def staff_api(user):
    """A DRF test client for ``user``'s staff endpoints: a session that passed the second factor."""
    return pass_second_factor(APIClient(), user)


def enter_code(page, secret):
    """A browser ``page`` at allauth's code step (the log-in's, or re-authentication's) enters the app's code."""
    page.fill("main input[name=code]", totp_code(secret))
    page.locator("main button[type=submit]").first.click()

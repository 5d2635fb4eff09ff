"""API tokens: a player makes one with a name, a script sends its key, the player revokes it.

A key is ``secrets.token_urlsafe(32)``: 32 random bytes nobody can guess. So a plain SHA-256 of it is
kept, not a password hasher's slow hash (slowness only protects secrets that can be guessed), and a
request's key is found through the hash's unique index in one query, with no throttle on failures.
The key itself is returned once, by ``create``, and kept nowhere.

Revoking deletes the row: nothing about a revoked token is worth keeping, and a deleted hash matches
no key. ``last_used`` is written at most once every ``TOUCH_EVERY`` per token, so a script calling
many times a second costs one UPDATE a minute, not one a request (as accounts.presence does).
"""

import hashlib
import secrets
import unicodedata
from datetime import timedelta

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from .models import API_TOKEN_NAME_MAX_LENGTH, ApiToken, User
from .visible_text import visible

MAX_TOKENS_PER_USER = 20
TOUCH_EVERY = timedelta(minutes=1)


def token_name(raw):
    """The name to keep: ``raw`` without invisible characters (accounts.visible_text) and with its spaces
    tidied. ValidationError, with a sentence, for control characters, no visible character, or too long."""
    name = visible(raw)
    if any(unicodedata.category(character) == "Cc" for character in name):
        raise ValidationError("A token's name may not hold control characters (a tab, a new line).", code="control")
    name = " ".join(name.split())
    if not name:
        raise ValidationError("A token's name needs at least one visible character.", code="blank")
    if len(name) > API_TOKEN_NAME_MAX_LENGTH:
        raise ValidationError(
            f"A token's name is at most {API_TOKEN_NAME_MAX_LENGTH} characters long.", code="max_length"
        )
    return name


def create(user, name):
    """A new token of ``user`` named ``name`` (already through ``token_name``), and its key, which is
    shown to the player this once. ValidationError when they already hold MAX_TOKENS_PER_USER."""
    key = secrets.token_urlsafe(32)
    with transaction.atomic():
        # Two makes at once would both count one below the limit and pass it: the user's row orders them.
        User.objects.select_for_update().filter(pk=user.pk).first()
        if ApiToken.objects.filter(user=user).count() >= MAX_TOKENS_PER_USER:
            raise ValidationError(
                f"You already have {MAX_TOKENS_PER_USER} API tokens, the most one may hold: revoke one first.",
                code="too_many",
            )
        token = ApiToken.objects.create(user=user, name=name, key_hash=key_hash(key))
    return token, key


def find(key):
    """The token whose key is ``key``, with its user, or None."""
    return ApiToken.objects.select_related("user").filter(key_hash=key_hash(key)).first()


def used(token, now=None):
    """Note that a request came with ``token`` now; a write only when its last one is old."""
    now = now or timezone.now()
    if token.last_used is not None and now - token.last_used < TOUCH_EVERY:
        return
    stale = Q(last_used__isnull=True) | Q(last_used__lte=now - TOUCH_EVERY)
    ApiToken.objects.filter(stale, pk=token.pk).update(last_used=now)
    token.last_used = now


def revoke(user, token_id):
    """Delete ``user``'s token ``token_id``; False if they hold no such token (another's is not theirs)."""
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    return bool(deleted)


def key_hash(key):
    return hashlib.sha256(key.encode()).hexdigest()

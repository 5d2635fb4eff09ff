"""Who is around: when each player was last seen, kept coarsely.

A player is seen when a page is served to them (``SeenMiddleware``) and, while a table's page of theirs is
open, by its websocket's heartbeats (games.live.heartbeats calls ``seen_many`` once a minute for the
connections taking part). The time is written at most once every ``SEEN_EVERY`` for a player, so being
around costs one UPDATE a minute, not one a request. "Online" is seen within ``ONLINE_WITHIN``; a player's
page says when they were last seen in words as coarse as "today" or "this week", unless they hide it.

Watchers are counted the same way: a table's websocket opened by someone without a seat there is a
``Watching`` row from connecting to disconnecting, its time renewed by the heartbeats with the rest. A row
not renewed within ``WATCHING_FRESH`` (a process that died with its sockets) no longer counts.
"""

from datetime import timedelta

from django.db.models import Q
from django.utils import timezone

from .models import User, Watching

SEEN_EVERY = timedelta(minutes=1)
ONLINE_WITHIN = timedelta(minutes=5)
WATCHING_FRESH = 3 * SEEN_EVERY
# A page of the room counts as open while it was seen this recently: an open table page's heartbeats write
# ``last_seen`` once every SEEN_EVERY, so twice that allows one write's lateness.
PAGE_OPEN_WITHIN = 2 * SEEN_EVERY


def seen(user, now=None):
    """Note that ``user`` (a logged-in User) is around now; a write only when the last one is old."""
    now = now or timezone.now()
    if user.last_seen is not None and now - user.last_seen < SEEN_EVERY:
        return
    User.objects.filter(pk=user.pk).update(last_seen=now)
    user.last_seen = now


def seen_many(user_ids, now=None):
    """Note that the users ``user_ids`` are around now, in one UPDATE of those whose time is old."""
    now = now or timezone.now()
    stale = Q(last_seen__isnull=True) | Q(last_seen__lt=now - SEEN_EVERY)
    User.objects.filter(stale, pk__in=set(user_ids)).update(last_seen=now)


def page_open(user, now=None):
    """Whether ``user`` has a page of the room open, as far as ``last_seen`` tells: seen within
    PAGE_OPEN_WITHIN. Such a player is told of their turn in the page, not by e-mail."""
    if user.last_seen is None:
        return False
    return (now or timezone.now()) - user.last_seen < PAGE_OPEN_WITHIN


def online_count(now=None):
    """How many players were seen within ONLINE_WITHIN."""
    now = now or timezone.now()
    return User.objects.filter(is_active=True, last_seen__gte=now - ONLINE_WITHIN).count()


def last_seen_words(user, now=None):
    """When ``user`` was last seen, coarsely: "today", "this week", "this month" or "more than a month ago";
    None if never (since this was kept)."""
    if user.last_seen is None:
        return None
    ago = (now or timezone.now()) - user.last_seen
    for within, words in (
        (timedelta(days=1), "today"),
        (timedelta(days=7), "this week"),
        (timedelta(days=30), "this month"),
    ):
        if ago < within:
            return words
    return "more than a month ago"


def started_watching(channel, table_id, user):
    """The socket ``channel`` shows table ``table_id`` to ``user`` (maybe anonymous), who has no seat there."""
    Watching.objects.update_or_create(
        channel=channel,
        defaults={"table_id": table_id, "user": user if user.is_authenticated else None, "seen_at": timezone.now()},
    )


def stopped_watching(channel):
    Watching.objects.filter(channel=channel).delete()


def still_watching(channels, now=None):
    """The sockets ``channels`` are still open (a heartbeat sweep): renew them, and forget the rows nobody renewed."""
    now = now or timezone.now()
    Watching.objects.filter(channel__in=list(channels)).update(seen_at=now)
    Watching.objects.filter(seen_at__lt=now - WATCHING_FRESH).delete()


def watcher_counts(seated_by_table, now=None):
    """How many people watch each table, {table id: count}, for ``seated_by_table`` ({table id: the user ids
    seated there}, who never count as watchers): each logged-in user once, however many pages they have
    open, and each anonymous page."""
    now = now or timezone.now()
    rows = Watching.objects.filter(table_id__in=list(seated_by_table), seen_at__gte=now - WATCHING_FRESH)
    people = {table_id: set() for table_id in seated_by_table}
    for table_id, user_id, channel in rows.values_list("table_id", "user_id", "channel"):
        if user_id not in seated_by_table[table_id]:
            people[table_id].add(user_id if user_id is not None else channel)
    return {table_id: len(watchers) for table_id, watchers in people.items()}


class SeenMiddleware:
    """Notes a logged-in user as seen with each page served to them (at most one write a minute)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            seen(user)
        return response

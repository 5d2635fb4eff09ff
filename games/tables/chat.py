"""Table chat: short messages from the logged-in people at a table, seated players and watchers alike.

Where it is kept: the event store, in a stream of its own per table, ``chat-<table id>``, one event
``said`` per message (``{"type": "said", "text": ...}``, its author as the event's actor). Never the
game's stream: a chat line there would bump the game's version and make the players' moves stale.
The store is append-only, so a message stays as it was said, and each keeps its time (the event's
``created_at``): ``lines(table)`` lists them for the live page and for the replay.

Shown live to everyone at the table (games.live.consumers broadcasts each new line to the table's group);
the text is escaped wherever it is drawn, and isolated in <bdi> with its author's name
(templates/games/_chat_line.html); invisible characters never reach it (``clean``). Muting someone is the
page's business: each browser hides the lines of the users its user muted (static/js/table_live/chat.js).
"""

import time
import unicodedata
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.core.cache import cache
from django.template.loader import render_to_string

from accounts.models import User
from accounts.visible_text import visible
from events import store
from events.models import Event
from events.store import Actor, ConcurrencyConflict
from games.errors import BadRequest, TableError

MAX_LENGTH = 300
SHOWN_ON_PAGE = 100  # the latest lines a table page starts with
APPEND_ATTEMPTS = 5  # two people posting at once race for the stream's next version; the loser tries again

# Marks a websocket frame as chat, so the table script never takes it for the answer to a command.
FRAME_MARK = "<!--chat-->"


class TooFast(TableError):
    status = 429


@dataclass(frozen=True)
class ChatLine:
    number: int  # its version in the chat stream: 1, 2, ...
    user_id: int
    name: str
    text: str
    at: datetime


STREAM_PREFIX = "chat-"


def stream_name(table_id):
    return f"{STREAM_PREFIX}{table_id}"


def clean(text):
    """The message as it will be kept: one line, no control characters, no invisible ones (bidi controls,
    zero-width characters: accounts.visible_text), no spaces around it.

    BadRequest for anything but text, for nothing left to send, or for more than MAX_LENGTH characters.
    """
    if not isinstance(text, str):
        raise BadRequest("A chat message is text.")
    text = "".join(
        " " if ch in "\t\r\n" else ch
        for ch in visible(text)
        if ch in "\t\r\n" or unicodedata.category(ch) not in ("Cc", "Cs")
    )
    text = " ".join(text.split())
    if not text:
        raise BadRequest("Write something first.")
    if len(text) > MAX_LENGTH:
        raise BadRequest(f"A chat message is at most {MAX_LENGTH} characters; this one has {len(text)}.")
    return text


def post(table, user, text):
    """``user`` says ``text`` at ``table``: kept and returned as a ChatLine.

    BadRequest for text that cannot be sent, TooFast beyond the user's rate (CHAT_MESSAGES_PER_WINDOW
    in CHAT_WINDOW_SECONDS, counted per user across all their tables and sockets).
    """
    text = clean(text)
    if not _within_rate(user.pk):
        raise TooFast("You are sending chat messages too fast; wait a few seconds.")
    stream = stream_name(table.id)
    for _ in range(APPEND_ATTEMPTS):
        version = store.current_version(stream)
        try:
            store.append(stream, [{"type": "said", "text": text}], version, actor=Actor.user(user))
            break
        except ConcurrencyConflict:
            continue
    else:
        raise TooFast("The chat is very busy; send that again in a moment.")
    said = store.read(stream, after=version, upto=version + 1)[0]
    return ChatLine(said.version, user.pk, user.shown_name, text, said.created_at)


def lines(table, last=None, until=None):
    """The table's chat, oldest first, with the authors' display names: only the ``last`` lines if
    given, only those said at or before ``until`` (a datetime: a replay's step) if given."""
    said = [
        event
        for event in store.read(stream_name(table.id), last=last or None)
        if until is None or event.created_at <= until
    ]
    names = {user.pk: user.shown_name for user in User.objects.filter(pk__in={event.actor_user_id for event in said})}
    # ``visible`` again: lines kept before invisible characters were taken out of new ones keep theirs.
    return [
        ChatLine(
            event.version,
            event.actor_user_id,
            names.get(event.actor_user_id, "Someone"),
            visible(event.payload["text"]),
            event.created_at,
        )
        for event in said
    ]


def said_by(user):
    """Every line ``user`` said, at any table, oldest first: (table id, ChatLine). For their own download
    (games.my_data), so each line is as they wrote it, visible characters only."""
    said = Event.objects.filter(actor_user_id=user.pk, type="said", stream__startswith=STREAM_PREFIX)
    return [
        (
            event.stream.removeprefix(STREAM_PREFIX),
            ChatLine(event.version, user.pk, user.shown_name, visible(event.payload["text"]), event.created_at),
        )
        for event in said.order_by("created_at", "id")
    ]


def now():
    """The chat's clock, one function so that tests can move it."""
    return time.time()


def _within_rate(user_id):
    """Counts this message against the user's last CHAT_WINDOW_SECONDS; False, and not counted, when
    CHAT_MESSAGES_PER_WINDOW are counted there already.

    A sliding window, counted per second in the cache (Redis with REDIS_URL: every process counts in the
    same keys). A fixed window let twice the limit through in a moment across its edge. The message is
    counted in its second's key first and the window's keys are summed after, so two processes counting
    at once can both refuse, never both let the last one through. The window starts at the beginning of
    its first second, so it reaches up to a second further back than CHAT_WINDOW_SECONDS: no span of
    that many seconds ever holds more than the limit.
    """
    window, second = settings.CHAT_WINDOW_SECONDS, int(now())
    key = _rate_key(user_id, second)
    cache.add(key, 0, timeout=window + 2)
    try:
        cache.incr(key)
    except ValueError:  # the key expired between add and incr (the cache was very slow)
        cache.set(key, 1, timeout=window + 2)
    counted = cache.get_many([_rate_key(user_id, earlier) for earlier in range(second - window, second + 1)])
    if sum(counted.values()) <= settings.CHAT_MESSAGES_PER_WINDOW:
        return True
    try:
        cache.decr(key)
    except ValueError:
        pass  # gone already: nothing left to take back
    return False


def _rate_key(user_id, second):
    return f"chat-rate:{user_id}:{second}"


def line_dict(line):
    """A ChatLine as a channel-layer message's fields (plain JSON values)."""
    return {
        "number": line.number,
        "user_id": line.user_id,
        "name": line.name,
        "text": line.text,
        "at": line.at.isoformat(),
    }


def render_line(fields):
    """One new line, appended to every open page's #chat-log."""
    return FRAME_MARK + render_to_string("games/_chat_new_line.html", {"line": _from_dict(fields)})


def render_log(chat_lines):
    """The whole #chat-log (on connecting: a page that reconnects catches up with what it missed)."""
    return FRAME_MARK + render_to_string("games/_chat_log.html", {"chat_lines": chat_lines, "oob": True})


def render_refusal(message):
    """Why a message was not sent, told to its sender alone, beside the chat box."""
    return FRAME_MARK + render_to_string("games/_chat_status.html", {"message": message})


def _from_dict(fields):
    return ChatLine(
        fields["number"], fields["user_id"], fields["name"], fields["text"], datetime.fromisoformat(fields["at"])
    )

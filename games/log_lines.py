"""The move log's and the announcements' lines as HTML in one step (games.jinja's ``log_items`` and
``news_items`` filters).

A live table draws its latest thirty lines with every move for every viewer: as a template loop they
were most of the nodes a frame renders; joined here they cost a small part of that. Each line's HTML
is kept too (a stored event's line never changes), so a frame escapes only its new lines.
"""
from functools import lru_cache

from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

from games.templatetags.cards import spoken

LATEST = ' class="is-latest"'


def log_items(lines):
    """The move log's <li>s, newest first (games.rendering.live_log's lines), the newest marked."""
    if not lines:
        return mark_safe('<li class="empty">No moves yet.</li>')
    return mark_safe("".join(_log_item(line["version"], line["text"], number == 0)
                             for number, line in enumerate(lines)))


def news_items(lines):
    """The announced lines (games.announcements.news), cards in words, each tagged with its version."""
    return mark_safe("".join(_news_item(line["version"], line["text"]) for line in lines))


@lru_cache(maxsize=50_000, typed=True)  # typed: a safe string is not escaped, a plain one is
def _log_item(version, text, latest):
    return f'<li{LATEST if latest else ""} data-version="{int(version)}">{conditional_escape(text)}</li>'


@lru_cache(maxsize=20_000, typed=True)
def _news_item(version, text):
    return (f'<p data-announce="event-{int(version)}" data-announce-version="{int(version)}">'
            f'{conditional_escape(spoken(text))}</p>')

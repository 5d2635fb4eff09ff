"""The move log's and the announcements' lines as HTML in one step.

A live table draws its latest thirty lines with every move for every viewer: as a template loop they
were most of the nodes a frame renders; joined here they cost a small part of that.
"""
from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

from games.templatetags.cards import spoken

register = template.Library()
LATEST = ' class="is-latest"'


@register.filter
def log_items(lines):
    """The move log's <li>s, newest first (games.rendering.live_log's lines), the newest marked."""
    if not lines:
        return mark_safe('<li class="empty">No moves yet.</li>')
    return mark_safe("".join(
        f'<li{LATEST if number == 0 else ""} data-version="{int(line["version"])}">{conditional_escape(line["text"])}</li>'
        for number, line in enumerate(lines)))


@register.filter
def news_items(lines):
    """The announced lines (games.announcements.news), cards in words, each tagged with its version."""
    return mark_safe("".join(
        f'<p data-announce="event-{int(line["version"])}" data-announce-version="{int(line["version"])}">'
        f'{conditional_escape(spoken(line["text"]))}</p>'
        for line in lines))

"""Settings the table page's script needs: the heartbeat's beat, the chat's limit, the user's sound choice."""

from django import template
from django.conf import settings

from games.tables import chat

register = template.Library()


@register.simple_tag
def heartbeat_ms():
    """How often the server pings an idle page, in milliseconds (games/live/heartbeats.py)."""
    return int(settings.WEBSOCKET_HEARTBEAT_SECONDS * 1000)


@register.simple_tag
def chat_max_length():
    return chat.MAX_LENGTH


@register.filter
def turn_sound(user):
    """ "on" when the user chose to hear a short sound when their turn comes (off by default)."""
    return "on" if getattr(user, "turn_sound", False) else "off"

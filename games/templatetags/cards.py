"""Template tags for cards: ``{% card_face code %}`` draws a card's face (its corner and its pip).

Faces are the most repeated piece of every board, so each is built once and kept.
"""
from functools import lru_cache

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

register = template.Library()

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@register.simple_tag
def card_face(code):
    return _face(str(code))


@lru_cache(maxsize=512)
def _face(code):
    if code == "JK":
        return mark_safe('<span class="corner"><span class="rank">JK</span></span>'
                         '<span class="pip" aria-hidden="true">★</span><span class="visually-hidden">Joker</span>')
    rank, suit = code[:-1], code[-1:]
    symbol = SUIT_SYMBOLS.get(suit, suit)
    return format_html('<span class="corner"><span class="rank">{}</span><span class="suit">{}</span></span>'
                       '<span class="pip" aria-hidden="true">{}</span>', rank, symbol, SUIT_SYMBOLS.get(suit, ""))

"""Cards drawn as HTML: tags and filters for both template engines.

``{% card code "card-mini" %}``  a face-up card: its <span> with its classes and its face
``code|card_class:"card-hand"``  a card's classes ("card card-hand red"), for a card drawn as a button
``{% card_face code %}``         a card's face alone (its corner and its pip)
``{% hand_buttons codes over %}`` a hand's cards as buttons to select (disabled once the game is over)
``code|card_label``              a card as short text: "7♥", "Joker ★"
``code|card_name``               a card in words, for screen readers: "queen of hearts", "joker"
``text|spoken``                  a sentence with its cards ("J♠") in words ("jack of spades"), to be read out

A card's face is read out by its name in words (its corner and pip are hidden from screen readers).

Cards are the most repeated piece of every board, so each is built once and kept.
"""

import re
from functools import lru_cache

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from games.frames.parts import marker

register = template.Library()

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
# Spite's packs hold 11s, 12s and 13s besides jacks, queens and kings: each rank has a name of its own.
RANK_NAMES = {
    "A": "ace",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "10": "ten",
    "11": "eleven",
    "12": "twelve",
    "13": "thirteen",
}
JOKER = "JK"


@register.simple_tag
def card(code, size=""):
    return _card(str(code), str(size))


@register.simple_tag
def card_face(code):
    return _face(str(code))


@register.simple_tag
def hand_buttons(codes, over=False):
    """Joined here, not by a template loop: a hand is redrawn whenever it changes, in every game."""
    if not codes:
        return mark_safe('<p class="empty">No cards in hand.</p>')
    # Each card a part of the live frame of its own (games.frames.parts): a card drawn or played is sent alone.
    return mark_safe("\n".join(marker(f"h{code}") + _hand_button(str(code), bool(over)) for code in codes))


@register.filter
def card_class(code, size=""):
    code = str(code)
    colour = " joker" if code == JOKER else " red" if code[-1:] in ("H", "D") else ""
    return f"card {size}{colour}" if size else f"card{colour}"


@register.filter
def card_label(code):
    code = str(code)
    if code == JOKER:
        return "Joker ★"
    return code[:-1] + SUIT_SYMBOLS.get(code[-1:], code[-1:])


@register.filter
def card_name(code):
    code = str(code)
    if code == JOKER:
        return "joker"
    rank, suit = code[:-1], code[-1:]
    if suit not in SUIT_NAMES:
        return code
    return f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[suit]}"


_CARD_IN_TEXT = re.compile(r"\b(10|11|12|13|[2-9AJQK])([♠♥♦♣])")
_SUIT_OF_SYMBOL = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}


@register.filter
def spoken(text):
    return _CARD_IN_TEXT.sub(lambda found: card_name(found.group(1) + _SUIT_OF_SYMBOL[found.group(2)]), str(text))


@lru_cache(maxsize=2048)
def _card(code, size):
    return format_html('<span class="{}">{}</span>', card_class(code, size), _face(code))


@lru_cache(maxsize=1024)
def _hand_button(code, over):
    return format_html(
        '<button type="button" class="{}" data-card="{}" data-label="{}" aria-pressed="false"{}>{}</button>',
        card_class(code, "card-hand"),
        code,
        card_name(code),
        " disabled" if over else "",
        _face(code),
    )


@lru_cache(maxsize=512)
def _face(code):
    if code == JOKER:
        return mark_safe(
            '<span class="corner" aria-hidden="true"><span class="rank">JK</span></span>'
            '<span class="pip" aria-hidden="true">★</span><span class="visually-hidden">joker</span>'
        )
    rank, suit = code[:-1], code[-1:]
    symbol = SUIT_SYMBOLS.get(suit, suit)
    return format_html(
        '<span class="corner" aria-hidden="true"><span class="rank">{}</span><span class="suit">{}</span></span>'
        '<span class="pip" aria-hidden="true">{}</span><span class="visually-hidden">{}</span>',
        rank,
        symbol,
        SUIT_SYMBOLS.get(suit, ""),
        card_name(code),
    )

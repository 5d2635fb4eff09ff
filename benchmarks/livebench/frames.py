"""Reading the HTML frames the table websocket sends, as the browser's table script reads them.

A table frame is ``#table-live`` (games/_live_table.jinja): its data-version is what the page sends
back as expected_version, ``<script id="legal-commands">`` is what the board script (static/js/table/) lights up (an empty list:
the seat may not act), and the hand's ``data-card`` buttons are the seat's own cards. A refusal
frame is ``#flash`` (games/_refusal.html) with the rule's sentence.
"""

import json
import re
from dataclasses import dataclass, field

_TABLE_TAG = re.compile(r'<div id="table-live"[^>]*>')
_VERSION = re.compile(r'\bdata-version="(\d+)"')
_SEAT = re.compile(r'\bdata-seat="(\d*)"')
_LEGAL = re.compile(r'<script id="legal-commands" type="application/json">(.*?)</script>', re.S)
_FLASH = re.compile(r'<div id="flash"[^>]*>(.*?)</div>', re.S)
_TAGS = re.compile(r"<[^>]+>")
_CARD = re.compile(r'\bdata-card="([^"]+)"')
GAME_OVER_MARK = 'id="game-over-title"'
# games.errors.StaleVersion's sentence: the 409 of the websocket path.
STALE_MARK = "has moved on"


class BadFrame(ValueError):
    """A frame the browser's script could not use."""


@dataclass(frozen=True)
class Frame:
    kind: str  # "table" or "refusal"
    version: int | None = None
    seat: int | None = None
    legal: list = field(default_factory=list)
    hand: list = field(default_factory=list)
    over: bool = False
    message: str = ""

    @property
    def stale(self):
        return self.kind == "refusal" and STALE_MARK in self.message


def parse(text):
    """The Frame in one websocket message; BadFrame for anything else."""
    tag = _TABLE_TAG.search(text)
    if tag:
        return _table_frame(text, tag.group(0))
    flash = _FLASH.search(text)
    if flash:
        return Frame(kind="refusal", message=" ".join(_TAGS.sub(" ", flash.group(1)).split()))
    raise BadFrame(f"neither #table-live nor #flash in a frame of {len(text)} characters")


def _table_frame(text, tag):
    version, seat, legal = _VERSION.search(tag), _SEAT.search(tag), _LEGAL.search(text)
    if not version or legal is None:
        raise BadFrame("#table-live without data-version or #legal-commands")
    try:
        commands = json.loads(legal.group(1))
    except ValueError as error:
        raise BadFrame(f"#legal-commands is not JSON: {error}") from None
    return Frame(
        kind="table",
        version=int(version.group(1)),
        seat=int(seat.group(1)) if seat and seat.group(1) else None,
        legal=commands,
        hand=_CARD.findall(text),
        over=GAME_OVER_MARK in text,
    )


def mentions_card(text, code):
    """Does the frame name this card code anywhere as a value (an attribute or a JSON string)?"""
    return f'"{code}"' in text

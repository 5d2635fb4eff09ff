"""Partial frames: after a move, each socket is sent only the parts of #table-live it has not been shown.

A live table is drawn with markers (``<!--@name-->``) where its parts begin and end: every ``{% memo %}``
block (games.frames.jinja) and the places ``{{ live_part("name") }}`` marks in games/_live_table.jinja. Cut
at them, the frame is a sequence of named segments whose texts, joined in order, are the whole frame
without its markers. Each socket remembers what it sent (``Sent``); its next frame carries the segments
whose text changed since, and the order of their names when that changed. The page (static/js/
table_live/parts.js, an htmx extension) keeps the segments it was sent and joins them into the whole
#table-live again before htmx swaps it in, so everything on the page still sees whole frames.

A frame in this form::

    <!--parts 12 11 ^~move-log l12 l11~end--><!--p ^-->TEXT<!--p l12-->TEXT...

``12``: the version drawn; ``11``: the version of the frame this one builds on (``whole``: none, the
page forgets what it holds); then the names in order, or nothing when the order is unchanged, each
stretch kept from the last order as ``first~last``. Each ``<!--p NAME-->`` is followed by that
segment's new text, up to the next one. A segment's text never holds ``<!--``: the templates write no
comment, and what they draw of anyone's words is escaped.
"""

import re

MARK = re.compile(r"<!--@([^>]*?)-->")
HEADER = re.compile(r"<!--parts (\d+) (\d+|whole)((?: [^\s<>]+)*)-->")
SEGMENT = re.compile(r"<!--p ([^\s<>]+)-->")
WHOLE = "whole"
ASK_WHOLE = "whole"  # what a page sends when it lost track of its parts: it is sent the whole table again
FIRST = "^"  # the name of the text before the first marker: #table-live's own tag, never empty


def marker(name):
    return f"<!--@{name}-->"


def strip(html):
    """``html`` without its markers: the frame as a page draws it."""
    return MARK.sub("", html)


def split(html):
    """A frame drawn with markers, cut into its segments (``Drawn``): the texts between markers that hold
    text, each named after the marker before it (a name met again gets ``#2``, ``#3``, ...)."""
    pieces = html.split("<!--@")
    by_name = {FIRST: pieces[0]}
    for piece in pieces[1:]:
        name, _, text = piece.partition("-->")
        if text:
            if name in by_name:
                name = _again(name, by_name)
            by_name[name] = text
    return Drawn(by_name)


def _again(name, by_name):
    number = 2
    while f"{name}#{number}" in by_name:
        number += 1
    return f"{name}#{number}"


class Drawn:
    """A frame cut into its segments, shared by the connections of one kind of viewer at one version:
    ``by_name`` holds them in order. What changed since another drawing is worked out once for all of them."""

    __slots__ = ("by_name", "names", "_since")

    def __init__(self, by_name):
        self.by_name = by_name
        self.names = tuple(by_name)
        self._since = (None, None)

    def since(self, old):
        """(the names of the segments that differ from ``old``'s, the order as ``runs`` writes it or "")."""
        known, change = self._since
        if known is not old:
            held = old.by_name
            # The first segment always: #table-live's tag carries the clock, filled in at each send.
            changed = [FIRST] + [
                name for name, text in self.by_name.items() if held.get(name) != text and name != FIRST
            ]
            order = "" if self.names == old.names else " " + " ".join(runs(old.names, self.names))
            change = changed, order
            self._since = (old, change)
        return change


class Sent:
    """What one socket was last sent of its table: the drawing, and its version."""

    def __init__(self):
        self.forget()

    def forget(self):
        """The next frame is whole (the page asked for it after a gap)."""
        self.version = None
        self.drawn = None

    def frame(self, version, drawn, fill):
        """The frame that takes the page from what this socket was sent to ``drawn`` (``split``'s) at
        ``version``; ``fill(text)``: a segment's text as this socket sends it (its placeholders filled)."""
        if self.drawn is None:
            base, changed, order = WHOLE, drawn.names, " " + " ".join(drawn.names)
        else:
            base = str(self.version)
            changed, order = drawn.since(self.drawn)
        self.version, self.drawn = version, drawn
        texts = drawn.by_name
        body = "".join([f"<!--p {name}-->{fill(texts[name])}" for name in changed])
        return f"<!--parts {version} {base}{order}-->{body}"


def runs(old, new):
    """The order ``new`` as names, and as ``first~last`` for each stretch of two or more names that
    stands in ``old`` just so: a move adds a line to the log and drops one, and the rest stays put."""
    where = {name: number for number, name in enumerate(old)}
    tokens, start = [], 0
    while start < len(new):
        end, was = start, where.get(new[start])
        if was is not None:
            while (
                end + 1 < len(new) and was + end + 1 - start < len(old) and old[was + end + 1 - start] == new[end + 1]
            ):
                end += 1
        tokens.append(new[start] if end == start else f"{new[start]}~{new[end]}")
        start = end + 1
    return tokens


def unrun(old, tokens):
    """The order ``runs(old, new)`` wrote."""
    where = {name: number for number, name in enumerate(old)}
    order = []
    for token in tokens:
        first, _, last = token.partition("~")
        order.extend(old[where[first] : where[last] + 1] if last else (first,))
    return tuple(order)


class Reader:
    """A page's side, for the benchmark's clients and the tests (the browser's is static/js/table_live/
    parts.js): the segments held, and the whole frame each message makes."""

    def __init__(self):
        self.version = None
        self.order = ()
        self.texts = {}

    def read(self, message):
        """The whole #table-live a frame makes, or the message itself if it is no frame of parts.
        ValueError for a frame that does not build on what this reader holds (a gap)."""
        header = HEADER.match(message)
        if header is None:
            return message
        version, base, order = header.groups()
        if base == WHOLE:
            self.texts = {}
        elif base != str(self.version):
            raise ValueError(f"a frame built on version {base} reached a page at version {self.version}")
        if order:
            self.order = unrun(self.order, order.split())
        pieces = SEGMENT.split(message[header.end() :])
        self.texts.update(zip(pieces[1::2], pieces[2::2]))
        missing = [name for name in self.order if name not in self.texts]
        if missing:
            raise ValueError(f"a frame names segments it never sent: {missing}")
        # Only the segments in the order are kept: a socket sends again any it did not hold in its last frame.
        self.texts = {name: self.texts[name] for name in self.order}
        self.version = int(version)
        return "".join(self.texts.values())

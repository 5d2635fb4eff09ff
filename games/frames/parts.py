"""Partial frames: after a move, each socket is sent only the parts of #table-live it has not been shown.

A live table is drawn with markers (``<!--@name-->``) where its parts begin and end: every ``{% memo %}``
block (games.frames.jinja) and the places ``{{ part("name") }}`` marks in games/_live_table.jinja. Cut
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
from collections import Counter

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
    """A frame drawn with markers, as ``(names, texts)``: the segments between markers that hold text,
    each named after the marker before it (a name met again gets ``#2``, ``#3``, ...)."""
    pieces = MARK.split(html)
    names, texts, seen = [FIRST], [pieces[0]], Counter()
    for name, text in zip(pieces[1::2], pieces[2::2]):
        seen[name] += 1
        if text:
            names.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
            texts.append(text)
    return tuple(names), tuple(texts)


class Sent:
    """What one socket was last sent of its table: the segments and their order, and the version."""

    def __init__(self):
        self.forget()

    def forget(self):
        """The next frame is whole (the page asked for it after a gap)."""
        self.version = None
        self.order = ()
        self.texts = {}

    def frame(self, version, segments, fill):
        """The frame that takes the page from what this socket was sent to ``segments`` (``split``'s) at
        ``version``; ``fill(text)``: a segment's text as this socket sends it (its placeholders filled)."""
        names, texts = segments
        held = self.texts
        base = WHOLE if self.version is None else str(self.version)
        # The first segment always: #table-live's tag carries the clock, filled in at each send.
        changed = [(name, text) for name, text in zip(names, texts) if name == FIRST or held.get(name) != text]
        order = "" if names == self.order else " " + " ".join(runs(self.order, names))
        self.version, self.order, self.texts = version, names, dict(zip(names, texts))
        body = "".join(f"<!--p {name}-->{fill(text)}" for name, text in changed)
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
        self.version = int(version)
        return "".join(self.texts[name] for name in self.order)

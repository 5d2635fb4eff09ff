"""Text one person writes for others to read (display names, chat lines), without the characters that
are not seen but change what is seen.

Unicode's format characters (category Cf) are invisible. The bidi controls among them (U+202A-U+202E,
U+2066-U+2069, U+200E, U+200F, U+061C) reorder the text after them, so that a line shows its end first or
seems to go on in someone else's name; the zero-width ones (U+200B-U+200D, U+2060, U+FEFF) make two names
that look the same differ. The whole category goes, not only those: the rest (soft hyphens, invisible
operators, tag characters) are as invisible, and none is needed to write a name or a line. Emoji joined
by U+200D fall apart into their parts, which still read. Pages also draw names and lines inside <bdi>, so
that a right-to-left name never carries its direction onto what follows it.
"""

import unicodedata


def visible(text):
    """``text`` without its format characters (Unicode category Cf)."""
    if text.isprintable():
        return text  # nothing printable is a format character: the common case, checked at once
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")

"""What a table is called: the host's choice, or "Ana's Spite table"."""

import unicodedata

from games.engines import get_engine
from games.errors import BadRequest
from games.models import TABLE_NAME_MAX_LENGTH


def default_name(host, game):
    """The host's display name and the game's title: "Ana's Spite table" (cut to the column's length)."""
    return f"{host.shown_name}'s {get_engine(game).title} table"[:TABLE_NAME_MAX_LENGTH]


def table_name(raw, host, game):
    """The name to store: ``raw`` with its spaces tidied, or the default when it is blank.

    BadRequest for a name that is not text, is too long, or holds control characters (a newline, a NUL).
    Pages escape it like any text a user wrote.
    """
    if raw is None:
        return default_name(host, game)
    if not isinstance(raw, str):
        raise BadRequest("A table's name is text.")
    if any(_control(character) for character in raw):
        raise BadRequest("A table's name may not hold control characters.")
    name = " ".join(raw.split())
    if len(name) > TABLE_NAME_MAX_LENGTH:
        raise BadRequest(f"A table's name is at most {TABLE_NAME_MAX_LENGTH} characters long.")
    return name or default_name(host, game)


# Direction overrides and isolates would let a name run backwards over the text beside it.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _control(character):
    return character in BIDI_CONTROLS or unicodedata.category(character) in ("Cc", "Cs", "Co", "Cn")

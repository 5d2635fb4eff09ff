"""Reading JSON that a client sent: bounded, finite and free of NUL characters, or a BadRequest.

Python's own ``json.loads`` takes ``NaN``, ``Infinity`` and ``1e400`` (an infinite float), recurses
once per nesting level (so ``[[[[...]]]]`` raises RecursionError) and keeps ``\\u0000`` in strings
(PostgreSQL refuses NUL in text). ``parse_client_json`` refuses all of these with a sentence the
client can read; the REST API's parser (games.api.parsers) and the websockets use it.
"""

import json
import math

from games.errors import BadRequest

# Far beyond any command, table setup or message this service takes, far below the recursion limit.
MAX_DEPTH = 32
MAX_LENGTH = 100_000


def parse_client_json(text, max_depth=MAX_DEPTH, max_length=MAX_LENGTH):
    """The value ``text`` (a str, or UTF-8 bytes) holds; BadRequest with the reason if it is not acceptable JSON."""
    if len(text) > max_length:
        raise BadRequest(f"The JSON is too long (at most {max_length} characters).")
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BadRequest("The JSON must be UTF-8 text.") from None
    try:
        value = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except RecursionError:
        raise BadRequest(_too_deep(max_depth)) from None
    except ValueError as error:  # json.JSONDecodeError, or a number out of range
        raise BadRequest(f"That is not valid JSON: {error}.") from None
    _check_contents(value, max_depth)
    return value


def _refuse_constant(name):
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(literal):
    number = float(literal)
    if not math.isfinite(number):
        raise ValueError(f"the number {literal} is too large")
    return number


def _check_contents(value, max_depth):
    """BadRequest if ``value`` nests deeper than ``max_depth`` or holds a NUL character (walked without recursion)."""
    pending = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, str):
            if "\x00" in item:
                raise BadRequest("Text in the JSON may not contain the NUL character (\\u0000).")
        elif isinstance(item, (dict, list)):
            if depth > max_depth:
                raise BadRequest(_too_deep(max_depth))
            children = [*item.keys(), *item.values()] if isinstance(item, dict) else item
            pending.extend((child, depth + 1) for child in children)


def _too_deep(max_depth):
    return f"The JSON is nested too deeply (at most {max_depth} levels of objects and lists)."

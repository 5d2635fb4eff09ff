"""The API's one request parser: JSON, read through games.live.json_input."""

from rest_framework import parsers
from rest_framework.exceptions import ParseError

from games.errors import BadRequest
from games.live.json_input import MAX_LENGTH, parse_client_json


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, but bounded: too deep, too long, NaN/Infinity or NUL text is a 400 with the reason."""

    def parse(self, stream, media_type=None, parser_context=None):
        # One byte more than allowed is enough to tell that the body is too long.
        body = stream.read(MAX_LENGTH + 1)
        try:
            return parse_client_json(body)
        except BadRequest as refusal:
            raise ParseError(refusal.message) from None

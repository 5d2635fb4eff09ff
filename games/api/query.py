"""The API's query parameters: left out, or given with a value; given empty, refused."""

from games.errors import BadRequest


def query_parameter(request, name):
    """``?name=``'s value, or None when it is left out. Given empty it is a 400: an empty filter or
    choice is a client's slip (a form field left blank), and taking it for "none given" would answer
    a question the client did not ask."""
    value = request.query_params.get(name)
    if value == "":
        raise BadRequest(f"?{name}= is empty: give it a value, or leave it out.")
    return value

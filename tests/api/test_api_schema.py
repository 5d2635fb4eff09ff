"""Schemathesis drives every API operation with inputs generated from the app's own OpenAPI schema.

For each operation: a bounded number of cases from a fixed seed (the run is the same every time),
sent in-process to the WSGI app as a logged-in user (an API token). No answer may be a server
error or a status the schema does not document, and every body must match its documented schema.
An operation the schema says needs a log-in must refuse a request without one (or with a wrong
token); schema-valid requests must be accepted (JUDGED_BY_THE_TABLE: or refused with a 400 the
table or the rules decide) and schema-violating ones refused.
Three cases in four aim at real tables (one the user hosts, one they play at, one private table
they cannot see), so the generated commands, joins and starts reach the lobby and the engines.
"""

import itertools
import os
import unicodedata

import hypothesis
import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from drf_spectacular.generators import SchemaGenerator
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    ignored_auth,
    negative_data_rejection,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

from accounts import tokens
from accounts.visible_text import visible
from games.tables import lobby

# Under pytest-xdist schemathesis reports the whole schema as one test and drops the failures of single
# operations (seen: an operation failing its check still "passed"), so make test runs this file on its own.
if os.environ.get("PYTEST_XDIST_WORKER"):
    pytestmark = pytest.mark.skip(
        reason="run without pytest-xdist (-p no:xdist): its per-operation failures are lost under it"
    )

# Where a well-formed request may still be a 400, because what it names depends on the table or the
# game (a seat the table has, a move the rules allow, a step of this replay, a ruling at this version),
# which no schema can say: there valid data may be refused with a sentence.
JUDGED_BY_THE_TABLE = [
    "POST /api/tables/{table_id}/join/",
    "POST /api/tables/{table_id}/bots/",
    "DELETE /api/tables/{table_id}/bots/{seat}/",
    "POST /api/tables/{table_id}/commands/",
    "GET /api/tables/{table_id}/replay/",
    "GET /api/tables/{table_id}/replay/moves/",
    "POST /api/tables/{table_id}/disputes/",
]

# The bodies whose valid cases send only the keys the operation knows (see below).
KNOWN_KEYS = {
    "POST /api/play/computer/": ("game", "seat_count", "level", "bot_delay"),
    "POST /api/play/now/": ("game", "seat_count", "bots_after"),
}

CONFIG = schemathesis.Config.from_dict(
    {
        "seed": 12,
        "generation": {"max-examples": 25, "deterministic": True},
        "operations": [
            {
                "include-name": label,
                "checks": {
                    "positive_data_acceptance": {"expected-statuses": ["2xx", "400", "401", "403", "404", "409"]}
                },
            }
            for label in JUDGED_BY_THE_TABLE
        ],
    }
)

schema = schemathesis.openapi.from_dict(SchemaGenerator().get_schema(public=True), config=CONFIG)
schema.app = get_wsgi_application()


@pytest.fixture
def tester(make_user):
    """The API user the cases log in as."""
    return make_user("tester")


@pytest.fixture
def tables(tester, make_user):
    """Table ids to put in the cases in turn: none (keep the generated one), then one the API user
    ("tester") hosts, one they play at and a private one they cannot see, and round again."""
    other, third = make_user("other"), make_user("third")
    hosted = lobby.create_table(tester, "spank", 3)
    seated = lobby.create_table(other, "spank", 2)
    lobby.join_table(seated, tester)
    lobby.start_table(seated, other)
    private = lobby.create_table(third, "spite_and_malice", 2, private=True)
    return itertools.cycle([None, hosted.id, seated.id, private.id])


@pytest.fixture
def keep_the_test_transaction():
    """The real WSGI handler closes the database connection after each request, and with it the test's
    transaction; Django's test client stops that the same way."""
    for signal in (signals.request_started, signals.request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (signals.request_started, signals.request_finished):
        signal.connect(close_old_connections)


@pytest.mark.django_db
@pytest.mark.usefixtures("keep_the_test_transaction")
@schema.parametrize()
# The tables are meant to carry over from case to case: later cases meet the state earlier ones left.
@hypothesis.settings(suppress_health_check=[hypothesis.HealthCheck.function_scoped_fixture])
def test_the_api_keeps_to_its_schema(case, tables, tester):
    table_id = next(tables)
    if table_id is not None and "table_id" in (case.path_parameters or {}):
        case.path_parameters["table_id"] = str(table_id)
    if case.operation.label == "POST /api/tables/" and isinstance(case.body, dict) and _positive(case):
        # A game's options are judged by its engine, by rules a schema cannot say (the decks a
        # Spite & Malice table may have depend on its seats): valid data leaves them to their defaults.
        case.body["options"] = {}
        # Nor can a portable pattern name Unicode's unassigned characters or the private-use planes
        # past the first, which a name may not hold either (games.tables.table_names).
        if any(unicodedata.category(character) in ("Cn", "Co", "Cs") for character in case.body.get("name") or ""):
            del case.body["name"]
        # Nor can it say that a turn-based table has no turn clock of seconds, and a live one no time bank
        # (games.tables.lobby.check_turn_based): valid data keeps to one of the two.
        if case.body.get("move_time") is None:
            case.body.pop("time_bank", None)
        else:
            case.body.pop("turn_clock", None)
    if case.operation.label in KNOWN_KEYS and isinstance(case.body, dict) and _positive(case):
        # Keys it does not know are ignored, but the JSON parser refuses NUL text anywhere in a body
        # (games.api.parsers), which no schema can say: valid data sends only the keys it knows.
        known = KNOWN_KEYS[case.operation.label]
        case.body = {key: value for key, value in case.body.items() if key in known}
    if case.operation.label == "POST /api/tokens/" and isinstance(case.body, dict) and _positive(case):
        # Nor can it name Unicode's format characters, which a token's name needs more than (accounts.tokens).
        name = case.body.get("name")
        if isinstance(name, str) and not visible(name).strip():
            case.body["name"] = "a script"
    # Each case comes with a token of its own and no other: earlier cases may have revoked theirs, or made
    # the most tokens a player may hold.
    tester.api_tokens.all().delete()
    _, key = tokens.create(tester, "schema test")
    case.call_and_validate(
        headers={"Authorization": f"Bearer {key}"},
        checks=[
            not_a_server_error,
            status_code_conformance,
            content_type_conformance,
            response_schema_conformance,
            ignored_auth,
            positive_data_acceptance,
            negative_data_rejection,
        ],
    )


def _positive(case):
    return case.meta is not None and case.meta.generation.mode.is_positive

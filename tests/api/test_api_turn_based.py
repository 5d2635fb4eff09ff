"""The REST API's turn-based tables: created with ``move_time`` and ``time_bank``, shown with them and
``turn_based``, and bad values refused with a 400 and the lobby's sentence."""

import pytest
from api_helpers import client_for, create_table
from drf_spectacular.generators import SchemaGenerator

from games.models import DEFAULT_TIME_BANK, MOVE_TIME_CHOICES, TIME_BANK_CHOICES, Table

pytestmark = pytest.mark.django_db

DAY = 86400


def test_a_turn_based_table_is_created_and_shown_with_its_times(alice, bob):
    table = create_table(client_for(alice), move_time=DAY, time_bank=3 * DAY)
    assert (table["move_time"], table["time_bank"], table["turn_based"], table["turn_clock"]) == (
        DAY,
        3 * DAY,
        True,
        None,
    )
    stored = Table.objects.get(pk=table["id"])
    assert (stored.move_time, stored.time_bank) == (DAY, 3 * DAY)
    listed = next(t for t in client_for(bob).get("/api/tables/").json() if t["id"] == table["id"])
    assert (listed["move_time"], listed["time_bank"], listed["turn_based"]) == (DAY, 3 * DAY, True)


def test_a_turn_based_tables_bank_is_a_day_unless_said(alice):
    table = create_table(client_for(alice), move_time=3600)
    assert (table["move_time"], table["time_bank"]) == (3600, DEFAULT_TIME_BANK)
    assert create_table(client_for(alice), move_time=3600, time_bank=0)["time_bank"] == 0


def test_a_live_table_has_no_time_per_move_and_no_bank(alice):
    table = create_table(client_for(alice), turn_clock=30)
    assert (table["move_time"], table["time_bank"], table["turn_based"], table["turn_clock"]) == (None, 0, False, 30)


@pytest.mark.parametrize(
    "body, sentence",
    [
        (
            {"move_time": DAY, "turn_clock": 30},
            "A turn-based table has a time per move, not a turn clock of seconds: choose one.",
        ),
        ({"move_time": 7200}, "A time per move is one of 3600 (1 hour), 43200 (12 hours), 86400 (1 day), "),
        ({"move_time": DAY, "time_bank": 5}, "A time bank is one of 0 (no time bank), 86400 (1 day), "),
        ({"time_bank": DAY}, "A time bank is for a turn-based table: choose a time per move too."),
        ({"move_time": "a day"}, "move_time: A valid integer is required."),
        ({"move_time": DAY, "time_bank": None}, "time_bank: This field may not be null."),
    ],
)
def test_bad_turn_based_values_are_400_with_a_sentence(alice, body, sentence):
    response = client_for(alice).post("/api/tables/", {"game": "spank", "seat_count": 2, **body}, format="json")
    assert response.status_code == 400
    assert sentence in response.json()["detail"]
    assert not Table.objects.exists()


def test_the_schema_offers_the_times_per_move_and_banks():
    schemas = SchemaGenerator().get_schema(public=True)["components"]["schemas"]
    shape = schemas["CreateSpankTable"]["properties"]
    move_time = [_enum(schemas, part) for part in shape["move_time"]["oneOf"]]
    assert move_time == [[seconds for seconds, _ in MOVE_TIME_CHOICES], [None]] and shape["move_time"]["nullable"]
    assert _enum(schemas, shape["time_bank"]["allOf"][0]) == [seconds for seconds, _ in TIME_BANK_CHOICES]
    assert "`86400` - 1 day" in shape["move_time"]["description"]
    assert "`0` - no time bank" in shape["time_bank"]["description"]
    shown = schemas["Table"]["properties"]
    assert {"move_time", "time_bank", "turn_based"} <= set(shown) and shown["turn_based"]["type"] == "boolean"


def _enum(schemas, reference):
    return schemas[reference["$ref"].rsplit("/", 1)[1]]["enum"]

"""An open turn-based table waits a week for its players before the periodic job closes it, not a day:
friends far apart gather over days (games.tables.closing)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Seat, Table
from games.tables import closing, lobby

pytestmark = pytest.mark.django_db


def age(table, days):
    then = timezone.now() - timedelta(days=days)
    Table.objects.filter(pk=table.pk).update(created_at=then)
    Seat.objects.filter(table=table).update(joined_at=then)


def test_a_turn_based_table_is_closed_after_a_week_unstarted_and_a_live_one_after_a_day(alice, settings):
    settings.UNSTARTED_TABLE_HOURS, settings.UNSTARTED_TURN_BASED_TABLE_DAYS = 24, 7
    waiting = lobby.create_table(alice, "spank", 2, name="Waiting days", move_time=86400, time_bank=0)
    age(waiting, 6)
    forgotten = lobby.create_table(alice, "spank", 2, name="Forgotten", move_time=86400, time_bank=0)
    age(forgotten, 8)
    live = lobby.create_table(alice, "spank", 2, name="Live")
    age(live, 2)
    assert closing.close_stale_tables() == 2
    assert dict(Table.objects.values_list("name", "status")) == {
        "Waiting days": "open",
        "Forgotten": "closed",
        "Live": "closed",
    }

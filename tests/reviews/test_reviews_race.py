"""Two staff decide the same dispute at once on PostgreSQL: exactly one decision lands; the staff log
refuses TRUNCATE too (outside a test transaction, where its trigger fires at once)."""

from functools import partial

import pytest
from django.db import DatabaseError, connection
from race_helpers import race
from reviews_helpers import misplay_ruling

from events import store
from games.errors import Conflict
from reviews import deciding, filing
from reviews.models import Dispute, StaffAction

pytestmark = pytest.mark.django_db(transaction=True)


def _staff(make_user, name):
    user = make_user(name)
    user.is_staff = True
    user.save()
    return user


@pytest.mark.parametrize("outcomes", [("overturn", "overturn"), ("uphold", "overturn")])
def test_two_staff_deciding_at_once_one_lands_the_other_is_told(alice, bob, carol, make_user, outcomes):
    if connection.vendor != "postgresql":
        pytest.skip("row locks are PostgreSQL's")
    table, version = misplay_ruling([alice, bob, carol])
    dispute = filing.file_dispute(table, bob, version, "A legal pair.")
    staff = [_staff(make_user, "referee"), _staff(make_user, "warden")]
    results = race(*(partial(deciding.decide, dispute.pk, staff[n], outcomes[n], f"Decision {n}.") for n in range(2)))
    landed = [r for r in results if isinstance(r, Dispute)]
    refused = [r for r in results if isinstance(r, Conflict)]
    assert len(landed) == 1 and len(refused) == 1, results
    assert refused[0].message.startswith("This dispute was already decided:")
    dispute.refresh_from_db()
    winner = results.index(landed[0])
    assert dispute.decided_by == staff[winner] and dispute.reason == f"Decision {winner}."
    assert StaffAction.objects.count() == 1
    overturns = [e for e in store.read(table.stream, game=table.game) if e.type == "ruling_overturned"]
    assert len(overturns) == (1 if outcomes[winner] == "overturn" else 0)


def test_the_staff_log_refuses_truncate(alice, bob, carol, make_user):
    if connection.vendor != "postgresql":
        pytest.skip("the database's triggers are PostgreSQL's")
    table, version = misplay_ruling([alice, bob, carol])
    dispute = filing.file_dispute(table, bob, version, "A legal pair.")
    deciding.decide(dispute.pk, _staff(make_user, "referee"), "uphold", "Right call.")
    with pytest.raises(DatabaseError, match="append-only"), connection.cursor() as cursor:
        cursor.execute("TRUNCATE reviews_staffaction CASCADE")
    assert StaffAction.objects.count() == 1

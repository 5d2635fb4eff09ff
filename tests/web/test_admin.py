"""The Django admin: history (tables, seats, events, disputes, the staff log) is read-only there, for a
superuser too; accounts are managed there, but only a superuser hands out powers or touches a superuser."""

import pytest
from django.contrib.auth.models import Permission
from staff_helpers import pass_second_factor

from events.models import Event
from games.models import Seat, Table
from reviews.models import Dispute, StaffAction


@pytest.fixture
def history(running, alice):
    """One row of each history model: the running table, its first seat, its first event, a dispute, a staff action."""
    table = Table.objects.get(pk=running[0])
    dispute = Dispute.objects.create(
        table=table, version=1, seats=[0], seat=1, filed_by=table.seats.get(number=1).user, text="That was not my card."
    )
    action = StaffAction.objects.create(staff=alice, what=StaffAction.What.COMMAND, why="A test.", table=table)
    return {
        "games/table": table,
        "games/seat": table.seats.get(number=0),
        "events/event": Event.objects.filter(stream=table.stream).earliest("version"),
        "reviews/dispute": dispute,
        "reviews/staffaction": action,
    }


def _staff(make_user, permissions):
    user = make_user("clerk")
    user.is_staff = True
    user.save()
    user.user_permissions.set(permissions)
    return user


@pytest.fixture
def staff_with_every_permission(make_user):
    return _staff(make_user, Permission.objects.all())


@pytest.fixture
def clerk(make_user):
    """Staff who may manage accounts, and nothing more."""
    return _staff(make_user, Permission.objects.filter(content_type__app_label="accounts"))


@pytest.mark.parametrize("who", ["superuser", "staff_with_every_permission"])
def test_history_is_read_only_in_the_admin(history, who, request, client):
    pass_second_factor(client, request.getfixturevalue(who))
    for model, row in history.items():
        before = {field.attname: getattr(row, field.attname) for field in type(row)._meta.concrete_fields}
        changelist, change = f"/admin/{model}/", f"/admin/{model}/{row.pk}/change/"
        assert client.get(changelist).status_code == 200, model
        assert 'value="delete_selected"' not in client.get(changelist).content.decode(), model
        page = client.get(change)
        assert page.status_code == 200 and 'type="submit" value="Save"' not in page.content.decode(), model
        assert client.get(f"/admin/{model}/add/").status_code == 403, model
        assert client.post(change, {}).status_code == 403, model
        assert client.post(f"/admin/{model}/{row.pk}/delete/", {"post": "yes"}).status_code == 403, model
        row.refresh_from_db()
        assert {field.attname: getattr(row, field.attname) for field in type(row)._meta.concrete_fields} == before
    # The table's page shows its seats, as rows to read: no field of a seat to change, none to add.
    page = client.get(f"/admin/games/table/{history['games/table'].pk}/change/").content.decode()
    assert "Bob" in page and 'name="seats-0-user"' not in page and 'name="seats-MAX_NUM_FORMS" value="0"' in page
    assert Seat.objects.filter(table=history["games/table"]).count() == 2


def test_a_superuser_makes_an_account_staff(superuser, bob, client):
    pass_second_factor(client, superuser)
    assert client.post(f"/admin/accounts/user/{bob.pk}/change/", _user_form(bob, is_staff="on")).status_code == 302
    bob.refresh_from_db()
    assert bob.is_staff


def test_staff_manage_accounts_but_hand_out_no_powers(clerk, bob, client):
    pass_second_factor(client, clerk)
    answer = client.post(
        f"/admin/accounts/user/{bob.pk}/change/",
        _user_form(bob, display_name="Bobby", is_staff="on", is_superuser="on"),
    )
    assert answer.status_code == 302
    bob.refresh_from_db()
    assert bob.display_name == "Bobby" and not bob.is_staff and not bob.is_superuser
    clerk.refresh_from_db()
    assert (
        client.post(f"/admin/accounts/user/{clerk.pk}/change/", _user_form(clerk, is_superuser="on")).status_code == 302
    )
    clerk.refresh_from_db()
    assert not clerk.is_superuser


def test_staff_cannot_change_a_superusers_account_or_password(clerk, superuser, client):
    pass_second_factor(client, clerk)
    assert client.get(f"/admin/accounts/user/{superuser.pk}/change/").status_code == 200  # to read
    assert client.post(f"/admin/accounts/user/{superuser.pk}/change/", _user_form(superuser)).status_code == 403
    assert (
        client.post(
            f"/admin/accounts/user/{superuser.pk}/password/",
            {"password1": "taken-over-now-1", "password2": "taken-over-now-1"},
        ).status_code
        == 403
    )
    assert client.post(f"/admin/accounts/user/{superuser.pk}/delete/", {"post": "yes"}).status_code == 403
    superuser.refresh_from_db()
    assert superuser.check_password("a-long-test-password")


def _user_form(user, **changes):
    """The admin's change form for ``user`` as posted unchanged, but for ``changes``."""
    form = {
        "username": user.username,
        "display_name": user.display_name,
        "first_name": "",
        "last_name": "",
        "email": "",
        "is_active": "on",
    }
    return {**form, **changes}

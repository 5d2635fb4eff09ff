import pytest

from api_helpers import client_for, create_table


@pytest.fixture
def make_user(db):
    from accounts.models import User

    def make(username, display_name=None, password="a-long-test-password"):
        return User.objects.create_user(
            username=username, password=password, display_name=display_name or username.title()
        )

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def carol(make_user):
    return make_user("carol")


@pytest.fixture
def running(alice, bob):
    """A started two-seat Spank! table: (table id, {seat: client})."""
    a, b = client_for(alice), client_for(bob)
    table = create_table(a)
    assert b.post(f"/api/tables/{table['id']}/join/", {}, format="json").status_code == 200
    assert a.post(f"/api/tables/{table['id']}/start/").status_code == 200
    return table["id"], {0: a, 1: b}

import pytest
from api_helpers import client_for, create_table
from channels.testing import WebsocketCommunicator

from games.frames import parts


@pytest.fixture(scope="session", autouse=True)
def _flush_may_empty_the_event_log():
    """Between transactional tests Django's flush TRUNCATEs every table, which the event table's
    TRUNCATE trigger refuses (events/migrations/0003). The flush runs in one transaction; this puts
    that transaction in replica mode, where ordinary triggers do not fire. Only a superuser may set
    session_replication_role, as the test run connects; the runtime role never can."""
    from django.db.backends.postgresql.operations import DatabaseOperations

    sql_flush = DatabaseOperations.sql_flush

    def sql_flush_past_the_trigger(self, style, tables, **options):
        statements = sql_flush(self, style, tables, **options)
        return ["SET LOCAL session_replication_role = replica", *statements] if statements else statements

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(DatabaseOperations, "sql_flush", sql_flush_past_the_trigger)
        yield


@pytest.fixture(scope="session", autouse=True)
def _close_database_pools_before_the_test_database_is_dropped(django_db_setup, django_db_blocker):
    """Connections other threads opened (the live path's threads, asgiref's) would keep the test
    database busy, and its drop would fail: close the pool and end the other sessions first."""
    yield
    from django.db import connection

    with django_db_blocker.unblock():
        if (
            connection.vendor != "postgresql"
            or connection.settings_dict["NAME"] != connection.creation._get_test_db_name()
        ):
            return  # no test database was made (no test of this run used one)
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        if connection.pool:
            connection.close_pool()


@pytest.fixture
def make_user(db):
    from accounts.models import User

    def make(username, display_name=None, password="a-long-test-password"):
        return User.objects.create_user(
            username=username, password=password, display_name=display_name or username.title()
        )

    return make


@pytest.fixture(autouse=True)
def _fast_password_hasher(settings):
    """Django's fast test hasher: the real one is slow on purpose, and the suite makes accounts and logs in
    thousands of times (production keeps PBKDF2; the browser tests' live servers take this one too,
    tests/browser/test_browser.py)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _empty_cache(settings):
    """Each test starts with an empty cache of its own (the log-in throttles' counts), rather
    than flushing the run's Redis database, which the channel layer and Celery share."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "tests"}}
    from django.core.cache import cache

    cache.clear()


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
def players(alice, bob, carol):
    return [alice, bob, carol]


@pytest.fixture
def ruled(players):
    """(table, the ruling's version): a Spite match in play in which Carol (seat 2) rightly called Bob's
    (seat 1) misplay."""
    from reviews_helpers import misplay_ruling

    return misplay_ruling(players)


@pytest.fixture
def superuser(make_user):
    """Staff with every power: what the admin's pages need."""
    user = make_user("boss")
    user.is_staff = user.is_superuser = True
    user.save()
    return user


@pytest.fixture
def running(alice, bob):
    """A started two-seat Spank! table: (table id, {seat: client})."""
    a, b = client_for(alice), client_for(bob)
    table = create_table(a)
    assert b.post(f"/api/tables/{table['id']}/join/", {}, format="json").status_code == 200
    assert a.post(f"/api/tables/{table['id']}/start/").status_code == 200
    return table["id"], {0: a, 1: b}


@pytest.fixture(autouse=True)
def _table_frames_read_whole(monkeypatch):
    """A test reads a table socket as the page does: each frame of parts joined into the whole #table-live
    (games.frames.parts.Reader; the page's is static/js/table_live/parts.js). What came over the socket
    is kept as ``communicator.raw_frames``, and what it was read as as ``joined_frames``, for the tests of the
    parts themselves."""
    receive = WebsocketCommunicator.receive_from

    async def receive_from(self, timeout=1):
        raw = await receive(self, timeout)
        joined = self.__dict__.setdefault("parts_reader", parts.Reader()).read(raw)
        self.__dict__.setdefault("raw_frames", []).append(raw)
        self.__dict__.setdefault("joined_frames", []).append(joined)
        return joined

    monkeypatch.setattr(WebsocketCommunicator, "receive_from", receive_from)

"""The event log is append-only for real: the role the app runs as cannot change or empty it.

Migrations run as the tables' owner; web processes and workers connect as the role
``manage.py create_runtime_role`` makes. These tests make one, connect as it straight to the test
database and try each way around the append-only triggers, then run the app itself as that role.
"""

import os
import secrets
from contextlib import contextmanager
from datetime import timedelta
from io import StringIO

import psycopg
import pytest
from api_helpers import client_for, create_table
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client
from django.utils import timezone

from events import store
from games.models import Deadline, Table
from games.play import firing

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="database roles need PostgreSQL (make test)"),
    pytest.mark.django_db(transaction=True),  # the role's own connection sees only committed rows
]

ROLE = f"cardroom_runtime_test_{os.getpid()}"  # roles are shared by every database on the server
PASSWORD = secrets.token_urlsafe(16)
TRIGGERS = [
    ("events_event_append_only", "O"),
    ("events_event_follows", "O"),
    ("events_event_no_truncate", "O"),
]  # "O": enabled


@pytest.fixture(scope="module")
def runtime_role(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        call_command("create_runtime_role", ROLE, password=PASSWORD, stdout=StringIO())
    yield ROLE
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(f"DROP OWNED BY {ROLE}")  # its grants in the test database
        cursor.execute(f"DROP ROLE {ROLE}")


@pytest.fixture
def as_runtime(runtime_role):
    """A connection to the test database as the runtime role, in autocommit."""
    db = connection.settings_dict
    with psycopg.connect(
        host=db["HOST"] or "127.0.0.1",
        port=db["PORT"] or 5432,
        dbname=db["NAME"],
        user=runtime_role,
        password=PASSWORD,
        autocommit=True,
    ) as runtime:
        yield runtime


@contextmanager
def connected_as(role):
    """Django's own connection logs in as ``role`` for the block, as a process started with its DATABASE_URL would."""
    db = connection.settings_dict
    owner = db["USER"], db["PASSWORD"]
    _reconnect()
    db["USER"], db["PASSWORD"] = role, PASSWORD
    try:
        yield
    finally:
        _reconnect()
        db["USER"], db["PASSWORD"] = owner


def _reconnect():
    """Close the connection and its pool, so the next one logs in with the settings as they are then."""
    connection.close()
    if connection.pool:
        connection.close_pool()


def triggers():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tgname, tgenabled FROM pg_trigger WHERE tgrelid = 'events_event'::regclass "
            "AND NOT tgisinternal ORDER BY tgname"
        )
        return cursor.fetchall()


def table_owner():
    with connection.cursor() as cursor:
        cursor.execute("SELECT relowner::regrole::text FROM pg_class WHERE oid = 'events_event'::regclass")
        return cursor.fetchone()[0]


def test_the_runtime_role_appends_and_reads_events(as_runtime):
    as_runtime.execute(
        "INSERT INTO events_event (stream, version, type, schema, payload, actor_kind, created_at, previous, hash) "
        """VALUES ('s1', 1, 'x', 1, '{"type": "x"}', 'system', now(), repeat('0', 64), repeat('1', 64))"""
    )
    assert as_runtime.execute("SELECT stream, version, type FROM events_event").fetchall() == [("s1", 1, "x")]
    assert [(e.version, e.type) for e in store.read("s1")] == [(1, "x")]


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE events_event SET type = 'forged'",
        "INSERT INTO events_event (stream, version, type, schema, payload, actor_kind, created_at, previous, hash) "
        """VALUES ('s1', 1, 'forged', 1, '{}', 'system', now(), repeat('0', 64), '') """
        "ON CONFLICT (stream, version) DO UPDATE SET type = 'forged'",
        "DELETE FROM events_event",
        "TRUNCATE events_event",
        "TRUNCATE accounts_user CASCADE",
        "ALTER TABLE events_event DISABLE TRIGGER events_event_append_only",
        "ALTER TABLE events_event DISABLE TRIGGER ALL",
        "ALTER TABLE events_event DISABLE TRIGGER events_event_follows",
        "SET session_replication_role = replica",
        "DROP TRIGGER events_event_append_only ON events_event",
        "DROP TRIGGER events_event_no_truncate ON events_event",
        "CREATE OR REPLACE FUNCTION events_event_append_only() RETURNS trigger LANGUAGE plpgsql "
        "AS $$ BEGIN RETURN NEW; END $$",
        "ALTER TABLE events_event RENAME TO events_event_old",
        "DROP TABLE events_event",
        "SET ROLE {owner}",
        "GRANT {owner} TO {role}",
    ],
)
def test_the_runtime_role_cannot_change_or_empty_the_event_log(as_runtime, runtime_role, sql):
    store.append("s1", [{"type": "x"}], 0)
    # Refused for want of a privilege: the triggers are not even reached.
    with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied|must be owner|must be superuser"):
        as_runtime.execute(sql.replace("{owner}", table_owner()).replace("{role}", runtime_role))
    assert [(e.version, e.type) for e in store.read("s1")] == [(1, "x")]
    assert triggers() == TRIGGERS


def test_the_runtime_role_may_change_every_other_table_of_the_app_and_owns_none(runtime_role):
    tables = connection.introspection.django_table_names(only_existing=True, include_views=False)
    assert {
        "accounts_user",
        "games_table",
        "games_seat",
        "games_deadline",
        "django_session",
        "django_admin_log",
        "events_event",
        "reviews_staffaction",
    } <= set(tables)
    with connection.cursor() as cursor:
        for table in tables:
            cursor.execute(
                "SELECT p FROM unnest(ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']) p "
                "WHERE has_table_privilege(%s, %s, p)",
                [runtime_role, table],
            )
            granted = [row[0] for row in cursor.fetchall()]
            append_only = table in ("events_event", "events_streamkey", "reviews_staffaction")
            assert granted == (["SELECT", "INSERT"] if append_only else ["SELECT", "INSERT", "UPDATE", "DELETE"]), table
        cursor.execute("SELECT count(*) FROM pg_class WHERE relowner = %s::regrole", [runtime_role])
        assert cursor.fetchone()[0] == 0
        cursor.execute(
            "SELECT rolsuper, rolcreaterole, rolcanlogin, rolpassword LIKE 'SCRAM-SHA-256$%%' "
            "FROM pg_authid WHERE rolname = %s",
            [runtime_role],
        )
        assert cursor.fetchone() == (False, False, True, True)


def test_the_app_runs_as_the_runtime_role(runtime_role):
    with connected_as(runtime_role):
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_user")
            assert cursor.fetchone()[0] == runtime_role
        # Sign up (a user, a session), then play through the REST API at a table with a turn clock.
        browser = Client()
        signed_up = browser.post(
            "/accounts/signup/",
            {"username": "alice", "display_name": "Alice", "password1": PASSWORD, "password2": PASSWORD},
        )
        assert signed_up.status_code == 302, signed_up.content
        alice = signed_up.wsgi_request.user
        bob = type(alice).objects.create_user("bob", password=PASSWORD, display_name="Bob")
        a, b = client_for(alice), client_for(bob)
        table = create_table(a, turn_clock=15)
        assert b.post(f"/api/tables/{table['id']}/join/", {}, format="json").status_code == 200
        assert b.post(f"/api/tables/{table['id']}/leave/").status_code == 200
        assert b.post(f"/api/tables/{table['id']}/join/", {}, format="json").status_code == 200
        assert a.post(f"/api/tables/{table['id']}/start/").status_code == 200
        dealt = store.current_version(Table.objects.get(pk=table["id"]).stream)
        # The turn runs out: the run firing due deadlines claims it and the timeout is appended.
        Deadline.objects.filter(table_id=table["id"]).update(due_at=timezone.now() - timedelta(seconds=1))
        assert firing.fire_due() == 1
        assert store.current_version(Table.objects.get(pk=table["id"]).stream) > dealt
        assert Deadline.objects.filter(table_id=table["id"], fired_at__isnull=False).exists()
        assert browser.post("/accounts/logout/").status_code == 302


def test_the_command_refreshes_grants_and_takes_back_what_the_event_table_must_not_give(runtime_role):
    with connection.cursor() as cursor:
        cursor.execute(f"REVOKE INSERT ON games_table FROM {runtime_role}")
        cursor.execute(f"GRANT UPDATE, DELETE, TRUNCATE ON events_event TO {runtime_role}")
    call_command("create_runtime_role", runtime_role, stdout=StringIO())
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT has_table_privilege(%s, 'games_table', 'INSERT'), "
            "has_table_privilege(%s, 'events_event', 'UPDATE, DELETE, TRUNCATE')",
            [runtime_role] * 2,
        )
        assert cursor.fetchone() == (True, False)


def test_the_command_refuses_a_grant_to_public_it_cannot_take_back(runtime_role):
    with connection.cursor() as cursor:
        cursor.execute("GRANT DELETE ON events_event TO PUBLIC")
    try:
        with pytest.raises(CommandError, match="PUBLIC"):
            call_command("create_runtime_role", runtime_role, stdout=StringIO())
    finally:
        with connection.cursor() as cursor:
            cursor.execute("REVOKE DELETE ON events_event FROM PUBLIC")


@pytest.mark.parametrize(
    "power, refusal",
    [
        ("ALTER ROLE {name} SUPERUSER", "is a superuser"),
        ("ALTER ROLE {name} CREATEROLE", "has CREATEROLE"),
        ("ALTER DATABASE {database} OWNER TO {name}", "owns the database"),
        ("ALTER SCHEMA {schema} OWNER TO {name}", "owns the event table's schema"),
    ],
)
def test_the_command_refuses_a_role_that_could_step_around_the_triggers(power, refusal):
    name = f"cardroom_powerful_test_{os.getpid()}"
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT current_database(), datdba::regrole::text, relnamespace::regnamespace::text, "
            "nspowner::regrole::text FROM pg_database, pg_class JOIN pg_namespace n ON n.oid = relnamespace "
            "WHERE datname = current_database() AND pg_class.oid = 'events_event'::regclass"
        )
        database, database_owner, schema, schema_owner = cursor.fetchone()
        cursor.execute(f"CREATE ROLE {name}")
        cursor.execute(power.format(name=name, database=database, schema=schema))
    try:
        with pytest.raises(CommandError, match=refusal):
            call_command("create_runtime_role", name, stdout=StringIO())
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_class, aclexplode(relacl) acl WHERE acl.grantee = %s::regrole", [name]
            )
            assert cursor.fetchone() == (0,)  # refused before any grant
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"ALTER DATABASE {database} OWNER TO {database_owner}")
            cursor.execute(f"ALTER SCHEMA {schema} OWNER TO {schema_owner}")
            cursor.execute(f"DROP ROLE {name}")


def test_the_command_refuses_the_owner_itself():
    with pytest.raises(CommandError, match="superuser|owns the event table"):
        call_command("create_runtime_role", table_owner(), stdout=StringIO())


def test_creating_the_role_as_the_owner_without_createrole_asks_for_a_superuser():
    name = f"cardroom_plain_owner_test_{os.getpid()}"
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE ROLE {name}")
        cursor.execute(f"SET ROLE {name}")
    try:
        with pytest.raises(CommandError, match="needs a superuser"):
            call_command("create_runtime_role", f"cardroom_never_test_{os.getpid()}", stdout=StringIO())
    finally:
        with connection.cursor() as cursor:
            cursor.execute("RESET ROLE")
            cursor.execute(f"DROP ROLE {name}")

"""``manage.py create_runtime_role NAME``: the database role web processes and workers connect as.

Migrations run as the tables' owner; everything else runs as this role. It reads and writes the
app's tables but may only read and append to the event log and the other append-only tables (a model
with ``append_only = True``: the staff log): no UPDATE, DELETE or TRUNCATE there.
It owns nothing, so it cannot alter the table, switch off or drop its triggers, or replace their
function; it is no superuser, so it cannot set ``session_replication_role = replica`` (which skips
triggers). The command refuses a role that could step around any of that.

Run it as the owner after every ``migrate``: it is idempotent and re-grants every table of the
app. A table a later migration adds stays closed to the role until then, which fails loudly,
where default privileges would quietly hand the next append-only table UPDATE and DELETE.
"""

import re

from django.apps import apps
from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError, connection, transaction

from events.models import Event

EVENTS = Event._meta.db_table
APPEND_ONLY = "SELECT, INSERT"
READ_WRITE = "SELECT, INSERT, UPDATE, DELETE"
INSUFFICIENT_PRIVILEGE = "42501"
ROLE_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")

# What could let the role step around the event table's privileges and triggers, and why.
POWERS = """
SELECT EXISTS (SELECT FROM pg_roles s WHERE s.rolsuper AND pg_has_role(r.oid, s.oid, 'MEMBER')),
       r.rolcreaterole,
       pg_has_role(r.oid, c.relowner, 'MEMBER'),
       pg_has_role(r.oid, d.datdba, 'MEMBER'),
       pg_has_role(r.oid, n.nspowner, 'MEMBER')
  FROM pg_roles r, pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace, pg_database d
 WHERE r.rolname = %s AND c.oid = %s::regclass AND d.datname = current_database()
"""
REFUSALS = (
    "is a superuser (or a member of one), which may switch the triggers off",
    "has CREATEROLE, with which it could make itself a member of the tables' owner",
    "owns the event table (or is a member of its owner): run migrate as the owner, and the app as another role",
    "owns the database (or is a member of its owner), which lets it drop the database",
    "owns the event table's schema (or is a member of its owner), which lets it drop the table",
)


class Command(BaseCommand):
    help = "Create or refresh the role the web processes and workers connect as: it may only append to the event log."

    def add_arguments(self, parser):
        parser.add_argument("name", help="the role's name, e.g. cardroom_app")
        parser.add_argument("--password", help="set the role's password (needs a superuser; hashed before it is sent)")

    def handle(self, name, password, **options):
        if connection.vendor != "postgresql":
            raise CommandError("Database roles need PostgreSQL (set DATABASE_URL); SQLite has no users.")
        if not ROLE_NAME.fullmatch(name):
            raise CommandError(f"{name!r} is not a plain role name: lower-case letters, digits and _.")
        role = connection.ops.quote_name(name)
        # One transaction: a refused role is neither created nor granted anything.
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SELECT rolcanlogin FROM pg_roles WHERE rolname = %s", [name])
            existing = cursor.fetchone()
            if existing is None:
                change_role(cursor, f"CREATE ROLE {role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION")
            else:
                refuse_powers(cursor, name)
                if not existing[0]:
                    change_role(cursor, f"ALTER ROLE {role} LOGIN")
            if password:
                # Hashed by libpq, as psql's \password does: the statement, and any log of it, never holds it.
                verifier = connection.connection.pgconn.encrypt_password(password.encode(), name.encode())
                change_role(cursor, f"ALTER ROLE {role} PASSWORD %s", [verifier.decode()])
            others = grant(cursor, role)
            for table in append_only_tables():
                cursor.execute("SELECT has_table_privilege(%s, %s, 'UPDATE, DELETE, TRUNCATE')", [name, table])
                if cursor.fetchone()[0]:
                    raise CommandError(
                        f"{name} may still change {table} through a grant to PUBLIC or to a role it belongs to; "
                        "revoke that grant and run this again."
                    )
        self.stdout.write(
            f"Role {name}: {APPEND_ONLY} on {', '.join(append_only_tables())}; {READ_WRITE} on {others} other "
            "tables. Run this again after every migrate."
        )


def append_only_tables():
    """The event table and every other model's table that declares ``append_only = True``."""
    return sorted(
        {EVENTS} | {model._meta.db_table for model in apps.get_models() if getattr(model, "append_only", False)}
    )


def change_role(cursor, sql, params=()):
    """CREATE or ALTER ROLE: unlike the grants, the job of a superuser (or CREATEROLE), not the owner's."""
    try:
        cursor.execute(sql, params)
    except DatabaseError as error:
        if getattr(error.__cause__, "sqlstate", None) != INSUFFICIENT_PRIVILEGE:
            raise
        raise CommandError(
            f"{error}: creating the role or setting its password needs a superuser. Do it once as one "
            "(or with psql: CREATE ROLE ... LOGIN PASSWORD ...), then run this as the owner."
        ) from error


def refuse_powers(cursor, name):
    cursor.execute(POWERS, [name, EVENTS])
    for has_power, refusal in zip(cursor.fetchone(), REFUSALS):
        if has_power:
            raise CommandError(f"Role {name} {refusal}. Choose another name for the runtime role.")


def grant(cursor, role):
    """Re-grant, from nothing, every table of the app and its sequences; returns how many tables are not append-only."""
    quote = connection.ops.quote_name
    tables = sorted(connection.introspection.django_table_names(only_existing=True, include_views=False))
    append_only = [table for table in append_only_tables() if table in tables]
    others = [quote(table) for table in tables if table not in append_only]
    sequences = [
        quote(seq["name"]) for table in tables for seq in connection.introspection.get_sequences(cursor, table)
    ]
    cursor.execute(
        "SELECT current_database(), relnamespace::regnamespace::text FROM pg_class WHERE oid = %s::regclass", [EVENTS]
    )
    database, schema = cursor.fetchone()
    # Granted to PUBLIC by default, but an operator may have revoked them.
    cursor.execute(f"GRANT CONNECT ON DATABASE {quote(database)} TO {role}")
    cursor.execute(f"GRANT USAGE ON SCHEMA {schema} TO {role}")
    cursor.execute(f"REVOKE ALL ON TABLE {', '.join(quote(table) for table in tables)} FROM {role}")
    cursor.execute(f"GRANT {APPEND_ONLY} ON TABLE {', '.join(quote(table) for table in append_only)} TO {role}")
    cursor.execute(f"GRANT {READ_WRITE} ON TABLE {', '.join(others)} TO {role}")
    if sequences:
        cursor.execute(f"REVOKE ALL ON SEQUENCE {', '.join(sequences)} FROM {role}")
        cursor.execute(f"GRANT USAGE ON SEQUENCE {', '.join(sequences)} TO {role}")
    return len(others)

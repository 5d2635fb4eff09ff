"""On PostgreSQL the database itself refuses UPDATE and DELETE on the event table.

SQLite has no such trigger here; there the model and queryset refuse instead.
TRUNCATE is left to the operator (and to the test runner's flush between tests).
"""
from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION events_event_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'events_event is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER events_event_append_only
    BEFORE UPDATE OR DELETE ON events_event
    FOR EACH ROW EXECUTE FUNCTION events_event_append_only();
"""

DROP = """
DROP TRIGGER IF EXISTS events_event_append_only ON events_event;
DROP FUNCTION IF EXISTS events_event_append_only();
"""


def create_trigger(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE, params=None)


def drop_trigger(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP, params=None)


class Migration(migrations.Migration):
    dependencies = [("events", "0001_initial")]

    operations = [migrations.RunPython(create_trigger, drop_trigger)]

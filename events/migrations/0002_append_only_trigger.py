"""On PostgreSQL the database itself refuses UPDATE and DELETE on the event table.

SQLite has no such trigger here; there the model and queryset refuse instead.
TRUNCATE is refused by 0003.
"""
from django.db import migrations

from events.postgresql_only import RunSQLOnPostgreSQL

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


class Migration(migrations.Migration):
    dependencies = [("events", "0001_initial")]

    operations = [RunSQLOnPostgreSQL(CREATE, DROP)]

"""Every event is a link of its stream's chain: the columns are required, and on PostgreSQL a trigger
refuses an event whose ``previous`` is not the hash of the stream's event before it (the genesis value for
the first). A row-level BEFORE trigger sees the rows inserted earlier by the same statement, so a move of
several events, inserted in one statement, is checked link by link. It checks the order of the links,
not their hashes (the salt and the canonical form are the store's): ``manage.py verify_game`` checks those.
SQLite (``make run``) gets the same check as a trigger of its own: the store keeps each stream's head
between appends, and a head kept that the database no longer has must be refused there too, so that the
store retries from the log instead of writing a link that does not follow.
"""
from django.db import migrations, models

from events.postgresql_only import RunSQLOnPostgreSQL, RunSQLOnSQLite

CREATE = """
CREATE OR REPLACE FUNCTION events_event_follows() RETURNS trigger AS $$
DECLARE
    before varchar(64);
BEGIN
    IF NEW.version = 1 THEN
        before := repeat('0', 64);
    ELSE
        SELECT hash INTO before FROM events_event WHERE stream = NEW.stream AND version = NEW.version - 1;
    END IF;
    IF before IS DISTINCT FROM NEW.previous THEN
        RAISE EXCEPTION 'events_event: event % of stream % does not follow the event before it', NEW.version, NEW.stream
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER events_event_follows
    BEFORE INSERT ON events_event
    FOR EACH ROW EXECUTE FUNCTION events_event_follows();
"""

DROP = """
DROP TRIGGER IF EXISTS events_event_follows ON events_event;
DROP FUNCTION IF EXISTS events_event_follows();
"""


CREATE_SQLITE = """
CREATE TRIGGER events_event_follows BEFORE INSERT ON events_event
WHEN NEW.previous IS NOT (CASE
    WHEN NEW.version = 1 THEN '0000000000000000000000000000000000000000000000000000000000000000'
    ELSE (SELECT hash FROM events_event WHERE stream = NEW.stream AND version = NEW.version - 1) END)
BEGIN
    SELECT RAISE(ABORT, 'events_event: the event does not follow the event before it');
END;
"""

DROP_SQLITE = "DROP TRIGGER IF EXISTS events_event_follows;"


class Migration(migrations.Migration):
    dependencies = [("events", "0006_fill_hash_chain")]

    operations = [
        migrations.AlterField(
            model_name="event", name="previous",
            field=models.CharField(max_length=64, help_text="The hash of the stream's event before (events/chain.py)."),
        ),
        migrations.AlterField(
            model_name="event", name="hash",
            field=models.CharField(max_length=64,
                                   help_text="SHA-256 of the stream's salt, ``previous`` and this event."),
        ),
        RunSQLOnPostgreSQL(CREATE, DROP),
        RunSQLOnSQLite(CREATE_SQLITE, DROP_SQLITE),
    ]

"""On PostgreSQL the database itself refuses UPDATE, DELETE and TRUNCATE on the staff log, as
events/migrations/0002 and 0003 do for the event log (SQLite: the model and queryset refuse)."""
from django.db import migrations

from events.postgresql_only import RunSQLOnPostgreSQL

CREATE = """
CREATE OR REPLACE FUNCTION reviews_staffaction_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'reviews_staffaction is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER reviews_staffaction_append_only
    BEFORE UPDATE OR DELETE ON reviews_staffaction
    FOR EACH ROW EXECUTE FUNCTION reviews_staffaction_append_only();

CREATE TRIGGER reviews_staffaction_no_truncate
    BEFORE TRUNCATE ON reviews_staffaction
    FOR EACH STATEMENT EXECUTE FUNCTION reviews_staffaction_append_only();
"""

DROP = """
DROP TRIGGER IF EXISTS reviews_staffaction_no_truncate ON reviews_staffaction;
DROP TRIGGER IF EXISTS reviews_staffaction_append_only ON reviews_staffaction;
DROP FUNCTION IF EXISTS reviews_staffaction_append_only();
"""


class Migration(migrations.Migration):
    dependencies = [("reviews", "0001_initial")]

    operations = [RunSQLOnPostgreSQL(CREATE, DROP)]

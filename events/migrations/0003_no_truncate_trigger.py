"""On PostgreSQL the database also refuses TRUNCATE of the event table, to its owner too.

A statement-level trigger, with the function 0002 made (its message names TG_OP). It fires for
``TRUNCATE accounts_user CASCADE`` as well, and it is what stops ``manage.py flush`` on a live
database. The runtime role (``manage.py create_runtime_role``) has no TRUNCATE privilege in the
first place; this trigger guards against the owner's mistakes. Only a superuser can step around it
(``session_replication_role = replica``), which is how the test suite's flush empties the table
between transactional tests (see tests/conftest.py).
"""
from django.db import migrations

from events.postgresql_only import RunSQLOnPostgreSQL

CREATE = """
CREATE TRIGGER events_event_no_truncate
    BEFORE TRUNCATE ON events_event
    FOR EACH STATEMENT EXECUTE FUNCTION events_event_append_only();
"""

DROP = "DROP TRIGGER IF EXISTS events_event_no_truncate ON events_event;"


class Migration(migrations.Migration):
    dependencies = [("events", "0002_append_only_trigger")]

    operations = [RunSQLOnPostgreSQL(CREATE, DROP)]

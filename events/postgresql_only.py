"""Migration operations for SQL that only one database kind runs: the event table's triggers, written
once for PostgreSQL and once for SQLite (``make run``'s embedded database); the other kind skips each."""

from django.db import migrations


class _RunSQLOnVendor(migrations.RunSQL):
    vendor = None

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == self.vendor:
            super().database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == self.vendor:
            super().database_backwards(app_label, schema_editor, from_state, to_state)


class RunSQLOnPostgreSQL(_RunSQLOnVendor):
    vendor = "postgresql"


class RunSQLOnSQLite(_RunSQLOnVendor):
    vendor = "sqlite"

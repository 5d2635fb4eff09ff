"""Migrating a database with events stored before the hash chain: 0006 chains them, and the append-only
trigger is on again afterwards."""

import json

import pytest
from django.db import DatabaseError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from events import chain, store

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the triggers are PostgreSQL's"),
    pytest.mark.django_db(transaction=True),  # migrations change the schema: committed, then flushed
]

BEFORE = [("events", "0004_event_records_its_game")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def latest():
    return [key for key in MigrationExecutor(connection).loader.graph.leaf_nodes() if key[0] == "events"]


def test_migrating_chains_the_events_already_stored_and_keeps_the_log_append_only():
    migrate(BEFORE)
    try:
        with connection.cursor() as cursor:
            for stream, count in (("old-1", 3), ("old-2", 2)):
                for version in range(1, count + 1):
                    cursor.execute(
                        "INSERT INTO events_event (stream, game, version, type, schema, payload, actor_kind, "
                        "created_at) VALUES (%s, '', %s, 'x', 1, %s, 'system', now())",
                        [stream, version, json.dumps({"type": "x", "n": version})],
                    )
    finally:
        migrate(latest())
    for stream, count in (("old-1", 3), ("old-2", 2)):
        rows = store.rows(stream)
        assert len(rows) == count and rows[0].previous == chain.GENESIS
        assert chain.check(rows, store.salt(stream)) is None
    assert store.salt("old-1") != store.salt("old-2")
    assert store.append("old-1", [{"type": "y"}], 3) == 4  # the store carries the chain on
    assert chain.check(store.rows("old-1"), store.salt("old-1")) is None
    with pytest.raises(DatabaseError, match="append-only"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("UPDATE events_event SET type = 'forged'")

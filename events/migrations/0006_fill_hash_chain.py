"""Chain the events stored before the hash chain existed: a salt for every stream, and every event's link.

This is the one schema change that writes old rows. On PostgreSQL the append-only trigger refuses any
UPDATE of the event table, so it is disabled for the fill and enabled again in the same transaction (the
migration runs as the tables' owner; the app's role could do neither). The links are computed as the store
computes them (events/chain.py), from the rows as stored, so ``verify_game`` checks old games as new ones.
"""
from django.db import migrations

from events import chain

BATCH = 1000


def fill(apps, schema_editor):
    Event, StreamKey = apps.get_model("events", "Event"), apps.get_model("events", "StreamKey")
    postgresql = schema_editor.connection.vendor == "postgresql"
    if postgresql:
        schema_editor.execute("ALTER TABLE events_event DISABLE TRIGGER events_event_append_only")
    streams = Event.objects.order_by().values_list("stream", flat=True).distinct()
    for stream in streams.iterator():
        salt = chain.new_salt()
        StreamKey.objects.create(stream=stream, salt=salt)
        previous, linked = chain.GENESIS, []
        for row in Event.objects.filter(stream=stream).order_by("version").iterator(chunk_size=BATCH):
            row.previous, row.hash = previous, chain.link(previous, chain.canonical_row(row), salt)
            previous = row.hash
            linked.append(row)
            if len(linked) == BATCH:
                Event.objects.bulk_update(linked, ["previous", "hash"])
                linked = []
        Event.objects.bulk_update(linked, ["previous", "hash"])
    if postgresql:
        schema_editor.execute("ALTER TABLE events_event ENABLE TRIGGER events_event_append_only")


class Migration(migrations.Migration):
    dependencies = [("events", "0005_hash_chain_columns")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]

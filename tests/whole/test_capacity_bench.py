"""benchmarks/bench_capacity.py at a tiny size: its JSON lines carry their figures, the appends it counts
are in the event table with an unbroken hash chain, and every publish reaches every subscriber. No timing
is asserted."""

import itertools
import json

import pytest
from django.conf import settings

from benchmarks import bench_capacity
from events import chain, store
from events.models import Event

APPEND_FIELDS = {
    "bench",
    "connections",
    "events_per_append",
    "window_s",
    "appends",
    "appends_total",
    "appends_per_s",
    "events_per_s",
    "postgres_backends_cpu_ms_per_append",
    "postgres_cluster_cpu_ms_per_append",
    "client_cpu_ms_per_append",
    "cpu_pct",
    "stream_prefix",
    "at",
}
PUBLISH_FIELDS = {
    "bench",
    "layer",
    "publishers",
    "subscribers",
    "window_s",
    "publishes",
    "deliveries",
    "publishes_per_s",
    "deliveries_per_s",
    "deliveries_per_publish",
    "redis_cpu_ms_per_publish",
    "publisher_cpu_ms_per_publish",
    "subscriber_cpu_ms_per_delivery",
    "cpu_pct",
    "at",
}


@pytest.mark.django_db(transaction=True)
def test_appends_from_two_connections_are_counted_and_stored_each_stream_an_unbroken_chain():
    line = json.loads(
        json.dumps(bench_capacity.measure_appends(2, count=10, events_per_append=2, moves_per_game=4, warmup_appends=1))
    )

    assert APPEND_FIELDS <= line.keys() and line["bench"] == "event_append"
    assert (line["connections"], line["appends"], line["appends_total"]) == (2, 20, 22)
    assert line["appends_per_s"] > 0 and line["postgres_backends_cpu_ms_per_append"] is not None
    rows = list(Event.objects.filter(stream__startswith=line["stream_prefix"]).order_by("stream", "version"))
    assert len(rows) == 22 * 2
    # Each connection's 11 appends of two events, four appends a game: streams of 8, 8 and 6 events.
    streams = {stream: list(events) for stream, events in itertools.groupby(rows, key=lambda row: row.stream)}
    assert sorted(len(events) for events in streams.values()) == [6, 6, 8, 8, 8, 8]
    for stream, events in streams.items():
        assert [row.version for row in events] == list(range(1, len(events) + 1))
        assert chain.check(store.rows(stream), store.salt(stream)) is None


def test_every_publish_through_the_channel_layer_reaches_each_subscriber():
    if not settings.REDIS_URL:
        pytest.skip("REDIS_URL is not set: there is no Redis channel layer to measure.")
    line = json.loads(json.dumps(bench_capacity.measure_publishes(2, subscribers=2, groups=5, count=10)))

    assert PUBLISH_FIELDS <= line.keys() and line["bench"] == "channel_layer_publish"
    assert line["layer"] == settings.CHANNEL_LAYERS["default"]["BACKEND"]
    assert (line["publishes"], line["deliveries"], line["deliveries_per_publish"]) == (20, 40, 2.0)
    assert line["redis_cpu_ms_per_publish"] is not None and line["subscriber_cpu_ms_per_delivery"] is not None

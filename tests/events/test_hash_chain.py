"""The hash chain (events/chain.py): every event follows its predecessor's hash, written in the same INSERT;
a log changed, shortened, reordered or added to in the database is caught by ``manage.py verify_game`` and
shown on the table page; a deal without its commitment fails; a head shown mid-game gives no hidden card
away without the stream's salt."""

import copy
import json

import pytest
from api_helpers import client_for
from chain_helpers import as_superuser
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from fair_deal_helpers import finished_game, shuffle_events
from test_fair_deals import seated_table, verify_game, with_log

from events import chain, store
from events.models import Event, StreamKey
from games.models import Table
from games.play import fair_deals as fairness
from games.play import log_chain

pytestmark = pytest.mark.django_db

postgresql_only = pytest.mark.skipif(connection.vendor != "postgresql", reason="the trigger is PostgreSQL's")


def recomputed(stream):
    """The stream's links recomputed from its rows as stored, with its salt."""
    rows, salt = store.rows(stream), store.salt(stream)
    previous, links = chain.GENESIS, []
    for row in rows:
        previous = chain.link(previous, chain.canonical_row(row), salt)
        links.append(previous)
    return links


# --- the store writes the chain ------------------------------------------------------------------------


def test_every_event_stores_its_link_and_the_canonical_form_round_trips(alice):
    events = [
        {"type": "a", "text": "Zoë ♥ “quotes”", "nested": {"b": [1, None, True], "a": 2.5}},
        {"type": "b", "keys": {"10": 1, "9": 2}},
        {"type": "c"},
    ]
    store.append("s1", events[:2], 0, store.Actor.user(alice), game="spank")
    stored = store.append_stored("s1", events[2:], 2)
    rows = store.rows("s1")
    assert [row.hash for row in rows] == recomputed("s1")
    assert [row.previous for row in rows] == [chain.GENESIS] + [row.hash for row in rows[:-1]]
    assert stored[-1].hash == rows[-1].hash == store.read("s1")[-1].hash
    assert len(store.salt("s1")) == 32 and StreamKey.objects.count() == 1
    assert chain.check(rows, store.salt("s1")) is None


def test_streams_have_salts_of_their_own():
    store.append("s1", [{"type": "x"}], 0)
    store.append("s2", [{"type": "x"}], 0)
    assert store.salt("s1") != store.salt("s2")
    assert store.rows("s1")[0].hash != store.rows("s2")[0].hash


def test_an_append_at_a_kept_head_is_one_statement(monkeypatch, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        store.append("s1", [{"type": "x"}], 0)
    inserts = []
    monkeypatch.setattr(store, "_insert_at", lambda *args: inserts.append(args) or len(args[3]))
    with CaptureQueriesContext(connection) as queries, django_capture_on_commit_callbacks(execute=True):
        store.append("s1", [{"type": "y"}, {"type": "z"}], 1)
    assert len(inserts) == 1
    assert [query["sql"].split()[0] for query in queries] in ([], ["SAVEPOINT", "RELEASE"])  # no read first


def test_a_head_kept_that_the_database_no_longer_has_costs_a_retry_not_a_conflict(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        store.append("s1", [{"type": "x"}], 0)
    store._heads["s1"] = (1, "f" * 64, store.salt("s1"))  # as if the log had been emptied and written again
    assert store.append("s1", [{"type": "y"}], 1) == 2
    assert chain.check(store.rows("s1"), store.salt("s1")) is None


@pytest.mark.parametrize("previous", ["f" * 64, None])
def test_the_database_refuses_an_event_that_does_not_follow_its_predecessor(previous):
    # A trigger on PostgreSQL and on SQLite (make run) alike.
    store.append("s1", [{"type": "x"}], 0)
    head, now = store.rows("s1")[0].hash, timezone.now()
    sql = (
        "INSERT INTO events_event (stream, game, version, type, schema, payload, actor_kind, created_at, previous, "
        "hash) VALUES ('s1', '', %s, 'y', 1, '{}', 'system', %s, %s, %s), "
        "('s1', '', %s, 'z', 1, '{}', 'system', %s, %s, %s)"
    )

    def insert(first, second):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, [first[0], now, *first[1:], second[0], now, *second[1:]])

    # One statement, two rows: the second row is checked against the first, inserted by the same statement.
    insert((2, head, "a" * 64), (3, "a" * 64, "b" * 64))
    with pytest.raises(IntegrityError, match="does not follow the event before it"):
        insert((4, previous, "c" * 64), (5, "c" * 64, "d" * 64))
    with pytest.raises(IntegrityError, match="does not follow the event before it"):
        insert((4, "b" * 64, "c" * 64), (5, "e" * 64, "d" * 64))
    assert [row.version for row in store.rows("s1")] == [1, 2, 3]


# --- verify_game and the pages catch a log tampered with in the database --------------------------------


def tamper(kind, stream):
    """Change the stored log of ``stream`` as the database's superuser could, past the triggers."""
    if kind == "changed":
        as_superuser(
            "UPDATE events_event SET payload = jsonb_set(payload, '{forged}', 'true') "
            "WHERE stream = %s AND version = 3",
            [stream],
        )
    elif kind == "missing":
        as_superuser("DELETE FROM events_event WHERE stream = %s AND version = 3", [stream])
    elif kind == "reordered":
        for before, after in ((3, 1003), (4, 3), (1003, 4)):
            as_superuser(
                "UPDATE events_event SET version = %s WHERE stream = %s AND version = %s", [after, stream, before]
            )
    elif kind == "inserted":
        as_superuser("UPDATE events_event SET version = version + 1000 WHERE stream = %s AND version >= 3", [stream])
        as_superuser("UPDATE events_event SET version = version - 999 WHERE stream = %s AND version > 1000", [stream])
        row = store.rows(stream)[1]  # event 2, copied as event 3
        forged = Event(
            stream=stream,
            game=row.game,
            version=3,
            type=row.type,
            schema=row.schema,
            payload=row.payload,
            actor_kind=row.actor_kind,
            created_at=row.created_at,
            previous=row.hash,
        )
        forged.hash = chain.link(row.hash, chain.canonical_row(forged), store.salt(stream))  # the operator has the salt
        as_superuser(
            "INSERT INTO events_event (stream, game, version, type, schema, payload, actor_kind, created_at, "
            "previous, hash) VALUES (%s, %s, 3, %s, %s, %s, %s, %s, %s, %s)",
            [
                stream,
                row.game,
                row.type,
                row.schema,
                json.dumps(row.payload),
                row.actor_kind,
                row.created_at,
                forged.previous,
                forged.hash,
            ],
        )


EXPECTED = {
    "changed": "Event 3 was changed: it does not match its hash.",
    "missing": "Event 3 is missing.",
    "reordered": "Event 3 is out of order: it follows event 4, not event 2.",
    "inserted": "Event 3 was inserted: event 4 follows event 2.",
}


@postgresql_only
@pytest.mark.parametrize("kind", sorted(EXPECTED))
def test_verify_game_and_the_table_page_catch_a_log_changed_in_the_database(kind, make_user):
    log, _ = finished_game("spank")
    table, users = seated_table("spank", make_user)
    with_log(table, list(log))
    assert log_chain.check(table).broken is None
    tamper(kind, table.stream)
    broken = log_chain.check(table).broken
    assert broken.reason == EXPECTED[kind] and broken.version == 3
    page = client_for(users[0]).get(f"/tables/{table.id}/").content.decode()
    assert f"The log of this table fails its check at event 3:</strong> {EXPECTED[kind]}" in page
    status, out, err = verify_game(table.id)
    assert status == 1 and out.splitlines()[0] == f"log: failed - {EXPECTED[kind]}"
    assert f"The log fails its check at event 3: {EXPECTED[kind]}" in err


def test_an_untouched_log_verifies_and_its_pages_show_the_head(make_user):
    log, _ = finished_game("spite")
    table, users = seated_table("spite", make_user)
    with_log(table, list(log))
    head = recomputed(table.stream)[-1]
    for url in (f"/tables/{table.id}/", f"/tables/{table.id}/replay/"):
        page = client_for(users[0]).get(url).content.decode()
        assert f'<code title="{head}">{head[:12]}…</code>' in page and "fails its check" not in page
    status, out, _ = verify_game(table.id)
    assert status == 0 and out.splitlines()[0] == f"log: ok - {len(log)} events chained, head {head}"


def rechain(stream):
    """Write every link again from the rows as they are now: what an operator with the salt can do."""
    salt, previous = store.salt(stream), chain.GENESIS
    for row in store.rows(stream):
        row.previous = previous
        previous = chain.link(previous, chain.canonical_row(row), salt)
        as_superuser("UPDATE events_event SET previous = %s, hash = %s WHERE id = %s", [row.previous, previous, row.id])


@postgresql_only
@pytest.mark.parametrize("removal", ["payload - 'commitment'", "jsonb_set(payload, '{commitment}', 'null')"])
def test_a_deal_whose_commitment_was_removed_fails_even_with_the_chain_written_again(removal, make_user):
    log, _ = finished_game("spite_and_malice")
    table, _ = seated_table("spite_and_malice", make_user)
    with_log(table, list(log))
    reshuffle = log.index(shuffle_events(log)[-1]) + 1
    as_superuser(
        f"UPDATE events_event SET payload = {removal} WHERE stream = %s AND version = %s", [table.stream, reshuffle]
    )
    rechain(table.stream)
    assert log_chain.check(table).broken is None  # the chain alone cannot tell: the operator has the salt
    failed = [check for check in fairness.report(table) if check.result == fairness.FAILED]
    assert [check.version for check in failed] == [reshuffle]
    status, out, _ = verify_game(table.id)
    assert status == 1 and f"event {reshuffle} (drew): failed - The deal" in out


@postgresql_only
def test_a_deal_changed_with_its_commitment_and_the_chain_is_caught_by_a_head_kept_at_the_deal(make_user):
    log, _ = finished_game("spank")
    table, users = seated_table("spank", make_user)
    with_log(table, list(log))
    kept = log_chain.check(table).deal_heads  # what a player's page kept at each deal
    assert kept == {
        version: recomputed(table.stream)[version - 1]
        for version in (log.index(event) + 1 for event in shuffle_events(log))
    }
    dealt = copy.deepcopy(log[0])
    dealt["stock"][0], dealt["stock"][-1] = dealt["stock"][-1], dealt["stock"][0]
    salt = dealt["commitment"]["salt"]
    from games.engines.fairness import commit, committed_order

    dealt["commitment"]["sha256"] = commit(committed_order(dealt, dealt["commitment"]["keys"]), salt)
    as_superuser(
        "UPDATE events_event SET payload = %s WHERE stream = %s AND version = 1", [json.dumps(dealt), table.stream]
    )
    rechain(table.stream)
    assert log_chain.check(table).broken is None and fairness.all_verified(fairness.report(table))
    assert log_chain.check(table).deal_heads[1] != kept[1]


# --- the salt keeps hidden cards hidden while the game runs -----------------------------------------------

CARDS = [
    rank + suit for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for suit in "SHDC"
] + ["JK"]


def test_a_head_shown_mid_game_gives_no_drawn_card_away_without_the_salt(make_user):
    log, boundaries = finished_game("spank")
    table, users = seated_table("spank", make_user)
    running = list(log[: boundaries[6]])
    drew = max(index for index, event in enumerate(running) if event["type"] == "drew") + 1
    store.append(table.stream, running[:drew], 0, game=table.game)
    page = client_for(users[0]).get(f"/tables/{table.id}/").content.decode()
    row, salt = store.rows(table.stream)[drew - 1], store.salt(table.stream)
    assert row.hash[:12] in page and salt not in page  # the head is shown, the salt is not
    assert salt not in client_for(users[0]).get(f"/api/tables/{table.id}/events/").content.decode()

    def guesses(salt):
        """Every drawn card tried against the head shown after the draw, from the head before it."""
        for card in CARDS:
            payload = {**row.payload, "cards": [card] + row.payload["cards"][1:]}
            text = chain.canonical(
                row.stream,
                row.version,
                row.game,
                row.type,
                row.schema,
                payload,
                row.actor_kind,
                row.actor_user_id,
                row.created_at,
            )
            if chain.link(row.previous, text, salt) == row.hash:
                yield card

    assert list(guesses(salt)) == [row.payload["cards"][0]]  # with the salt, the search finds the card ...
    assert list(guesses("")) == []  # ... without it, nothing: the salt is in every link


# --- the API shows the head, and the salt once the game is over ----------------------------------------


def test_the_api_gives_the_head_and_every_event_s_link_and_the_salt_only_once_the_game_is_over(make_user):
    log, boundaries = finished_game("spank")
    table, users = seated_table("spank", make_user)
    client = client_for(users[0])
    store.append(table.stream, list(log[: boundaries[4]]), 0, game=table.game)
    links = recomputed(table.stream)
    running = client.get(f"/api/tables/{table.id}/").json()["log"]
    assert running == {"version": len(links), "head": links[-1], "broken": None, "salt": None}
    assert [item["hash"] for item in client.get(f"/api/tables/{table.id}/events/").json()] == links
    store.append(table.stream, list(log[boundaries[4] :]), boundaries[4], game=table.game)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    links = recomputed(table.stream)
    finished = client.get(f"/api/tables/{table.id}/").json()["log"]
    assert finished == {"version": len(log), "head": links[-1], "broken": None, "salt": store.salt(table.stream)}
    step = client.get(f"/api/tables/{table.id}/replay/?step=5").json()
    assert step["head"] == links[4] and step["salt"] == store.salt(table.stream)
    assert client.get(f"/api/tables/{table.id}/replay/?step=0").json()["head"] == chain.GENESIS

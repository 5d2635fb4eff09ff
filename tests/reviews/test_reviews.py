"""Disputes of rulings and their review: filing and every refusal, the queue and its permissions,
uphold and overturn with their effects and audit entries, notices, and the engine's hook."""

from unittest import mock

import pytest
from api_helpers import client_for, command, create_table
from django.contrib.auth.models import Permission
from reviews_helpers import misplay_ruling, spite_table
from staff_helpers import pass_second_factor, staff_api

from events import store
from games.engines import GAMES, get_engine
from games.errors import BadRequest
from games.play import commands, game_state
from reviews import deciding, filing
from reviews.models import Dispute, StaffAction

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(make_user):
    user = make_user("referee")
    user.is_staff = True
    user.save()
    return user


def file(user, table, version, text="The jacks were a legal pair on a single: they beat it."):
    return client_for(user).post(f"/api/tables/{table.id}/disputes/", {"version": version, "text": text}, format="json")


def page_for(user, url):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client.get(url).content.decode()


def decide_api(user, dispute, outcome, reason="Looked at the replay."):
    return staff_api(user).post(
        f"/api/disputes/{dispute.pk}/decision/", {"outcome": outcome, "reason": reason}, format="json"
    )


# --- the engine's hook ---------------------------------------------------------------------------


def test_spite_names_its_rulings_and_the_seats_they_involve():
    spite = get_engine("spite")
    assert spite.disputable({"type": "misplay_called", "seat": 1, "caller": 2}) == (1, 2)
    assert spite.disputable({"type": "misplay_called", "seat": 2, "caller": 0}) == (0, 2)
    assert spite.disputable({"type": "trick_won", "seat": 0, "leader": 0, "penalties": [0, 1, 2]}) == (1, 2)
    assert spite.disputable({"type": "trick_won", "seat": 0, "leader": 0}) is None  # nobody came at me
    assert spite.disputable({"type": "played", "seat": 0}) is None
    for other in (game for game in GAMES if game != "spite"):
        assert get_engine(other).disputable({"type": "misplay_called", "seat": 1, "caller": 2}) is None
        assert not get_engine(other).ruling_types


def test_the_facts_of_a_ruling_name_the_rule_the_cards_and_the_trick(ruled):
    table, version = ruled
    events = [event.payload for event in store.read(table.stream, game=table.game)]
    facts = {
        f["label"]: f["text"] for f in get_engine("spite").ruling_facts(events[: version - 1], events[version - 1])
    }
    assert facts["Ruling"].startswith("{seat:2} called a misplay on {seat:1}: right.")
    assert facts["Rule applied"] == events[version - 1]["rule"] == "follow"
    assert facts["Called play"] == "{seat:1}: J♠ and J♥"
    assert facts["Trick so far"] == "{seat:0}: 3♠; {seat:1}: J♠ and J♥"
    assert facts["Penalty"].startswith("{seat:1}: 1 turn to skip")


# --- filing ----------------------------------------------------------------------------------------


def test_a_seat_the_ruling_involves_disputes_it_and_the_table_sees_it(ruled, players):
    table, version = ruled
    response = file(players[1], table, version)
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["status"] == "open" and body["seat"] == 1 and body["filed_by"] == "Bob"
    assert body["replay"] == f"/tables/{table.id}/replay/?step={version}&as=open"
    rulings = client_for(players[0]).get(f"/api/tables/{table.id}/rulings/").json()
    assert [(r["version"], r["dispute"]["status"], r["may_dispute"]) for r in rulings] == [(version, "open", False)]
    page = page_for(players[0], f"/tables/{table.id}/")
    assert "disputed" in page and "by Bob, awaiting staff review" in page


def test_the_caller_may_dispute_too_and_the_table_offers_it_only_to_involved_seats(ruled, players):
    table, version = ruled
    rulings = client_for(players[2]).get(f"/api/tables/{table.id}/rulings/").json()
    assert rulings[0]["may_dispute"] and rulings[0]["involved"] == ["Bob", "Carol"]
    assert not client_for(players[0]).get(f"/api/tables/{table.id}/rulings/").json()[0]["may_dispute"]
    link = f"/tables/{table.id}/rulings/{version}/dispute/"
    assert link in page_for(players[2], f"/tables/{table.id}/")
    assert link not in page_for(players[0], f"/tables/{table.id}/")
    assert file(players[2], table, version).status_code == 201


@pytest.mark.parametrize(
    "version, status, sentence",
    [
        (1, 404, "This table has no ruling at move 1."),
        (999, 404, "This table has no ruling at move 999."),
    ],
)
def test_no_such_ruling(ruled, players, version, status, sentence):
    table, _ = ruled
    response = file(players[1], table, version)
    assert (response.status_code, response.json()["detail"]) == (status, sentence)


def test_a_ruling_is_disputed_once(ruled, players):
    table, version = ruled
    assert file(players[1], table, version).status_code == 201
    for user in (players[1], players[2]):
        response = file(user, table, version)
        assert response.status_code == 409
        assert response.json()["detail"] == "This ruling is already disputed (by Bob); a ruling is disputed once."
    assert Dispute.objects.count() == 1


def test_a_seat_not_involved_and_a_stranger_may_not_dispute(ruled, players, make_user):
    table, version = ruled
    response = file(players[0], table, version)
    assert response.status_code == 403 and "does not involve you" in response.json()["detail"]
    response = file(make_user("dave"), table, version)  # a public table, but no seat at it
    assert response.status_code == 403
    assert response.json()["detail"] == "Only the players at this table may dispute its rulings."
    assert Dispute.objects.count() == 0


@pytest.mark.parametrize(
    "text, sentence",
    [
        ("   ", "Say in a few words why the ruling is wrong: the text is required."),
        ("x" * 1001, "text: Ensure this field has no more than 1000 characters."),
    ],
)
def test_the_text_is_required_and_short(ruled, players, text, sentence):
    table, version = ruled
    response = file(players[1], table, version, text)
    assert response.status_code == 400 and response.json()["detail"] == sentence


def test_disputes_stay_open_for_the_window_after_the_match_and_close_after_it(ruled, players, settings):
    table, version = ruled
    commands.submit(table, players[0], {"type": "end_match"}, game_state.load(table).version)
    table.refresh_from_db()
    assert table.status == "finished"
    settings.DISPUTE_WINDOW_DAYS = 0
    response = file(players[1], table, version)
    assert response.status_code == 409 and response.json()["detail"].startswith("Disputes of this match closed on")
    settings.DISPUTE_WINDOW_DAYS = 7
    assert file(players[1], table, version).status_code == 201


def test_a_game_without_rulings_has_nothing_to_dispute(alice, bob):
    a = client_for(alice)
    table_id = create_table(a)["id"]
    response = a.post(f"/api/tables/{table_id}/disputes/", {"version": 1, "text": "Unfair."}, format="json")
    assert response.status_code == 400 and response.json()["detail"] == "Spank! has no rulings to dispute."


def test_filing_from_the_page(ruled, players, client):
    table, version = ruled
    client.force_login(players[1])
    url = f"/tables/{table.id}/rulings/{version}/dispute/"
    form = client.get(url)
    assert form.status_code == 200 and "Carol called a misplay on Bob" in form.content.decode()
    refused = client.post(url, {"text": ""})
    assert refused.status_code == 400 and "the text is required" in refused.content.decode()
    filed = client.post(url, {"text": "Jacks beat a 3."}, follow=True)
    assert "Your dispute is filed" in filed.content.decode() and Dispute.objects.get().text == "Jacks beat a 3."
    again = client.post(url, {"text": "Again."}, follow=True)
    assert "already disputed" in again.content.decode()
    client.force_login(players[0])
    assert "does not involve you" in client.post(url, {"text": "Me too."}, follow=True).content.decode()


def test_a_seat_has_the_dispute_dialog_from_the_first_page_outside_the_frames_the_match_redraws(players, make_user):
    from games.frames import rendering
    from games.live import table_cache as live

    table = spite_table(players)  # no ruling yet: the dialog is there when the first one comes
    page = page_for(players[1], f"/tables/{table.id}/")
    assert '<dialog id="dispute-dialog"' in page and f'data-filing-url="/api/tables/{table.id}/disputes/"' in page
    assert 'id="table-disputes"' not in page  # nothing to show of rulings yet
    frame = rendering.render_live_table(live.snapshot(table), players[1])
    assert "dispute-dialog" not in frame  # a new frame never replaces the dialog, or what is typed in it
    assert "dispute-dialog" not in page_for(make_user("dora"), f"/tables/{table.id}/")  # watchers dispute nothing
    spank = create_table(client_for(players[0]))
    assert "dispute-dialog" not in page_for(players[0], f"/tables/{spank['id']}/")  # a game without rulings


# --- the queue and its permissions --------------------------------------------------------------------


@pytest.fixture
def dispute(ruled, players):
    table, version = ruled
    assert file(players[1], table, version).status_code == 201
    return Dispute.objects.get()


def test_only_reviewers_see_any_review_page_or_api(dispute, players, client, staff, make_user):
    pages = ["/reviews/", "/reviews/?status=decided", f"/reviews/{dispute.pk}/", "/reviews/log/"]
    apis = ["/api/disputes/", f"/api/disputes/{dispute.pk}/", "/api/staff-log/"]
    for url in pages:
        assert client.get(url).status_code == 302 and client.get(url)["Location"].startswith("/accounts/login/")
    client.force_login(players[1])
    for url in pages:
        assert client.get(url).status_code == 403, url
    assert client.post(f"/reviews/{dispute.pk}/decide/", {"outcome": "overturn", "reason": "x"}).status_code == 403
    player = client_for(players[1])
    for url in apis:
        assert player.get(url).status_code == 403, url
    assert decide_api(players[1], dispute, "overturn").status_code == 403
    from rest_framework.test import APIClient

    assert APIClient().get("/api/disputes/").status_code == 401
    dispute.refresh_from_db()
    assert dispute.is_open and not StaffAction.objects.exists()
    # A reviewer by permission, not staff, is let in (one who plays in none of these matches).
    reviewer = make_user("rita")
    reviewer.user_permissions.add(Permission.objects.get(codename="reviewer"))
    pass_second_factor(client, reviewer)
    for url in pages:
        assert client.get(url).status_code == 200, url
    assert staff_api(reviewer).get("/api/disputes/").status_code == 200


def test_the_queue_lists_open_disputes_oldest_first_and_filters_decided(players, make_user, staff, client):
    first, v1 = misplay_ruling(players)
    others = [make_user(name) for name in ("dora", "ed", "fay")]
    second, v2 = misplay_ruling(others)
    assert file(others[2], second, v2).status_code == 201
    assert file(players[1], first, v1).status_code == 201
    older, newer = Dispute.objects.order_by("filed_at")
    pass_second_factor(client, staff)
    page = client.get("/reviews/").content.decode()
    assert page.index(f"#{older.pk}:") < page.index(f"#{newer.pk}:")
    assert "Dora, Ed, Fay" in page and "Spite" in page
    assert [d["id"] for d in staff_api(staff).get("/api/disputes/").json()] == [older.pk, newer.pk]
    assert decide_api(staff, older, "uphold").status_code == 200
    assert [d["id"] for d in staff_api(staff).get("/api/disputes/").json()] == [newer.pk]
    assert [d["id"] for d in staff_api(staff).get("/api/disputes/?status=decided").json()] == [older.pk]
    assert f"#{older.pk}:" in client.get("/reviews/?status=decided").content.decode()
    assert f"#{older.pk}:" not in client.get("/reviews/").content.decode()
    assert staff_api(staff).get("/api/disputes/?status=maybe").status_code == 400


def test_the_dispute_page_shows_the_ruling_the_texts_and_the_replay_link(dispute, staff, client):
    pass_second_factor(client, staff)
    page = client.get(f"/reviews/{dispute.pk}/").content.decode()
    for text in (
        "Carol called a misplay on Bob",
        "Rule applied",
        "Bob: J♠ and J♥",
        "Trick so far",
        "Alice: 3♠; Bob: J♠ and J♥",
        dispute.text,
        f"/tables/{dispute.table_id}/replay/?step={dispute.version}&amp;as=open",
    ):
        assert text in page, text
    board = page[page.index('class="review-board"') :]
    assert "The board just before the ruling" in board and board.count('class="spite-play') >= 2  # 3S, then the jacks
    detail = staff_api(staff).get(f"/api/disputes/{dispute.pk}/").json()
    assert detail["facts"][0]["label"] == "Ruling" and "Carol called a misplay on Bob" in detail["facts"][0]["text"]
    assert client.get("/reviews/999999/").status_code == 404
    assert staff_api(staff).get("/api/disputes/99999999999999999999/").status_code == 404


def _read(html):
    """What a person reads of a page: its text without the tags (and the ids in their links)."""
    import re

    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


def test_the_review_pages_and_the_profile_call_the_table_by_its_name(dispute, staff, players, client):
    from games.models import Table

    table = dispute.table
    Table.objects.filter(pk=table.pk).update(name="Friday spite")
    pass_second_factor(client, staff)
    queue = _read(client.get("/reviews/").content.decode())
    assert "Friday spite (Spite)" in queue and table.short_id not in queue
    review = _read(client.get(f"/reviews/{dispute.pk}/").content.decode())
    assert f"Dispute #{dispute.pk} Friday spite (Spite), move {dispute.version}" in review
    assert table.short_id not in review
    decide_api(staff, dispute, "uphold", "The call was right.")
    assert "Friday spite (Spite)" in _read(client.get("/reviews/?status=decided").content.decode())
    log = _read(client.get("/reviews/log/").content.decode())
    assert "The call was right. Friday spite" in log and table.short_id not in log
    assert "At the table Friday spite only." in _read(client.get(f"/reviews/log/?table={table.id}").content.decode())
    profile = _read(page_for(players[1], "/accounts/profile/"))
    assert "Friday spite (Spite): Carol called a misplay on Bob" in profile and table.short_id not in profile


def test_the_queue_says_a_new_dispute_was_filed_just_now_then_how_long_ago(dispute, staff, client):
    from datetime import timedelta

    from django.utils import timezone

    pass_second_factor(client, staff)
    page = _read(client.get("/reviews/").content.decode())
    assert "by Bob, just now" in page and "0 minutes" not in page
    Dispute.objects.filter(pk=dispute.pk).update(filed_at=timezone.now() - timedelta(minutes=3, seconds=5))
    assert "by Bob, 3 minutes ago" in _read(client.get("/reviews/").content.decode())


# --- deciding ---------------------------------------------------------------------------------------------


def test_upholding_changes_no_game_and_is_logged(dispute, staff):
    table = dispute.table
    before = game_state.load(table).version
    response = decide_api(staff, dispute, "uphold", "The jacks broke the single's run: the call was right.")
    assert response.status_code == 200 and response.json()["status"] == "upheld"
    dispute.refresh_from_db()
    assert (dispute.status, dispute.decided_by, dispute.reason) == (
        "upheld",
        staff,
        "The jacks broke the single's run: the call was right.",
    )
    assert game_state.load(table).version == before
    action = StaffAction.objects.get()
    assert (action.staff, action.what, action.why, action.table_id, action.dispute_id) == (
        staff,
        "uphold",
        dispute.reason,
        table.id,
        dispute.pk,
    )


def test_overturning_appends_the_engines_overturn_as_staff_and_is_logged(dispute, staff, players):
    table = dispute.table
    game = game_state.load(table)
    assert game.state.skips[1] == 1 or game.state.misplays[1] == 1
    response = decide_api(staff, dispute, "overturn", "Caller was wrong about the rule.")
    assert response.status_code == 200 and response.json()["status"] == "overturned"
    last = store.read(table.stream, game=table.game)[-1]
    assert last.type == "ruling_overturned" and last.actor_kind == "staff" and last.actor_user_id == staff.pk
    assert last.payload["reason"] == "Caller was wrong about the rule."
    game_state.forget_all()
    state = game_state.load(table).state
    assert state.rulings[0].overturned == "Caller was wrong about the rule." and state.misplays[1] == 0
    dispute.refresh_from_db()
    assert dispute.overturn_version == last.version
    action = StaffAction.objects.get()
    assert action.what == "overturn" and action.details["command"] == {
        "type": "overturn",
        "ruling": 1,
        "reason": "Caller was wrong about the rule.",
    }
    # The players see it at the table.
    page = page_for(players[1], f"/tables/{table.id}/")
    assert "Staff overturned the ruling: Caller was wrong about the rule." in page


def test_a_decision_needs_a_reason_and_lands_once(dispute, staff):
    for reason, sentence in (("  ", "Write the reason for your decision: the players involved are told it."),):
        response = decide_api(staff, dispute, "overturn", reason)
        assert response.status_code == 400 and response.json()["detail"] == sentence
    assert decide_api(staff, dispute, "maybe").status_code == 400
    assert decide_api(staff, dispute, "uphold").status_code == 200
    second = decide_api(staff, dispute, "overturn")
    assert second.status_code == 409
    assert second.json()["detail"] == "This dispute was already decided: Referee upheld the ruling."
    assert StaffAction.objects.count() == 1


def test_deciding_from_the_page(dispute, staff, client):
    pass_second_factor(client, staff)
    refused = client.post(f"/reviews/{dispute.pk}/decide/", {"outcome": "overturn", "reason": ""}, follow=True)
    assert "Write the reason" in refused.content.decode()
    done = client.post(f"/reviews/{dispute.pk}/decide/", {"outcome": "overturn", "reason": "Legal pair."}, follow=True)
    assert (
        "the ruling is overturned" in done.content.decode() and "Referee overturned the ruling" in done.content.decode()
    )
    again = client.post(f"/reviews/{dispute.pk}/decide/", {"outcome": "uphold", "reason": "No."}, follow=True)
    assert "already decided" in again.content.decode()


def test_a_failed_come_at_me_is_disputed_by_the_seat_it_penalised_and_overturned(players, staff):
    """Alice leads her 3S coming at me, Bob beats it with his 5H and takes the trick: Alice owes a turn."""
    table = spite_table(players)
    for user, cmd in (
        (players[0], {"type": "play", "cards": ["3S"], "come_at_me": True}),
        (players[1], {"type": "play", "cards": ["5H"]}),
        (players[2], {"type": "pass"}),
        (players[0], {"type": "pass"}),
    ):
        commands.submit(table, user, cmd, game_state.load(table).version)
    trick = next(e for e in store.read(table.stream, game=table.game) if e.type == "trick_won")
    assert trick.payload["penalties"] == [1, 0, 0]
    assert file(players[1], table, trick.version).status_code == 403  # the winner is not penalised
    response = file(players[0], table, trick.version, "Bob's 5H came after my trick was over.")
    assert response.status_code == 201 and response.json()["seats"] == [0]
    dispute = Dispute.objects.get()
    assert decide_api(staff, dispute, "overturn", "Misjudged trick end.").status_code == 200
    last = store.read(table.stream, game=table.game)[-1]
    assert last.type == "penalty_overturned" and last.actor_kind == "staff" and last.payload["penalty"] == 1
    assert game_state.load(table).state.penalties[0].overturned == "Misjudged trick end."
    assert StaffAction.objects.get().details["command"] == {
        "type": "overturn",
        "penalty": 1,
        "reason": "Misjudged trick end.",
    }


def test_a_ruling_the_game_cannot_undo_is_refused_with_a_sentence(ruled, players, staff):
    table, version = ruled
    dispute = filing.file_dispute(table, players[1], version, "No.")
    with mock.patch.object(type(get_engine("spite")), "overturn_command", return_value=None):
        with pytest.raises(BadRequest, match="cannot undo this ruling"):
            deciding.decide(dispute.pk, staff, "overturn", "Because.")
    dispute.refresh_from_db()
    assert dispute.is_open and not StaffAction.objects.exists()


def test_a_staff_command_through_the_api_is_logged(ruled, staff):
    table, _ = ruled
    version = game_state.load(table).version
    overturn = {"type": "overturn", "ruling": 1, "reason": "Seen on the replay."}
    assert command(client_for(staff), table.id, overturn, version).status_code == 200
    action = StaffAction.objects.get()
    assert (action.staff, action.what, action.why, action.table_id) == (
        staff,
        "command",
        "Seen on the replay.",
        table.id,
    )
    assert action.details == {"command": overturn, "version": version + 1}
    log = staff_api(staff).get(f"/api/staff-log/?table={table.id}&staff={staff.pk}").json()
    assert [entry["id"] for entry in log] == [action.pk]


def test_the_staff_log_page_filters_by_staff_member_and_table(players, make_user, staff, client):
    first, v1 = misplay_ruling(players)
    others = [make_user(name) for name in ("dora", "ed", "fay")]
    second, v2 = misplay_ruling(others)
    other_staff = make_user("warden")
    other_staff.is_staff = True
    other_staff.save()
    file(players[1], first, v1), file(others[1], second, v2)
    one, two = Dispute.objects.order_by("pk")
    decide_api(staff, one, "uphold", "first reason")
    decide_api(other_staff, two, "uphold", "second reason")
    pass_second_factor(client, staff)
    every = client.get("/reviews/log/").content.decode()
    assert "first reason" in every and "second reason" in every
    by_staff = client.get(f"/reviews/log/?staff={other_staff.pk}").content.decode()
    assert "second reason" in by_staff and "first reason" not in by_staff
    by_table = client.get(f"/reviews/log/?table={first.id}").content.decode()
    assert "first reason" in by_table and "second reason" not in by_table
    assert client.get("/reviews/log/?table=nonsense&staff=x").status_code == 200


# --- the audit log is append-only ------------------------------------------------------------------------


def test_the_staff_log_refuses_changes_in_the_orm_and_the_database(dispute, staff):
    from django.db import DatabaseError, connection, transaction

    from events.models import AppendOnlyError

    decide_api(staff, dispute, "uphold")
    action = StaffAction.objects.get()
    with pytest.raises(AppendOnlyError):
        action.save()
    with pytest.raises(AppendOnlyError):
        action.delete()
    with pytest.raises(AppendOnlyError):
        StaffAction.objects.all().update(why="nothing happened")
    with pytest.raises(AppendOnlyError):
        StaffAction.objects.all().delete()
    if connection.vendor != "postgresql":
        pytest.skip("the database's triggers are PostgreSQL's")
    for sql in ("UPDATE reviews_staffaction SET why = 'nothing happened'", "DELETE FROM reviews_staffaction"):
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql)
    with connection.cursor() as cursor:  # TRUNCATE cannot run inside this test's transaction: its trigger is there
        cursor.execute(
            "SELECT tgname FROM pg_trigger WHERE tgrelid = 'reviews_staffaction'::regclass "
            "AND NOT tgisinternal ORDER BY tgname"
        )
        assert [row[0] for row in cursor.fetchall()] == [
            "reviews_staffaction_append_only",
            "reviews_staffaction_no_truncate",
        ]
    assert StaffAction.objects.get().why == dispute.__class__.objects.get().reason


# --- notices ----------------------------------------------------------------------------------------


def test_the_profile_shows_a_players_disputes_and_their_outcome(dispute, staff, players, client):
    decide_api(staff, dispute, "overturn", "A legal pair.")
    for user, note in ((players[1], None), (players[2], "(disputed by Bob)")):
        client.force_login(user)
        page = client.get("/accounts/profile/").content.decode()
        assert "Your disputes" in page and "overturned" in page and "Staff: A legal pair." in page
        assert "Carol called a misplay on Bob" in page
        if note:
            assert note in page
    client.force_login(players[0])  # not involved
    assert "Your disputes" not in client.get("/accounts/profile/").content.decode()


def test_the_admin_lists_tables_seats_events_disputes_and_the_staff_log(dispute, staff, client):
    staff.is_superuser = True
    staff.save()
    decide_api(staff, dispute, "uphold")
    pass_second_factor(client, staff)
    for url in (
        "/admin/games/table/",
        "/admin/games/seat/",
        "/admin/events/event/",
        "/admin/reviews/dispute/",
        "/admin/reviews/staffaction/",
        f"/admin/reviews/dispute/{dispute.pk}/change/",
    ):
        assert client.get(url).status_code == 200, url
    action = StaffAction.objects.get()
    assert client.post(f"/admin/reviews/staffaction/{action.pk}/delete/", {"post": "yes"}).status_code == 403
    assert StaffAction.objects.count() == 1


def test_a_finished_tables_replay_offers_its_rulings_for_dispute(ruled, players, client):
    table, version = ruled
    commands.submit(table, players[0], {"type": "end_match"}, game_state.load(table).version)
    link = f"/tables/{table.id}/rulings/{version}/dispute/"
    client.force_login(players[1])
    replay = client.get(f"/tables/{table.id}/replay/?step=1&as=open").content.decode()
    assert "Rulings and disputes" in replay and link in replay  # Bob's own seat, whatever the perspective
    assert client.post(link, {"text": "The pair was legal."}).status_code == 302
    client.force_login(players[0])
    replay = client.get(f"/tables/{table.id}/replay/?step=1&as=1").content.decode()
    assert "by Bob, awaiting staff review" in replay and link not in replay


def test_every_refusal_on_the_page_is_told_on_the_table(ruled, players, client, settings):
    table, version = ruled
    spank = client_for(players[0]).post("/api/tables/", {"game": "spank", "seat_count": 2}, format="json").json()
    cases = [
        (players[1], f"/tables/{table.id}/rulings/1/dispute/", "This table has no ruling at move 1."),
        (
            players[1],
            f"/tables/{table.id}/rulings/99999999999/dispute/",
            "This table has no ruling at move 99999999999.",
        ),
        (players[0], f"/tables/{table.id}/rulings/{version}/dispute/", "it does not involve you"),
        (players[0], f"/tables/{spank['id']}/rulings/1/dispute/", "Spank! has no rulings to dispute."),
    ]
    for user, url, sentence in cases:
        client.force_login(user)
        for response in (client.get(url, follow=True), client.post(url, {"text": "Why not."}, follow=True)):
            assert response.redirect_chain and sentence in response.content.decode(), (url, sentence)
    commands.submit(table, players[0], {"type": "end_match"}, game_state.load(table).version)
    settings.DISPUTE_WINDOW_DAYS = 0
    client.force_login(players[1])
    closed = client.get(f"/tables/{table.id}/rulings/{version}/dispute/", follow=True).content.decode()
    assert "Disputes of this match closed on" in closed
    assert not Dispute.objects.exists()


def test_who_is_a_reviewer_is_what_the_permission_system_says_in_one_query(make_user, django_assert_num_queries):
    from django.contrib.auth.models import AnonymousUser, Group

    from reviews.access import REVIEWER_PERMISSION, is_reviewer

    permission = Permission.objects.get(codename="reviewer")
    plain, direct, grouped, inactive, staff, superuser = (
        make_user(name) for name in ("plain", "direct", "grouped", "inactive", "stafford", "superuser")
    )
    direct.user_permissions.add(permission)
    group = Group.objects.create(name="Reviewers")
    group.permissions.add(permission)
    grouped.groups.add(group)
    inactive.user_permissions.add(permission)
    inactive.is_active = False
    inactive.save()
    staff.is_staff = True
    staff.save()
    superuser.is_superuser = True
    superuser.save()
    for user in (plain, direct, grouped, inactive):
        with django_assert_num_queries(1 if user.is_active else 0):
            verdict = is_reviewer(user)
        assert verdict == user.has_perm(REVIEWER_PERMISSION)
    assert [is_reviewer(user) for user in (plain, direct, grouped, inactive, staff, superuser)] == [
        False,
        True,
        True,
        False,
        True,
        True,
    ]
    assert not is_reviewer(AnonymousUser())


def test_the_review_link_is_shown_to_reviewers_only_and_asked_for_once(make_user, client, django_assert_num_queries):
    from django.contrib.auth.models import Group

    player, reviewer = make_user("player"), make_user("reviewer")
    group = Group.objects.create(name="Reviewers")
    group.permissions.add(Permission.objects.get(codename="reviewer"))
    reviewer.groups.add(group)
    client.force_login(reviewer)
    assert 'href="/reviews/"' in client.get("/lobby/").content.decode()
    client.force_login(player)
    assert 'href="/reviews/"' not in client.get("/lobby/").content.decode()
    # The rules page reads nothing but the session, the user, whether the user reviews and the header's
    # Your games count.
    with django_assert_num_queries(4):
        client.get("/rules/spank/")

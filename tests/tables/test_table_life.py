"""A table's life around its game: the host cancels it before anyone joins, a forgotten one is closed
by the periodic job, and after the game a rematch offers the same seats and options in one click."""

import re
from datetime import timedelta

import pytest
from api_helpers import client_for, command, view
from django.utils import timezone

from events import store
from games import tasks
from games.frames import rendering
from games.live import table_cache as live
from games.models import Seat, Table
from games.tables import bot_seating, closing, lobby, rematch

pytestmark = pytest.mark.django_db


# --- cancel ----------------------------------------------------------------------------------


def test_the_host_cancels_a_table_nobody_joined_on_the_page(client, alice):
    table = lobby.create_table(alice, "spank", 2, name="Short-lived")
    client.force_login(alice)
    assert "Cancel the table" in client.get(f"/tables/{table.id}/").content.decode()
    response = client.post(f"/tables/{table.id}/cancel/", follow=True)
    assert response.redirect_chain[-1][0] == "/lobby/"
    assert "Short-lived is cancelled." in response.content.decode()
    table.refresh_from_db()
    assert table.status == Table.Status.CLOSED
    assert "Short-lived" not in client.get("/lobby/").content.decode()
    assert "closed before it started" in client.get(f"/tables/{table.id}/").content.decode()


def test_a_table_someone_joined_cannot_be_cancelled(client, alice, bob):
    table = lobby.create_table(alice, "spite", 3)
    lobby.join_table(table, bob)
    client.force_login(alice)
    assert "Cancel the table" not in client.get(f"/tables/{table.id}/").content.decode()
    response = client.post(f"/tables/{table.id}/cancel/", follow=True)
    assert "Another player joined this table already" in response.content.decode()
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN


def test_only_the_host_cancels_and_only_before_the_start(alice, bob, carol):
    api = client_for(bob)
    table = lobby.create_table(alice, "spite", 3)
    forbidden = api.post(f"/api/tables/{table.id}/cancel/")
    assert forbidden.status_code == 403 and forbidden.json()["detail"] == "Only the host can cancel this table."
    lobby.join_table(table, bob)
    lobby.join_table(table, carol)
    lobby.start_table(table, alice)
    started = client_for(alice).post(f"/api/tables/{table.id}/cancel/")
    assert started.status_code == 409 and "already started" in started.json()["detail"]


def test_the_api_cancels_and_a_closed_table_refuses_everything(alice, bob):
    api = client_for(alice)
    table = lobby.create_table(alice, "spank", 2)
    response = api.post(f"/api/tables/{table.id}/cancel/")
    assert response.status_code == 200 and response.json()["status"] == "closed"
    again = api.post(f"/api/tables/{table.id}/cancel/")
    assert again.status_code == 409 and again.json()["detail"] == "This table was closed before it started."
    join = client_for(bob).post(f"/api/tables/{table.id}/join/", {}, format="json")
    assert join.status_code == 409 and join.json()["detail"] == "This table was closed before it started."
    assert api.post(f"/api/tables/{table.id}/start/").status_code == 409
    assert store.current_version(table.stream) == 0


# --- the periodic close ---------------------------------------------------------------------------


def _age(table, hours, joined_hours=None):
    then = timezone.now() - timedelta(hours=hours)
    Table.objects.filter(pk=table.pk).update(created_at=then)
    Seat.objects.filter(table=table).update(joined_at=timezone.now() - timedelta(hours=joined_hours or hours))


def test_the_periodic_job_closes_tables_left_unstarted_for_a_day(alice, bob, carol, settings):
    settings.UNSTARTED_TABLE_HOURS = 24
    old = lobby.create_table(alice, "spank", 2, name="Forgotten")
    _age(old, 25)
    fresh = lobby.create_table(alice, "spank", 2, name="Fresh")
    _age(fresh, 23)
    busy = lobby.create_table(bob, "spite", 3, name="Still filling")
    lobby.join_table(busy, carol)
    _age(busy, 30, joined_hours=2)  # someone joined recently: not forgotten
    started = lobby.create_table(alice, "spank", 2)
    lobby.join_table(started, bob)
    lobby.start_table(started, alice)
    _age(started, 48)

    assert tasks.close_stale_tables.apply().get() == 1  # the Celery job, run in place

    statuses = dict(Table.objects.values_list("name", "status"))
    assert statuses["Forgotten"] == "closed"
    assert statuses["Fresh"] == statuses["Still filling"] == "open"
    assert Table.objects.get(pk=started.pk).status == "running"
    assert closing.close_stale_tables() == 0  # nothing more to do


def test_the_jobs_are_on_celery_beat_in_make_worker_and_the_embedded_worker(settings):
    """Closing forgotten tables and forgetting ended ones' deadlines run on beat's schedule, which
    ``make worker --beat`` and the web process's embedded beat both run."""
    from config.celery import app
    from config.embedded_worker import embedded_beat

    for name, task in [
        ("close-stale-tables", "games.close_stale_tables"),
        ("forget-ended-deadlines", "games.forget_ended_deadlines"),
    ]:
        entry = settings.CELERY_BEAT_SCHEDULE[name]
        assert entry["task"] == task and task in app.tasks
        assert entry["schedule"] == settings.STALE_TABLE_SWEEP_SECONDS
    scheduled = embedded_beat(app).service.scheduler.schedule
    assert {entry.task for entry in scheduled.values()} >= {
        "games.close_stale_tables",
        "games.forget_ended_deadlines",
        "games.fire_due_deadlines",
    }
    assert settings.UNSTARTED_TABLE_HOURS == 24


# --- rematch ------------------------------------------------------------------------------------


def _finished(users, options=None, **fields):
    """A Spite match of ``users`` (the first hosts) that its host ended at once."""
    table = lobby.create_table(users[0], "spite", len(users), options or {}, **fields)
    for user in users[1:]:
        lobby.join_table(table, user)
    lobby.start_table(table, users[0])
    host = client_for(users[0])
    assert command(host, table.id, {"type": "end_match"}, view(host, table.id)["version"]).status_code == 200
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    return table


def test_a_rematch_offers_the_same_seats_and_options_in_one_click(client, make_user):
    ana, bo, cy = make_user("ana", "Ana"), make_user("bo", "Bo"), make_user("cy", "Cy")
    old = _finished([ana, bo, cy], {"rounds": 4, "misplays": "strict"}, turn_clock=60, name="Tuesday")
    client.force_login(bo)
    assert ">Rematch</button>" in client.get(f"/tables/{old.id}/").content.decode()

    response = client.post(f"/tables/{old.id}/rematch/")
    new = Table.objects.get(rematch_of=old)
    assert response["Location"] == f"/tables/{new.id}/"
    assert (new.game, new.seat_count, new.options, new.turn_clock, new.name) == (
        "spite",
        3,
        {"rounds": 4, "misplays": "strict"},
        60,
        "Tuesday",
    )
    assert new.host == bo and new.seated_users() == {1: bo}  # Bo keeps the seat he had
    assert set(new.awaiting.all()) == {ana, cy}

    # Ana sees the offer on the finished table and accepts: she takes her old seat.
    client.force_login(ana)
    page = client.get(f"/tables/{old.id}/").content.decode()
    assert "<strong>Bo</strong> offers a rematch" in page and "Accept the rematch" in page
    client.post(f"/tables/{new.id}/join/")
    assert new.seated_users() == {0: ana, 1: bo} and set(new.awaiting.all()) == {cy}

    # Cy declines; his seat is free for anyone.
    client.force_login(cy)
    response = client.post(f"/tables/{new.id}/decline/", follow=True)
    assert "You declined the rematch." in response.content.decode()
    assert not new.awaiting.exists()


def _seat_list(page):
    """The waiting room's seats as people read them: ["Seat 1: Ana", "Seat 2: kept for Bo", ...]."""
    listed = page.split('<ol class="seat-list">', 1)[1].split("</ol>", 1)[0]
    return [re.sub(r"<[^>]+>|\s+(?=\s)", "", item).strip() for item in re.findall(r"<li>(.*?)</li>", listed, re.S)]


def test_the_rematchs_waiting_room_numbers_seats_from_1_and_says_for_whom_a_seat_is_kept(client, make_user):
    ana, bo, cy = make_user("ana", "Ana"), make_user("bo", "Bo"), make_user("cy", "Cy")
    new = rematch.offer_rematch(_finished([ana, bo, cy]), bo)
    client.force_login(bo)
    assert _seat_list(client.get(f"/tables/{new.id}/").content.decode()) == [
        "Seat 1: kept for Ana",
        "Seat 2: Bo",
        "Seat 3: kept for Cy",
    ]
    lobby.join_table(new, ana)
    rematch.decline_rematch(new, cy)
    assert _seat_list(client.get(f"/tables/{new.id}/").content.decode()) == [
        "Seat 1: Ana",
        "Seat 2: Bo",
        "Seat 3: empty",
    ]


def test_the_invited_player_declines_on_the_rematchs_own_page(client, make_user):
    ana, bo, cy, dee = (make_user(n, n.title()) for n in ("ana", "bo", "cy", "dee"))
    new = rematch.offer_rematch(_finished([ana, bo, cy]), ana)
    client.force_login(bo)
    page = client.get(f"/tables/{new.id}/").content.decode()
    assert "<strong>Ana</strong> offers you a rematch: your seat is kept for you." in page
    assert f'action="/tables/{new.id}/join/"' in page and ">Accept the rematch</button>" in page
    assert f'action="/tables/{new.id}/decline/"' in page and ">Decline</button>" in page
    response = client.post(f"/tables/{new.id}/decline/", follow=True)
    assert response.redirect_chain[-1][0] == "/lobby/" and "You declined the rematch." in response.content.decode()
    assert set(new.awaiting.all()) == {cy}

    # A watcher shares no rendering with an invited player: no offer, no Decline, only "Take a seat".
    snap = live.snapshot(new)
    assert snap.viewer(dee) != snap.viewer(cy)
    watched = rendering.render_live_table(snap, dee)
    assert "offers you a rematch" not in watched and "/decline/" not in watched and "Take a seat" in watched
    assert f"/tables/{new.id}/decline/" in rendering.render_live_table(snap, cy)


def test_the_invited_player_declines_at_the_finished_table_too_on_the_page_and_the_api(client, make_user):
    ana, bo, cy = (make_user(n, n.title()) for n in ("ana", "bo", "cy"))
    old = _finished([ana, bo, cy])
    new = rematch.offer_rematch(old, ana)
    client.force_login(bo)
    response = client.post(f"/tables/{old.id}/decline/", follow=True)
    assert "You declined the rematch." in response.content.decode() and set(new.awaiting.all()) == {cy}
    answer = client_for(cy).post(f"/api/tables/{old.id}/decline/")
    assert answer.status_code == 200 and answer.json()["id"] == str(new.id) and answer.json()["awaiting"] == []
    again = client_for(cy).post(f"/api/tables/{old.id}/decline/")
    assert again.status_code == 409 and again.json()["detail"] == "There is no rematch offer for you at this table."


def test_kept_seats_wait_for_their_players(make_user):
    ana, bo, cy, dee = (make_user(n, n.title()) for n in ("ana", "bo", "cy", "dee"))
    old = _finished([ana, bo, cy])
    new = rematch.offer_rematch(old, ana)
    response = client_for(dee).post(f"/api/tables/{new.id}/join/", {}, format="json")
    assert response.status_code == 409
    assert response.json()["detail"] == (
        "The free seats are kept for the last game's players (Bo, Cy) until they answer the rematch."
    )
    client_for(bo).post(f"/api/tables/{new.id}/decline/")
    assert client_for(dee).post(f"/api/tables/{new.id}/join/", {}, format="json").status_code == 200
    assert new.seated_users()[1] == dee  # Bo's old seat, freed by his decline
    lobby.join_table(new, cy)
    assert new.seated_users()[2] == cy
    lobby.start_table(new, ana)  # the rematch plays like any table
    new.refresh_from_db()
    assert new.status == Table.Status.RUNNING


def test_a_second_rematch_press_joins_the_first(make_user):
    ana, bo, cy = (make_user(n, n.title()) for n in ("ana", "bo", "cy"))
    old = _finished([ana, bo, cy])
    first = client_for(cy).post(f"/api/tables/{old.id}/rematch/")
    assert first.status_code == 201 and first.json()["awaiting"] == ["Ana", "Bo"]
    second = client_for(ana).post(f"/api/tables/{old.id}/rematch/")
    assert second.status_code == 200 and second.json()["id"] == first.json()["id"]
    assert second.json()["your_seat"] == 0 and second.json()["awaiting"] == ["Bo"]
    assert Table.objects.filter(rematch_of=old).count() == 1
    assert client_for(bo).get(f"/api/tables/{old.id}/").json()["rematch"] == first.json()["id"]


def test_a_rematch_is_refused_before_the_end_and_to_outsiders(make_user):
    ana, bo, cy, dee = (make_user(n, n.title()) for n in ("ana", "bo", "cy", "dee"))
    table = lobby.create_table(ana, "spite", 3)
    early = client_for(ana).post(f"/api/tables/{table.id}/rematch/")
    assert early.status_code == 409 and early.json()["detail"] == "A rematch can be offered once the match is over."
    old = _finished([ana, bo, cy])
    outsider = client_for(dee).post(f"/api/tables/{old.id}/rematch/")
    assert outsider.status_code == 403
    assert outsider.json()["detail"] == "Only the players of this game can offer a rematch."
    nothing = client_for(dee).post(f"/api/tables/{old.id}/decline/")
    assert nothing.status_code == 409


def test_a_private_rematch_is_visible_to_the_players_it_awaits(make_user):
    ana, bo, cy, dee = (make_user(n, n.title()) for n in ("ana", "bo", "cy", "dee"))
    old = _finished([ana, bo, cy], private=True)
    new = rematch.offer_rematch(old, ana)
    assert new.private
    assert client_for(bo).get(f"/api/tables/{new.id}/").status_code == 200
    assert client_for(dee).get(f"/api/tables/{new.id}/").status_code == 404


def test_secret_options_are_drawn_anew_for_a_rematch(make_user):
    ana, bo, cy = (make_user(n, n.title()) for n in ("ana", "bo", "cy"))
    old = _finished([ana, bo, cy], {"fake_jokers": 2, "fake_joker_faces": ["AS", "2H"]})
    new = rematch.offer_rematch(old, ana)
    assert new.options == {"fake_jokers": 2}


def test_a_cancelled_rematch_lets_the_players_offer_another(make_user):
    ana, bo, cy = (make_user(n, n.title()) for n in ("ana", "bo", "cy"))
    old = _finished([ana, bo, cy])
    first = rematch.offer_rematch(old, ana)
    closing.cancel_table(first, ana)
    assert not first.awaiting.exists()
    second = rematch.offer_rematch(old, bo)
    assert second.pk != first.pk and second.host == bo


def test_the_lobby_lists_the_rematches_offered_to_you(client, make_user):
    ana, bo, cy = (make_user(n, n.title()) for n in ("ana", "bo", "cy"))
    old = _finished([ana, bo, cy], name="Tuesday")
    rematch.offer_rematch(old, ana)
    client.force_login(bo)
    page = client.get("/lobby/").content.decode()
    offers = page[page.index("Rematches offered to you") :]
    assert "Tuesday" in offers[: offers.index("</section>")]
    assert "kept for Bo, Cy" in offers
    client.force_login(ana)
    assert "Rematches offered to you" not in client.get("/lobby/").content.decode()


def test_a_join_after_a_cancel_on_a_stale_copy_is_refused(alice, bob):
    table = lobby.create_table(alice, "spank", 2)
    stale = Table.objects.get(pk=table.pk)  # read before the cancel, as a racing join would have
    closing.cancel_table(table, alice)
    with pytest.raises(lobby.Conflict, match="closed before it started"):
        lobby.join_table(stale, bob)
    assert not Seat.objects.filter(user=bob).exists()


def test_bots_take_their_old_seats_in_a_rematch_at_once(make_user):
    ana, bo = make_user("ana", "Ana"), make_user("bo", "Bo")
    table = lobby.create_table(ana, "spite", 3, {}, bot_delay=3)
    lobby.join_table(table, bo)
    bot_seating.add_bot(table, ana, "random")
    lobby.start_table(table, ana)
    host = client_for(ana)
    assert command(host, table.id, {"type": "end_match"}, view(host, table.id)["version"]).status_code == 200
    table.refresh_from_db()

    new = rematch.offer_rematch(table, ana)

    bot = table.seats.get(number=2)
    assert new.seats.get(number=2).user_id == bot.user_id and new.seats.get(number=2).bot == "random"
    assert list(new.awaiting.all()) == [bo] and new.bot_delay == 3

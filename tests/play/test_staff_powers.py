"""Staff powers at a table (games.play.staff_powers): nobody uses them at a table where they hold or held a seat in
the match (the replay of a running game, the dispute pages and API, decisions, staff commands, the admin), and
every staff look at a running game's hidden cards is a staff-log entry; staff outside the match keep them all."""

import pytest
from api_helpers import client_for, command
from django.contrib.auth.models import Permission
from django.test import Client
from staff_helpers import pass_second_factor, staff_api

from events import store
from events.models import Event
from games.models import Table
from games.play import game_state
from reviews.models import Dispute, StaffAction

pytestmark = pytest.mark.django_db

PLAYS_HERE = "You have a seat in this match, so you may not"


@pytest.fixture
def referee(make_user):
    """Staff who hold no seat at these tables."""
    return _staff(make_user("referee"))


def _staff(user):
    user.is_staff = True
    user.save()
    return user


def _reviewer(user):
    user.user_permissions.add(Permission.objects.get(codename="reviewer"))
    return user


def _logged_in(user):
    return pass_second_factor(Client(), user)


def _views():
    return list(StaffAction.objects.filter(what=StaffAction.What.VIEW).order_by("id"))


def _finish(table):
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    table.refresh_from_db()


# --- the replay of a running game --------------------------------------------------------------------------


def test_staff_seated_at_a_running_table_may_not_replay_it(ruled, players):
    table, _ = ruled
    carol = _staff(players[2])
    last = game_state.load(table).version
    api = client_for(carol)
    for path in (f"replay/?step={last}&as=open", f"replay/?step={last}&as=0", "replay/moves/?as=open"):
        refused = api.get(f"/api/tables/{table.id}/{path}")
        assert refused.status_code == 403, path
        assert refused.json()["detail"].startswith(f"{PLAYS_HERE} replay this game while it runs"), path
    page = _logged_in(carol).get(f"/tables/{table.id}/replay/?step={last}&as=open")
    assert page.status_code == 403 and PLAYS_HERE in page.content.decode()
    assert not StaffAction.objects.exists()


def test_a_seat_held_counts_as_much_as_a_seat_held_now(ruled, players, referee):
    """Should a seat ever be given up during a match, the moves its player made there still count."""
    from games.play import staff_powers

    table, _ = ruled
    carol = _staff(players[2])
    table.seats.filter(user=carol).delete()
    assert table.seat_of(carol) is None and staff_powers.played_in(table, carol)
    assert client_for(carol).get(f"/api/tables/{table.id}/replay/?as=open").status_code == 403
    assert not staff_powers.played_in(table, referee)


def test_once_the_game_is_over_its_players_replay_it_like_anyone(ruled, players):
    table, _ = ruled
    _finish(table)
    carol = _staff(players[2])
    assert client_for(carol).get(f"/api/tables/{table.id}/replay/?step=5&as=open").status_code == 200
    assert not StaffAction.objects.exists()


def test_every_staff_look_at_a_running_game_is_a_staff_log_entry(ruled, referee):
    table, _ = ruled
    last = game_state.load(table).version
    api = client_for(referee)
    open_replay = api.get(f"/api/tables/{table.id}/replay/?step={last}&as=open")
    assert open_replay.status_code == 200 and all(hand["parts"]["hand"] for hand in open_replay.json()["hands"])
    assert api.get(f"/api/tables/{table.id}/replay/?step=3&as=1").status_code == 200
    assert api.get(f"/api/tables/{table.id}/replay/moves/?as=open").status_code == 200
    assert _logged_in(referee).get(f"/tables/{table.id}/replay/?step=2&as=open").status_code == 200
    views = _views()
    assert [(v.staff, v.table_id) for v in views] == [(referee, table.id)] * 4
    assert [v.why for v in views] == [
        f"the replay at step {last}, every hand open",
        "the replay at step 3, as seat 1 saw it",
        "every move in words, every hand open",
        "the replay at step 2, every hand open",
    ]
    assert views[0].details == {"step": last, "seen_as": "open"}
    # A refused or malformed request shows nothing, and records nothing.
    assert api.get(f"/api/tables/{table.id}/replay/?step=99999&as=open").status_code == 400
    assert len(_views()) == 4
    # The staff log shows it.
    log = staff_api(referee).get(f"/api/staff-log/?table={table.id}").json()
    assert log[0]["what"] == "view" and log[0]["why"] == "the replay at step 2, every hand open"


def test_a_players_own_view_and_a_finished_replay_make_no_entry(ruled, players, referee):
    table, _ = ruled
    bob = _staff(players[1])
    assert client_for(bob).get(f"/api/tables/{table.id}/view/").status_code == 200
    assert client_for(bob).get(f"/api/tables/{table.id}/events/").status_code == 200
    assert _logged_in(bob).get(f"/tables/{table.id}/").status_code == 200
    _finish(table)
    assert client_for(referee).get(f"/api/tables/{table.id}/replay/?step=5&as=open").status_code == 200
    assert not StaffAction.objects.exists()


# --- disputes and decisions ------------------------------------------------------------------------------


def _file(user, table, version):
    response = client_for(user).post(
        f"/api/tables/{table.id}/disputes/", {"version": version, "text": "The jacks were a legal pair."}, format="json"
    )
    assert response.status_code == 201
    return Dispute.objects.get(table=table, version=version)


def _decide(user, dispute, outcome="overturn"):
    return staff_api(user).post(
        f"/api/disputes/{dispute.pk}/decision/", {"outcome": outcome, "reason": "My pair was legal."}, format="json"
    )


@pytest.mark.parametrize("power", [_reviewer, _staff])
def test_a_reviewer_or_staff_who_plays_may_not_judge_their_own_ruling(ruled, players, power):
    table, version = ruled
    bob = power(players[1])
    dispute = _file(bob, table, version)
    before = game_state.load(table).version
    detail = staff_api(bob).get(f"/api/disputes/{dispute.pk}/")
    assert detail.status_code == 403
    assert detail.json()["detail"].startswith(f"{PLAYS_HERE} review this match's disputes")
    decided = _decide(bob, dispute)
    assert decided.status_code == 403 and decided.json()["detail"].startswith(PLAYS_HERE)
    client = _logged_in(bob)
    page = client.get(f"/reviews/{dispute.pk}/", follow=True)
    assert page.redirect_chain == [("/reviews/", 302)] and PLAYS_HERE in page.content.decode()
    posted = client.post(f"/reviews/{dispute.pk}/decide/", {"outcome": "overturn", "reason": "Legal."}, follow=True)
    assert posted.redirect_chain == [("/reviews/", 302)] and PLAYS_HERE in posted.content.decode()
    # The other players of the match may not either, nor anyone once it is over.
    assert _decide(_reviewer(players[0]), dispute).status_code == 403
    _finish(table)
    assert _decide(bob, dispute, "uphold").status_code == 403
    assert staff_api(bob).get(f"/api/disputes/{dispute.pk}/").status_code == 403
    dispute.refresh_from_db()
    assert dispute.is_open and game_state.load(table).version == before and not StaffAction.objects.exists()


def test_staff_who_play_may_not_overturn_through_the_command_path(ruled, players):
    table, _ = ruled
    carol = _staff(players[2])
    version = game_state.load(table).version
    overturn = {"type": "overturn", "ruling": 1, "reason": "My own call was wrong."}
    refused = command(client_for(carol), table.id, overturn, version)
    assert refused.status_code == 403
    assert refused.json()["detail"].startswith(f"{PLAYS_HERE} give staff commands at this table")
    assert store.current_version(table.stream) == version and not StaffAction.objects.exists()


def test_staff_outside_the_match_review_as_before_and_each_look_while_it_runs_is_logged(ruled, players, referee):
    table, version = ruled
    dispute = _file(players[1], table, version)
    assert staff_api(referee).get(f"/api/disputes/{dispute.pk}/").status_code == 200
    page = _logged_in(referee).get(f"/reviews/{dispute.pk}/")
    assert page.status_code == 200
    views = _views()
    assert [(v.staff, v.table_id, v.dispute_id) for v in views] == [(referee, table.id, dispute.pk)] * 2
    assert views[0].why.startswith(f"dispute #{dispute.pk} through the API")
    assert views[1].why.startswith(f"dispute #{dispute.pk}'s page")
    assert _decide(referee, dispute).status_code == 200
    assert StaffAction.objects.filter(what=StaffAction.What.OVERTURN, staff=referee).exists()
    # Once the game is over the review shows nothing hidden: no entry.
    _finish(table)
    assert staff_api(referee).get(f"/api/disputes/{dispute.pk}/").status_code == 200
    assert len(_views()) == 2


# --- the admin ------------------------------------------------------------------------------------------


def _event_page(user, table):
    event = Event.objects.filter(stream=table.stream).earliest("version")
    return _logged_in(user).get(f"/admin/events/event/{event.pk}/change/", follow=True)


def test_the_admin_shows_a_running_games_events_to_staff_outside_it_and_logs_each_look(ruled, players, referee):
    table, _ = ruled
    for user in (referee, players[2]):
        user.is_superuser = True
        _staff(user)
    refused = _event_page(players[2], table)
    assert refused.redirect_chain == [("/admin/events/event/", 302)] and PLAYS_HERE in refused.content.decode()
    assert not StaffAction.objects.exists()
    shown = _event_page(referee, table)
    assert shown.redirect_chain == [] and shown.status_code == 200
    (entry,) = _views()
    assert (entry.staff, entry.table_id, entry.why) == (referee, table.id, "event 1's whole payload in the admin")
    _finish(table)
    assert _event_page(players[2], table).redirect_chain == []  # history now: public
    assert len(_views()) == 1


def test_the_admin_shows_a_running_tables_options_as_its_players_see_them(players, referee):
    from games.tables import lobby

    table = lobby.create_table(
        players[0], "spite", 3, {"rounds": 1, "fake_jokers": 3, "fake_joker_faces": ["QS", "2D", "7H"]}
    )
    for user in players[1:]:
        lobby.join_table(table, user)
    lobby.start_table(table, players[0])
    referee.is_superuser = True
    referee.save()
    page = _logged_in(referee).get(f"/admin/games/table/{table.pk}/change/").content.decode()
    face = "&quot;7H&quot;"  # quoted as in the options' JSON: a bare "7H" can turn up in the CSRF token
    assert "&quot;fake_jokers&quot;: 3}" in page and face not in page
    _finish(table)
    assert face in _logged_in(referee).get(f"/admin/games/table/{table.pk}/change/").content.decode()

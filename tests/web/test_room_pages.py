"""The pages around the tables: home, rules, styled error pages, table names in the lobby and its filter."""

import pytest
from django.test import Client, override_settings

from games.engines import GAMES, get_engine
from games.models import Table
from games.tables import lobby
from games.tables.table_names import default_name

pytestmark = pytest.mark.django_db


def test_the_home_page_says_what_cardroom_is_to_a_visitor(client):
    page = client.get("/")
    assert page.status_code == 200
    body = page.content.decode()
    assert "A card room in your browser" in body
    for name in GAMES:
        engine = get_engine(name)
        assert engine.title.replace("&", "&amp;") in body and f'href="/rules/{name}/"' in body
    assert 'class="card card-pile' in body  # the games drawn with the site's own cards
    assert 'href="/accounts/signup/"' in body and 'href="/accounts/login/"' in body
    assert "Go to the lobby" not in body


def test_a_signed_in_player_reaches_the_lobby_from_home(client, alice):
    client.force_login(alice)
    body = client.get("/").content.decode()
    assert 'href="/lobby/"' in body and "Go to the lobby" in body and "Sign up, it" not in body
    assert client.get("/lobby/").status_code == 200


def test_home_lists_public_games_in_play_only(client, make_user):
    players = [make_user(f"p{n}") for n in range(3)]
    public = _started(players, name="The Friday game")
    hidden = _started([make_user(f"q{n}") for n in range(3)], name="Secret club", private=True)
    waiting = lobby.create_table(players[0], "spank", 2, name="Not started yet")
    body = client.get("/").content.decode()
    assert public.name in body and "P0, P1, P2" in body and public.short_id not in body.replace(str(public.id), "")
    assert hidden.name not in body and waiting.name not in body


def test_the_player_menu_has_no_api_link_and_the_footer_has_the_docs(client, alice):
    client.force_login(alice)
    body = client.get("/lobby/").content.decode()
    header = body[body.index('<header class="site-header"') : body.index("</header>")]
    footer = body[body.index('<footer class="site-footer"') : body.index("</footer>")]
    assert "/api/" not in header and "API" not in header
    assert 'href="/api/docs/"' in footer and 'href="/api/schema/"' in footer


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_rules_page_for_anyone(client, game):
    page = client.get(f"/rules/{game}/")
    assert page.status_code == 200
    body = page.content.decode()
    title = get_engine(game).title.replace("&", "&amp;")
    assert f"<h1>Rules of {title}</h1>" in body
    assert body.count("<h2") >= 3  # its own sections and the table's
    for field in get_engine(game).option_fields:  # every option the lobby offers is explained
        assert f'id="option-{field["name"]}"' in body


def test_an_unknown_game_has_no_rules_page(client):
    for game in ("chess", "page", "..", "SPITE"):
        assert client.get(f"/rules/{game}/").status_code == 404


def test_the_rules_are_linked_from_the_lobby_form_and_the_table(client, alice):
    client.force_login(alice)
    lobby_page = client.get("/lobby/").content.decode()
    start = lobby_page.index('class="create-table"')
    form = lobby_page[start : lobby_page.index("</form>", start)]
    for name in GAMES:
        assert f'href="/rules/{name}/"' in form
    table = lobby.create_table(alice, "spite", 3)
    assert 'href="/rules/spite/"' in client.get(f"/tables/{table.id}/").content.decode()


@override_settings(DEBUG=False)
def test_a_missing_page_is_a_styled_404_with_a_way_back(client, alice):
    client.force_login(alice)
    for url in ("/no-such-page/", "/tables/00000000-0000-0000-0000-000000000000/", "/rules/chess/"):
        page = client.get(url)
        assert page.status_code == 404
        body = page.content.decode()
        assert 'class="site-header"' in body and "There is nothing here" in body
        assert 'href="/"' in body and 'href="/lobby/"' in body


@override_settings(DEBUG=False)
def test_a_forbidden_page_is_a_styled_403(client, alice):
    from django.core.exceptions import PermissionDenied
    from django.test import RequestFactory
    from django.views.defaults import permission_denied

    request = RequestFactory().get("/somewhere/")
    request.user = alice
    page = permission_denied(request, PermissionDenied())
    assert page.status_code == 403
    body = page.content.decode()
    assert 'class="site-header"' in body and "You may not open this page" in body and 'href="/"' in body


@override_settings(DEBUG=False)
def test_a_form_without_its_csrf_token_gets_a_styled_403(alice):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)
    page = browser.post("/tables/new/", {"game": "spank", "seat_count": "2"})
    assert page.status_code == 403
    body = page.content.decode()
    assert 'class="site-header"' in body and "That form had expired" in body and 'href="/"' in body
    assert not Table.objects.exists()


@override_settings(DEBUG=False)
def test_a_server_error_is_a_styled_500_without_the_database(alice, monkeypatch):
    from django.urls import path

    from config import urls

    def broken(request):
        raise RuntimeError("boom")

    monkeypatch.setattr(urls, "urlpatterns", [path("broken/", broken), *urls.urlpatterns])
    from django.urls import clear_url_caches

    clear_url_caches()
    try:
        browser = Client(raise_request_exception=False)
        page = browser.get("/broken/")
    finally:
        clear_url_caches()
    assert page.status_code == 500
    body = page.content.decode()
    assert 'class="site-header"' in body and "Something went wrong on our side" in body and 'href="/"' in body


# --- names -------------------------------------------------------------------------------


def test_a_table_is_named_after_its_host_and_game_by_default(make_user):
    ana = make_user("ana", display_name="Ana")
    table = lobby.create_table(ana, "spite", 3)
    assert table.name == "Ana's Spite table" == default_name(ana, "spite")
    assert str(table) == "Ana's Spite table"


def test_the_host_names_a_table_on_the_page_and_it_is_escaped(client, alice):
    client.force_login(alice)
    response = client.post("/tables/new/", {"game": "spank", "seat_count": "2", "name": "  <b>Friday</b>   night  "})
    table = Table.objects.get()
    assert response["Location"] == f"/tables/{table.id}/"
    assert table.name == "<b>Friday</b> night"
    for url in (f"/tables/{table.id}/", "/lobby/"):
        body = client.get(url).content.decode()
        assert "&lt;b&gt;Friday&lt;/b&gt; night" in body and "<b>Friday</b>" not in body
    page = client.get(f"/tables/{table.id}/").content.decode()
    assert "<h1>&lt;b&gt;Friday&lt;/b&gt; night <span" in page and f"table {table.short_id}" not in page


def test_a_name_too_long_or_with_control_characters_is_refused(client, alice):
    client.force_login(alice)
    for name in ("x" * 61, "tab\tle", "evil\u202eelbat"):
        response = client.post("/tables/new/", {"game": "spank", "seat_count": "2", "name": name}, follow=True)
        assert "A table&#x27;s name" in response.content.decode()
    assert not Table.objects.exists()
    client.post("/tables/new/", {"game": "spank", "seat_count": "2", "name": "x" * 60})
    assert Table.objects.get().name == "x" * 60


def test_the_api_takes_and_shows_a_name(alice):
    from api_helpers import client_for, create_table

    api = client_for(alice)
    named = create_table(api, name="Quick one")
    assert named["name"] == "Quick one"
    assert create_table(api)["name"] == "Alice's Spank! table"
    for bad in ("x" * 61, "a\u0000b", "a\nb", ["list"]):
        response = api.post("/api/tables/", {"game": "spank", "seat_count": 2, "name": bad}, format="json")
        assert response.status_code == 400 and response.json()["detail"]


# --- the lobby's list ----------------------------------------------------------------------


def test_a_lobby_row_shows_game_options_seats_missing_players_and_clock(client, make_user):
    ana, bo, cy = make_user("ana", "Ana"), make_user("bo", "Bo"), make_user("cy", "Cy")
    table = lobby.create_table(ana, "spite", 4, {"rounds": 7}, turn_clock=30)
    lobby.join_table(table, bo)
    client.force_login(cy)
    body = client.get("/lobby/").content.decode()
    row = body[body.index(f'href="/tables/{table.id}/"') :]
    row = row[: row.index("</article>")]
    assert "Ana&#x27;s Spite table" in row
    assert "Spite" in row and "Rounds in the match: 7" in row and "30 s a turn" in row
    assert "Ana (host), Bo" in row and "waiting for 2 more players" in row


def test_the_lobby_filters_by_game_and_keeps_the_filter_live(client, make_user):
    ana, cy = make_user("ana", "Ana"), make_user("cy", "Cy")
    spite = lobby.create_table(ana, "spite", 3, name="Spite here")
    spank = lobby.create_table(ana, "spank", 2, name="Spank there")
    client.force_login(cy)
    both = client.get("/lobby/").content.decode()
    assert spite.name in both and spank.name in both
    only = client.get("/lobby/?game=spite").content.decode()
    assert spite.name in only and spank.name not in only
    assert 'ws-connect="/ws/lobby/?game=spite"' in only
    assert spank.name in client.get("/lobby/?game=nonsense").content.decode()  # an unknown game: no filter


def test_the_lobby_websocket_renders_the_filtered_list(make_user):
    from games.frames.rendering import render_lobby_tables

    ana, cy = make_user("ana", "Ana"), make_user("cy", "Cy")
    lobby.create_table(ana, "spite", 3, name="Spite here")
    lobby.create_table(ana, "spank", 2, name="Spank there")
    html = render_lobby_tables(cy, "spank")
    assert "Spank there" in html and "Spite here" not in html


def _started(users, name=None, private=False):
    table = lobby.create_table(users[0], "spite", len(users), name=name, private=private)
    for user in users[1:]:
        lobby.join_table(table, user)
    lobby.start_table(table, users[0])
    table.refresh_from_db()
    return table


def test_the_api_lists_tables_by_game(alice, bob):
    from api_helpers import client_for

    lobby.create_table(alice, "spite", 3, name="Spite here")
    lobby.create_table(alice, "spank", 2, name="Spank there")
    api = client_for(bob)
    assert [t["name"] for t in api.get("/api/tables/?game=spank").json()] == ["Spank there"]
    assert [t["name"] for t in api.get("/api/tables/?game=spite&status=open").json()] == ["Spite here"]
    refused = api.get("/api/tables/?game=chess")
    assert refused.status_code == 400 and "There is no game 'chess'" in refused.json()["detail"]
    row = api.get("/api/tables/?game=spite").json()[0]
    assert row["options_in_words"] == [] and row["awaiting"] == [] and row["rematch"] is None

"""Where ratings show: beside the live table (whether the game counts, each player's rating, the change at
the end), in the lobby's rows (one query for them all), on a player's page (ratings and the history chart
with its text alternative) and on each game's leaderboards."""

import re
import xml.etree.ElementTree as ElementTree
from datetime import timedelta
from html import unescape

import pytest
from command_path_helpers import started
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from events.store import StoredEvent
from games.tables import bot_seating, lobby
from ratings import leaderboards, projection, recording
from ratings.display import PROVISIONAL_GAMES, points

pytestmark = pytest.mark.django_db


def text(html):
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def ratings_part(client, table):
    html = client.get(f"/tables/{table.pk}/").content.decode()
    return text(html.split('id="table-ratings"', 1)[1].split("</section>", 1)[0])


def test_the_table_says_before_the_start_whether_the_game_is_rated(client, alice, bob):
    table = lobby.create_table(alice, "spite_and_malice", 2, {"win_pile": 5})
    lobby.join_table(table, bob)
    part = ratings_part(client, table)
    assert "Rated." in part and "Alice 1,500?" in part and "Bob 1,500?" in part
    other = lobby.create_table(bob, "spite_and_malice", 2, {"win_pile": 5})
    bot_seating.add_bot(other, bob)
    assert "Unrated: a bot has a seat." in ratings_part(client, other)


def test_the_finished_table_shows_each_players_change(client, alice, bob, finish):
    table = finish([alice, bob])
    assert "the ratings are being updated" in ratings_part(client, table)
    recording.rate(table)
    part = ratings_part(client, table)
    changes = dict(re.findall(r"(Alice|Bob) 1,500\? → (1,\d{3}\?)", part))
    assert set(changes) == {"Alice", "Bob"}
    assert (
        sorted(int(value[:-1].replace(",", "")) - 1500 for value in changes.values())[0]
        < 0
        < max(int(value[:-1].replace(",", "")) - 1500 for value in changes.values())
    )


def test_the_lobby_shows_ratings_beside_names_in_one_query_and_whether_open_tables_count(
    client, alice, bob, carol, finish
):
    recording.rate(finish([alice, bob]))
    alice_rating = alice.ratings.get(game="spite_and_malice")
    open_table = lobby.create_table(alice, "spite_and_malice", 2, {"win_pile": 5}, name="Open to all")
    with_bot = lobby.create_table(carol, "spite_and_malice", 2, {"win_pile": 5}, name="With a bot")
    bot_seating.add_bot(with_bot, carol)
    started("spank", [bob, carol])
    client.force_login(bob)
    with CaptureQueriesContext(connection) as queries:
        html = client.get("/lobby/").content.decode()
    assert sum('"ratings_rating"' in query["sql"] for query in queries) == 1
    rows = {
        unescape(row.split("</strong>")[0].split(">")[-1]): text(row) for row in html.split('class="table-row"')[1:]
    }
    assert f"Alice {points(alice_rating.mu):,}?" in rows[open_table.name]
    assert "Carol (host)" in rows[with_bot.name]  # no rating shown before her first rated game
    assert "· rated ·" in rows[open_table.name]
    assert "unrated: a bot has a seat" in rows[with_bot.name]


def test_a_players_page_shows_their_ratings_and_the_history_chart_with_its_numbers(client, alice, bob, carol, finish):
    for seed, players in enumerate([[alice, bob], [alice, carol], [bob, alice]]):
        recording.rate(finish(players, seed=seed + 5))
    html = client.get("/accounts/players/alice/").content.decode()
    shown = alice.ratings.get(game="spite_and_malice")
    assert f"{points(shown.mu):,}?" in text(html.split('id="ratings-title"', 1)[1].split("</table>", 1)[0])
    svg = re.search(r"<svg class=\"score-chart-drawing\".*?</svg>", html, re.S).group(0)
    drawn = ElementTree.fromstring(svg)  # well-formed
    ns = "{http://www.w3.org/2000/svg}"
    [line] = drawn.iter(f"{ns}polyline")
    assert len(line.get("points").split()) == 4  # the start and three games
    assert "Spite & Malice" in drawn.find(f"{ns}desc").text
    numbers = text(html.split("The ratings as tables", 1)[1].split("</details>", 1)[0])
    changes = list(alice.rating_changes.order_by("at"))
    for change in changes:
        assert f" {change.games} " in numbers and f"{points(change.mu_after):,}?" in numbers
    assert numbers.count("+") + numbers.count(" -") >= 3


def test_a_player_without_rated_games_has_no_chart(client, alice):
    html = client.get("/accounts/players/alice/").content.decode()
    assert "No rated games yet." in html and "score-chart-drawing" not in html


def rated(table, ranked, at):
    """A rating event for ``table`` (ranked: [(user, rank)]), applied to the projection as the stream would."""
    event = recording.rated_event(
        table, {user.pk: rank for user, rank in ranked}, {user.pk: seat for seat, (user, _) in enumerate(ranked)}
    )
    stored = StoredEvent("ratings-spank", table.pk.int % 10**6, projection.RATED, event, "system", None, at)
    projection.apply("spank", stored)


def test_the_leaderboards_rank_by_rating_past_the_provisional_games_and_by_games_this_month(
    client, alice, bob, carol, make_user
):
    now = timezone.now()
    last_month = leaderboards.month_start(now) - timedelta(days=2)
    dave = make_user("dave")
    for n in range(PROVISIONAL_GAMES):
        table = lobby.create_table(alice, "spank", 2)
        at = last_month if n < PROVISIONAL_GAMES - 2 else now
        rated(table, [(alice, 1), (bob, 2)], at)
    rated(lobby.create_table(carol, "spank", 2), [(carol, 1), (dave, 2)], now)
    board = [(row.user.username, row.games) for row in leaderboards.by_rating("spank")]
    assert board == [("alice", PROVISIONAL_GAMES), ("bob", PROVISIONAL_GAMES)]  # Carol is still provisional
    month = [(row.user.username, row.games) for row in leaderboards.by_games_this_month("spank", now=now)]
    assert month[:2] == [("alice", 2), ("bob", 2)] and sorted(month[2:]) == [("carol", 1), ("dave", 1)]
    page = text(client.get("/leaderboards/spank/").content.decode())
    assert "Top players by rating" in page and "1 Alice" in page and "Carol" in page.split("Most rated games", 1)[1]


def test_the_leaderboards_address_picks_a_game_and_refuses_any_other_name(client):
    assert client.get("/leaderboards/").url == "/leaderboards/spank/"
    assert client.get("/leaderboards/chess/").status_code == 404
    assert "Nobody has played" in client.get("/leaderboards/spite/").content.decode()

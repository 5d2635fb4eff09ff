"""Turn-based games rated apart from live ones (ratings.pools): a game finished at a turn-based table lands in
its game's turn-based pool (its own stream, ratings and boards) and leaves the live rating as it was, and the
other way round; the leaderboards, a player's page, the table's ratings part and the lobby's rows say which
pool a rating is; a rebuild gives the same rows for both pools."""

import re
from datetime import timedelta

import pytest
import time_machine
from command_path_helpers import started
from django.core.management import call_command
from django.utils import timezone
from test_rating_pages import ratings_part, text

from events import store
from events.store import StoredEvent
from games.play import firing, game_state
from games.tables import lobby
from ratings import leaderboards, pools, projection, queueing, recording, skill
from ratings.display import PROVISIONAL_GAMES, points
from ratings.models import RatedTable, Rating, RatingChange
from ratings.my_data import ratings as my_ratings
from ratings.templatetags.ratings import rating_at, ratings_at_tables

pytestmark = pytest.mark.django_db

DAY = 86400
TURN_BASED = {"move_time": DAY, "time_bank": DAY}
LIVE_STREAM, TURN_STREAM = "ratings-spite_and_malice", "ratings-spite_and_malice:turn"


def rating(user, key):
    return Rating.objects.filter(user=user, game=key).values_list("mu", "sigma", "games").first()


def test_a_tables_pool_is_its_game_live_or_turn_based_and_every_key_fits_the_columns(alice):
    live = lobby.create_table(alice, "spank", 2)
    turn = lobby.create_table(alice, "spank", 2, **TURN_BASED)
    assert (pools.of_table(live).key, pools.of_table(turn).key) == ("spank", "spank:turn")
    assert (pools.of_table(live).stream, pools.of_table(turn).stream) == ("ratings-spank", "ratings-spank:turn")
    assert (pools.of_table(live).title, pools.of_table(turn).title) == ("Spank!", "Spank! (turn-based)")
    for pool in pools.every():
        assert pools.of_key(pool.key) == pool
        assert len(pool.key) <= RatedTable._meta.get_field("game").max_length
        assert len(pool.stream) <= 64  # events.Event.stream


def test_a_turn_based_game_is_rated_in_its_own_pool_and_leaves_the_live_rating_alone(alice, bob, finish):
    recording.rate(finish([alice, bob], seed=5))
    live_before = rating(alice, "spite_and_malice")
    table = finish([alice, bob], seed=6, **TURN_BASED)
    rated = recording.rate(table)
    assert rated.rated and rated.game == "spite_and_malice:turn"
    [event] = store.read(TURN_STREAM)
    assert event.payload["table"] == str(table.pk)
    assert store.current_version(LIVE_STREAM) == 1  # nothing more in the live stream
    assert rating(alice, "spite_and_malice") == live_before
    # The turn-based pool starts from a new player's rating, not from the live one.
    change = RatingChange.objects.get(rated_table=rated, user=alice)
    assert (change.mu_before, change.sigma_before, change.games) == (skill.MU, skill.SIGMA, 1)
    assert rating(alice, "spite_and_malice:turn") == (change.mu_after, change.sigma_after, 1)


def test_a_live_game_leaves_the_turn_based_rating_alone(alice, bob, finish):
    recording.rate(finish([alice, bob], seed=5, **TURN_BASED))
    turn_before = rating(bob, "spite_and_malice:turn")
    rated = recording.rate(finish([alice, bob], seed=6))
    assert rated.game == "spite_and_malice"
    assert store.current_version(TURN_STREAM) == 1 and store.current_version(LIVE_STREAM) == 1
    assert rating(bob, "spite_and_malice:turn") == turn_before
    change = RatingChange.objects.get(rated_table=rated, user=bob)
    assert (change.mu_before, change.games) == (skill.MU, 1)


def test_a_forfeit_on_time_is_rated_in_the_turn_based_pool_with_the_late_seat_last(alice, bob, monkeypatch):
    monkeypatch.setattr(queueing, "_queue", lambda table_id: None)
    table = started("spite_and_malice", [alice, bob], {"win_pile": 5}, **TURN_BASED)
    late = table.seats.get(number=game_state.load(table).state.to_move).user
    with time_machine.travel(timezone.now() + timedelta(days=2, minutes=1)):
        firing.fire_due()
    table.refresh_from_db()
    rated = recording.rate(table)
    assert rated.rated and rated.game == "spite_and_malice:turn"
    ranks = {change.user_id: change.rank for change in rated.changes.all()}
    assert ranks[late.pk] == 2 and sorted(ranks.values()) == [1, 2]
    assert not Rating.objects.filter(game="spite_and_malice").exists()


def rated(table, ranked, version, at):
    """A rating event for ``table`` (ranked: [(user, rank)]) in its pool's stream, applied as the stream would."""
    pool = pools.of_table(table)
    event = recording.rated_event(
        table, {user.pk: rank for user, rank in ranked}, {user.pk: seat for seat, (user, _) in enumerate(ranked)}
    )
    projection.apply(pool.key, StoredEvent(pool.stream, version, projection.RATED, event, "system", None, at))


def test_the_leaderboards_have_a_turn_based_board_beside_the_live_one(client, alice, bob, carol, make_user):
    now = timezone.now()
    dave = make_user("dave")
    for n in range(1, PROVISIONAL_GAMES + 1):
        rated(lobby.create_table(alice, "spank", 2, **TURN_BASED), [(alice, 1), (bob, 2)], n, now)
        rated(lobby.create_table(carol, "spank", 2), [(carol, 1), (dave, 2)], n, now)
    assert [row.user.username for row in leaderboards.by_rating("spank:turn")] == ["alice", "bob"]
    assert [row.user.username for row in leaderboards.by_rating("spank")] == ["carol", "dave"]

    live = client.get("/leaderboards/spank/").content.decode()
    turn = client.get("/leaderboards/spank/turn-based/").content.decode()
    assert "Spank! leaderboards: live" in text(live) and "Spank! leaderboards: turn-based" in text(turn)
    assert "1 Carol" in text(live) and "Alice" not in text(live)
    assert "1 Alice" in text(turn) and "Carol" not in text(turn)
    # The pace switch: each page marks its own pace and links the other; the games' links keep the pace.
    assert '<a href="/leaderboards/spank/turn-based/" aria-current="page">Turn-based</a>' in turn
    assert '<a href="/leaderboards/spank/">Live</a>' in turn
    assert '<a href="/leaderboards/spite/turn-based/">' in turn and '<a href="/leaderboards/spite/">' in live
    assert "Nobody has played 10 rated turn-based games of Spite" in text(
        client.get("/leaderboards/spite/turn-based/").content.decode()
    )
    assert client.get("/leaderboards/chess/turn-based/").status_code == 404


def test_a_players_page_lists_and_charts_each_pool_labelled(client, alice, bob, finish):
    recording.rate(finish([alice, bob], seed=5))
    recording.rate(finish([alice, bob], seed=6, **TURN_BASED))
    recording.rate(finish([bob, alice], seed=7, **TURN_BASED))
    html = client.get("/accounts/players/alice/").content.decode()
    listed = text(html.split('id="ratings-title"', 1)[1].split("</table>", 1)[0])
    live = Rating.objects.get(user=alice, game="spite_and_malice")
    turn = Rating.objects.get(user=alice, game="spite_and_malice:turn")
    assert f"Spite & Malice Live {points(live.mu):,}? 1 " in listed
    assert f"Spite & Malice Turn-based {points(turn.mu):,}? 2 " in listed
    assert 'href="/leaderboards/spite_and_malice/turn-based/"' in html
    assert len(re.findall(r"<polyline", html)) == 2
    legend = text(html.split('class="score-chart-legend"', 1)[1].split("</ul>", 1)[0])
    assert f"Spite & Malice {points(live.mu):,}?" in legend
    assert f"Spite & Malice (turn-based) {points(turn.mu):,}?" in legend
    assert "Spite & Malice (turn-based): rating after each rated game" in text(html)


def test_the_table_part_names_the_pool_and_shows_its_ratings(client, alice, bob, finish):
    recording.rate(finish([alice, bob], seed=5))
    alice_live = points(Rating.objects.get(user=alice, game="spite_and_malice").mu)
    live = lobby.create_table(alice, "spite_and_malice", 2, {"win_pile": 5})
    lobby.join_table(live, bob)
    turn = lobby.create_table(alice, "spite_and_malice", 2, {"win_pile": 5}, **TURN_BASED)
    lobby.join_table(turn, bob)
    live_part, turn_part = ratings_part(client, live), ratings_part(client, turn)
    assert "Live ratings of Spite & Malice" in live_part and f"Alice {alice_live:,}?" in live_part
    assert "Turn-based ratings of Spite & Malice" in turn_part and "Alice 1,500?" in turn_part
    html = client.get(f"/tables/{turn.pk}/").content.decode()
    assert 'href="/leaderboards/spite_and_malice/turn-based/"' in html.split('id="table-ratings"', 1)[1]

    finished = finish([alice, bob], seed=6, **TURN_BASED)
    recording.rate(finished)
    part = ratings_part(client, finished)
    assert "Turn-based ratings of Spite & Malice" in part
    assert re.search(r"Alice 1,500\? → 1,\d{3}\?", part)  # from the turn-based pool's start, not the live rating


def test_the_lobbys_rows_show_the_rating_of_the_tables_pool(alice, bob, finish):
    recording.rate(finish([alice, bob], seed=5))
    live = lobby.create_table(alice, "spite_and_malice", 2, {"win_pile": 5})
    turn = lobby.create_table(alice, "spite_and_malice", 2, {"win_pile": 5}, **TURN_BASED)
    shown = ratings_at_tables([live, turn])
    assert rating_at(shown, live, live.seats.get()) is not None
    assert rating_at(shown, turn, turn.seats.get()) is None  # no turn-based game rated yet: no number shown
    recording.rate(finish([alice, bob], seed=6, **TURN_BASED))
    shown = ratings_at_tables([live, turn])
    assert rating_at(shown, turn, turn.seats.get()).points == points(
        Rating.objects.get(user=alice, game="spite_and_malice:turn").mu
    )
    assert rating_at(shown, live, live.seats.get()).points == points(
        Rating.objects.get(user=alice, game="spite_and_malice").mu
    )


def test_my_data_names_each_ratings_game_and_pace(alice, bob, finish):
    recording.rate(finish([alice, bob], seed=5))
    recording.rate(finish([alice, bob], seed=6, **TURN_BASED))
    mine = my_ratings(alice)
    assert sorted((r["game"], r["pace"]) for r in mine["current"]) == [
        ("spite_and_malice", "live"),
        ("spite_and_malice", "turn-based"),
    ]
    assert sorted(c["pace"] for c in mine["changes"]) == ["live", "turn-based"]


def projection_rows():
    return (
        sorted(Rating.objects.values_list("user_id", "game", "mu", "sigma", "games")),
        sorted(RatedTable.objects.values_list("table_id", "game", "version", "rated", "reason", "at")),
        sorted(
            RatingChange.objects.values_list("rated_table_id", "user_id", "game", "rank", "mu_after", "games", "at")
        ),
    )


def test_the_rebuild_gives_the_same_rows_for_both_pools(alice, bob, carol, finish):
    for seed, (players, fields) in enumerate(
        [([alice, bob], {}), ([alice, bob], TURN_BASED), ([bob, carol], TURN_BASED), ([carol, alice], {})]
    ):
        recording.rate(finish(players, seed=seed + 5, **fields))
    written = projection_rows()
    assert {key for _, key, *_ in written[0]} == {"spite_and_malice", "spite_and_malice:turn"}
    Rating.objects.filter(game="spite_and_malice:turn").update(mu=99)  # a projection gone wrong
    RatedTable.objects.filter(game="spite_and_malice:turn").delete()
    with open("/dev/null", "w") as quiet:
        call_command("rebuild_ratings", stdout=quiet)
    assert projection_rows() == written
    assert projection.rebuild("spite_and_malice:turn") == 2


def test_the_rebuild_says_what_it_did_for_each_pool(capsys, alice, bob, finish):
    recording.rate(finish([alice, bob], seed=5, **TURN_BASED))
    call_command("rebuild_ratings", "spite_and_malice")
    said = capsys.readouterr().out.splitlines()
    assert said == [
        "spite_and_malice (live): 0 rating events applied.",
        "spite_and_malice (turn-based): 1 rating event applied.",
    ]

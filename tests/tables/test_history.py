"""Profiles: a player's finished games (table's name and game, opponents, result, date, replay link) and statistics per game;
another player's page shows their public games only."""

import random
import re
from html import unescape as html_unescape

import pytest

from games.engines.base import SEAT_TO_ACT
from games.models import Table
from games.play import commands, game_state
from games.tables import history, lobby

pytestmark = pytest.mark.django_db


def _started(game, players, options=None, private=False, seed=3, name=None):
    table = lobby.create_table(players[0], game, len(players), options or {}, private=private, name=name)
    for user in players[1:]:
        lobby.join_table(table, user)
    lobby.start_table(table, players[0], rng=random.Random(seed))
    return table


def _played_to_the_end(table, seed=5):
    """Random legal moves of the seats that may act, through the command path, until the game is over."""
    rng, users = random.Random(seed), table.seated_users()
    for _ in range(3000):
        game = game_state.load(table)
        if game.engine.is_over(game.state):
            table.refresh_from_db()
            return game
        moves = [
            (seat, command)
            for seat in users
            for command in game.engine.legal_commands(game.state, seat)
            if game.engine.sender_of(command) == SEAT_TO_ACT
        ]
        seat, command = rng.choice(moves)
        commands.submit(table, users[seat], command, game.version)
    raise AssertionError("the game did not end")


def _abandoned(table):
    """The seats to act time out until one is marked absent (three in a row), then the host abandons the game."""
    for _ in range(12):
        game = game_state.load(table)
        if game.engine.host_commands_now(game.state):
            break
        assert commands.submit_system(table, {"type": "turn_timeout", "seat": game.state.to_move})
    commands.submit(table, table.host, {"type": "abandon"}, game.version)
    table.refresh_from_db()
    return table


def _rows(html):
    """The finished-games table's rows as (table, opponents, result, replay link)."""
    body = html.split('id="finished-games-title"', 1)[1]
    return [
        (game.strip(), re.sub(r"<[^>]+>", "", opponents), result, html_unescape(link))
        for game, opponents, result, link in re.findall(
            r'<th scope="row">(.*?)</th>\s*<td>(.*?)</td>\s*<td>(\w+)</td>\s*<td><time[^>]*>[^<]*</time></td>'
            r'\s*<td><a href="([^"]+)">Replay</a></td>',
            body,
            re.S,
        )
    ]


def _statistics(html):
    body = html.split('id="statistics-title"', 1)[1].split("</table>", 1)[0]
    return re.findall(r'<th scope="row">(.*?)</th><td class="num">(\d+)</td><td class="num">(\d+)</td>', body)


def test_the_engine_names_the_winner_and_the_history_records_it(alice, bob):
    table = _started("spite_and_malice", [alice, bob], {"win_pile": 5})
    game = _played_to_the_end(table)
    view = game.engine.view(game.state, None)
    assert table.status == "finished"
    assert game.engine.winners(game.state) == ([view["winner"]] if view["winner"] is not None else [])
    [finished] = history.finished_games(alice)
    table.refresh_from_db()
    assert table.result == {"winners": game.engine.winners(game.state), "abandoned": False}
    assert table.finished_at is not None
    expected = (
        history.WON if 0 in table.result["winners"] else (history.LOST if table.result["winners"] else history.DRAW)
    )
    assert finished.outcome == expected and finished.opponents == [bob]
    assert finished.replay_url == f"/tables/{table.id}/replay/?step=0&as=open"


def test_your_profile_lists_your_finished_games_private_ones_too_with_statistics(client, alice, bob, carol):
    won = _started("spite_and_malice", [alice, bob], {"win_pile": 5}, name="Tuesday night")
    _played_to_the_end(won)
    abandoned = _abandoned(_started("spank", [alice, carol], private=True))
    running = _started("spank", [alice, bob])
    client.force_login(alice)
    page = client.get("/accounts/profile/").content.decode()
    won.refresh_from_db()
    alice_won = 0 in won.result["winners"]
    outcome = "Won" if alice_won else ("Lost" if won.result["winners"] else "Draw")
    assert _rows(page) == [
        (
            'Alice&#x27;s Spank! table <span class="meta">Spank! · private</span>',
            "Carol",
            "Abandoned",
            f"/tables/{abandoned.id}/replay/?step=0&as=open",
        ),
        (
            'Tuesday night <span class="meta">Spite &amp; Malice</span>',
            "Bob",
            outcome,
            f"/tables/{won.id}/replay/?step=0&as=open",
        ),
    ]
    assert 'href="/accounts/players/carol/"' in page
    assert str(running.id) not in page
    assert _statistics(page) == [("Spank!", "1", "0"), ("Spite &amp; Malice", "1", "1" if alice_won else "0")]


def test_another_players_page_shows_their_public_games_only_to_anyone(client, alice, bob, carol):
    public = _abandoned(_started("spank", [alice, bob]))
    private = _abandoned(_started("spank", [alice, carol], private=True))
    for viewer in (None, bob, carol):  # nobody else sees the private game, not even who played it
        if viewer:
            client.force_login(viewer)
        page = client.get("/accounts/players/alice/").content.decode()
        assert [row[3] for row in _rows(page)] == [f"/tables/{public.id}/replay/?step=0&as=open"]
        assert str(private.id) not in page and "Carol" not in page.split('id="statistics-title"', 1)[1]
        assert _statistics(page) == [("Spank!", "1", "0")]
    client.force_login(alice)
    own = client.get("/accounts/profile/").content.decode()
    assert len(_rows(own)) == 2 and _statistics(own) == [("Spank!", "2", "0")]


def test_a_player_page_for_nobody_is_a_404_never_a_500(client, alice):
    assert client.get("/accounts/players/nobody/").status_code == 404
    assert client.get("/accounts/players/al%00ice/").status_code == 404
    assert client.get("/accounts/players/alice/").status_code == 200


def test_results_are_read_from_the_log_once_and_kept(alice, bob, django_assert_max_num_queries):
    table = _abandoned(_started("spank", [alice, bob]))
    Table.objects.filter(pk=table.pk).update(result=None, finished_at=None)  # as before this record existed
    assert history.statistics(alice) == [{"game": "Spank!", "played": 1, "won": 0}]
    table.refresh_from_db()
    assert table.result == {"winners": [], "abandoned": True} and table.finished_at is not None
    with django_assert_max_num_queries(1):  # the seats and their tables only: no event is read again
        history.statistics(alice)

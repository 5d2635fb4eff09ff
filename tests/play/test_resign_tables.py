"""Resigning at real tables, through the one command path (the REST API's commands and games.play.commands):
a two-seat game ends with the opponent's win; with more seats a bot plays the resigned seat to the end; the
log, the table's result and the player's history say so."""

import random

import pytest
from api_helpers import command, view
from test_bot_tables import run_bot_jobs

from events import store
from games.errors import Forbidden
from games.frames import move_log
from games.play import commands, game_state
from games.tables import history, lobby

pytestmark = pytest.mark.django_db

RESIGN = {"type": "resign"}


def test_resigning_a_two_seat_game_over_the_api_ends_it_with_the_opponents_win(running, alice, bob):
    table_id, clients = running
    shown = view(clients[1], table_id)
    assert RESIGN in shown["seat_commands"] and RESIGN not in shown["legal_commands"]
    response = command(clients[1], table_id, RESIGN, shown["version"] - 1)  # it holds at any version
    assert response.status_code == 200, response.content
    after = response.json()
    assert after["view"]["over"] and after["view"]["winner"] == 0 and after["view"]["players"][1]["resigned"]
    assert after["seat_commands"] == []
    refused = command(clients[0], table_id, RESIGN, after["version"])
    assert refused.status_code == 400 and "over" in refused.json()["detail"]
    table = lobby.Table.objects.get(pk=table_id)
    assert table.status == table.Status.FINISHED
    assert [game.outcome for game in history.finished_games(bob)] == [history.LOST]
    assert [game.outcome for game in history.finished_games(alice)] == [history.WON]


@pytest.mark.parametrize("game", ["spite", "spank", "spite_and_malice"])
def test_with_three_seats_a_bot_plays_the_resigned_seat_and_the_last_one_left_wins(game, alice, bob, carol):
    table = lobby.create_table(alice, game, 3, bot_delay=0)
    lobby.join_table(table, bob)
    lobby.join_table(table, carol)
    lobby.start_table(table, alice, rng=random.Random(3))
    players = {0: alice, 1: bob, 2: carol}
    loaded = game_state.load(table)
    first = loaded.state.to_move if loaded.state.to_move is not None else 1  # the seat to act, when one is
    second, winner = [seat for seat in (1, 2, 0) if seat != first][:2]
    with pytest.raises(Forbidden):  # only a seated player resigns, and only their own seat
        commands.submit(table, players[second], RESIGN, loaded.version, seat=first)

    resigned_at = commands.submit(table, players[first], RESIGN, loaded.version)
    loaded = game_state.load(table)
    assert not loaded.engine.is_over(loaded.state) and first in loaded.engine.seats_with_bot(loaded.state)
    if loaded.state.to_move == first:  # the bot plays the resigned seat's turn, as the system
        assert run_bot_jobs(table) > 0
        played = [e for e in store.read(table.stream, after=resigned_at) if e.payload.get("seat") == first]
        assert played and all(e.actor_kind == "system" for e in played)
        loaded = game_state.load(table)

    commands.submit(table, players[second], RESIGN, loaded.version)
    table.refresh_from_db()
    assert table.status == table.Status.FINISHED
    assert [e.payload for e in store.read(table.stream) if e.type == "resigned"] == [
        {"type": "resigned", "seat": first},
        {"type": "resigned", "seat": second, "winner": winner},
    ]
    names = {seat: user.display_name for seat, user in players.items()}
    words = " ".join(line["text"] for line in move_log.lines(table))
    assert f"{names[first]} resigns; a bot plays the seat to the end" in words
    assert f"{names[second]} resigns, and {names[winner]} wins" in words
    assert [g.outcome for g in history.finished_games(players[winner])] == [history.WON]
    assert [g.outcome for g in history.finished_games(players[first])] == [history.LOST]

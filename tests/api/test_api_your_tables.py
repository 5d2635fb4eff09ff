"""The REST API's Your games (``GET /api/tables/yours/``): the player's tables, those awaiting their move
first, with whose move it is and when its time runs out, as the page lists them; nothing hidden in it."""

import re

import pytest
from api_helpers import client_for
from rest_framework.test import APIClient
from turn_based_helpers import to_move, users

from games.tables import lobby

pytestmark = pytest.mark.django_db

CARD_CODE = re.compile(r'"(?:[2-9TJQKA][SHDC]|JK)"')


def started(players, game="spank", **fields):
    table = lobby.create_table(players[0], game, len(players), **fields)
    for player in players[1:]:
        lobby.join_table(table, player)
    lobby.start_table(table, players[0])
    return table


def test_the_tables_awaiting_your_move_come_first_with_their_time(alice, bob, carol):
    live = started([alice, carol])
    turn_based = started([alice, bob], move_time=86400, time_bank=0)
    waiting = users(turn_based)[to_move(turn_based)]
    other = bob if waiting == alice else alice
    listed = client_for(waiting).get("/api/tables/yours/").json()
    assert listed[0]["table"]["id"] == str(turn_based.pk)
    assert listed[0]["your_move"] is True and listed[0]["due_at"] is not None
    assert listed[0]["waiting_on"] == [waiting.shown_name]
    theirs = client_for(other).get("/api/tables/yours/").json()
    entry = next(entry for entry in theirs if entry["table"]["id"] == str(turn_based.pk))
    assert entry["your_move"] is False and entry["waiting_on"] == [waiting.shown_name]
    assert {entry["table"]["id"] for entry in client_for(alice).get("/api/tables/yours/").json()} == {
        str(live.pk),
        str(turn_based.pk),
    }


def test_your_games_are_yours_only_and_show_no_card(alice, bob, carol):
    started([alice, bob], game="spite_and_malice", move_time=86400)
    assert client_for(carol).get("/api/tables/yours/").json() == []
    assert CARD_CODE.findall(client_for(alice).get("/api/tables/yours/").content.decode()) == []
    assert APIClient().get("/api/tables/yours/").status_code in (401, 403)

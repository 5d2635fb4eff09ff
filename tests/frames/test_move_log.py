"""The move log: a stored game's events as lines for a perspective, with the players' names in."""

import re

import pytest
from replay_helpers import NAMES, player, stored_game

from games.engines import get_engine
from games.frames import move_log
from games.models import Table

pytestmark = pytest.mark.django_db


def test_the_lines_name_players_and_follow_the_log():
    table, log = stored_game("spite_and_malice", 1)
    lines = move_log.lines(table, seat=0)
    assert [line["version"] for line in lines] == list(range(1, len(log) + 1))
    assert [line["type"] for line in lines] == [event["type"] for event in log]
    engine = get_engine("spite_and_malice")
    for line, event in zip(lines, log):
        expected = re.sub(r"\{seat:(\d)\}", lambda found: NAMES[int(found.group(1))], engine.describe_event(event, 0))
        assert line["text"] == expected
        assert "{seat" not in line["text"]


def test_a_seat_reads_only_its_own_draws_and_the_open_form_reads_all():
    table, log = stored_game("spank", 2)
    draw = next(index for index, event in enumerate(log) if event["type"] == "drew" and event["cards"])
    drawer = log[draw]["seat"]
    other = (drawer + 1) % table.seat_count
    version = draw + 1
    own = move_log.lines(table, seat=drawer, after=draw, upto=version)[0]["text"]
    theirs = move_log.lines(table, seat=other, after=draw, upto=version)[0]["text"]
    watcher = move_log.lines(table, after=draw, upto=version)[0]["text"]
    opened = move_log.lines(table, open=True, after=draw, upto=version)[0]["text"]
    assert own == opened and own.startswith(f"{NAMES[drawer]} draws") and ":" in own
    assert theirs == watcher == own.split(":")[0]


def test_a_live_table_log_is_the_seat_s_until_the_game_is_over(make_user):
    table, _ = stored_game("spank", 3, upto=20, status=Table.Status.RUNNING)
    dealt = move_log.lines_for(table, player(0))[0]["text"]
    assert f"{NAMES[0]} holds" in dealt and f"{NAMES[1]} holds" not in dealt
    watched = move_log.lines_for(table, make_user("walter"))[0]["text"]
    assert "holds" not in watched

    finished, _ = stored_game("spank", 3)
    opened = move_log.lines_for(finished, make_user("wanda"))[0]["text"]
    assert all(f"{NAMES[seat]} holds" in opened for seat in range(finished.seat_count))

"""Play the computer: one click deals a private game against bots, the player at seat 0, through the
lobby's own steps and refusals."""

import pytest
from django.test import Client

from events import store
from games.engines import GAMES, get_engine
from games.models import Table
from games.tables import computer
from games.tables.lobby import BadRequest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", GAMES)
def test_the_game_is_dealt_at_once_with_bots_at_every_other_seat(game, make_user):
    ana = make_user("ana")
    engine = get_engine(game)
    seats = engine.max_players if engine.max_players <= 4 else 4
    level = "fair" if game != "climb" else "random"
    table = computer.play_the_computer(ana, game, seats, level=level, bot_delay=0)
    table.refresh_from_db()
    assert table.status == Table.Status.RUNNING and table.private and table.bot_delay == 0
    seated = {seat.number: seat for seat in table.seats.all()}
    assert seated[0].user == ana and not seated[0].bot
    assert [seated[n].bot for n in range(1, seats)] == [level] * (seats - 1)
    assert store.current_version(table.stream) >= 1  # dealt


@pytest.mark.parametrize(
    ("game", "seats", "level", "delay", "sentence"),
    [
        ("chess", 2, "fair", 1, "Unknown game"),
        ("spite", 1, "fair", 1, ""),
        ("spank", 2, "genius", 1, "A bot's level is"),
        ("spank", 2, "fair", 7, "A bot's delay is one of"),
    ],
)
def test_what_the_lobby_refuses_leaves_no_table_behind(game, seats, level, delay, sentence, make_user):
    with pytest.raises(BadRequest) as refused:
        computer.play_the_computer(make_user("ana"), game, seats, level=level, bot_delay=delay)
    assert sentence in refused.value.message
    assert not Table.objects.exists()


def test_the_button_takes_a_player_to_the_running_table_and_a_visitor_to_log_in(make_user):
    client = Client()
    form = {"game": "spite_and_malice", "seat_count": "2", "level": "fair", "bot_delay": "3"}
    assert client.post("/play/computer/", form)["Location"].startswith("/accounts/login/")
    client.force_login(make_user("ana"))
    home = client.get("/").content.decode()
    assert home.count('action="/play/computer/"') == len(GAMES)
    answer = client.post("/play/computer/", form)
    table = Table.objects.get()
    assert answer["Location"] == f"/tables/{table.id}/" and table.status == Table.Status.RUNNING
    assert client.get(answer["Location"]).status_code == 200
    refused = client.post("/play/computer/", {**form, "seat_count": "many"}, follow=True)
    assert "Choose a game and a number of players." in refused.content.decode()
    assert Table.objects.count() == 1


@pytest.mark.parametrize("game", ["spite", "spank", "spite_and_malice"])
def test_the_bots_play_their_turns_until_the_players(game, make_user):
    from games.engines.bot_base import turn_commands
    from games.models import Deadline
    from games.play import firing, game_state

    ana = make_user("ana")
    table = computer.play_the_computer(ana, game, 3, bot_delay=0)
    for _ in range(200):
        due = Deadline.objects.filter(table=table, kind=Deadline.Kind.BOT, fired_at__isnull=True)
        if not due.exists():
            break
        for pk in due.values_list("pk", flat=True):
            firing.fire(pk)
    loaded = game_state.load(table)
    legal = loaded.engine.legal_commands(loaded.state, 0)
    # Nobody waits on a bot: once their jobs have run, the player has a move to make (or the game is over).
    assert turn_commands(legal, loaded.engine.out_of_turn) or loaded.engine.is_over(loaded.state)


def test_the_api_plays_the_computer_as_the_button_does(make_user):
    from api_helpers import client_for

    api = client_for(make_user("ana"))
    answer = api.post("/api/play/computer/", {"game": "spank", "seat_count": 3, "level": "random"}, format="json")
    assert answer.status_code == 201, answer.content
    table = Table.objects.get(pk=answer.json()["id"])
    assert table.status == Table.Status.RUNNING and table.private
    assert [seat.bot for seat in table.seats.order_by("number")] == ["", "random", "random"]
    refused = api.post("/api/play/computer/", {"game": "spank", "seat_count": 3, "bot_delay": 9}, format="json")
    assert refused.status_code == 400 and "A bot's delay is one of" in refused.json()["detail"]

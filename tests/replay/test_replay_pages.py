"""The replay page: who may open it, its steps and perspectives, and the links that lead to it."""

import re

import pytest
from django.test import Client
from random_logs import random_log
from replay_helpers import NAMES, player, stored_game
from staff_helpers import pass_second_factor

from events import store
from games.engines import GAMES, get_engine, registry
from games.models import Table
from games.tables import chat

pytestmark = pytest.mark.django_db


def browser(user):
    client = Client()
    client.force_login(user)
    return client


def replay_url(table, step=None, seen_as=None):
    query = "&".join(
        part
        for part in (f"step={step}" if step is not None else "", f"as={seen_as}" if seen_as is not None else "")
        if part
    )
    return f"/tables/{table.id}/replay/" + (f"?{query}" if query else "")


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_replays_at_each_step_and_perspective(game, make_user):
    table, log = stored_game(game, 2)
    client = browser(make_user("walter"))  # not seated: the table is public
    engine = get_engine(game)
    for step in (0, 1, len(log) // 2, len(log)):
        for seen_as in ("open", "0", "1"):
            response = client.get(replay_url(table, step, seen_as))
            assert response.status_code == 200, response.content[:300]
            page = response.content.decode()
            assert f'data-step="{step}"' in page and f'data-as="{seen_as}"' in page
            if step:
                seat = None if seen_as == "open" else int(seen_as)
                line = re.sub(
                    r"\{seat:(\d)\}",
                    lambda found: NAMES[int(found.group(1))],
                    engine.describe_event(log[step - 1], seat, open=seen_as == "open"),
                )
                assert line.replace("'", "&#x27;") in page
                assert registry.game(game).board_template not in page and "board" in page
            else:
                assert "Before the first move." in page


def test_the_replay_is_headed_by_the_tables_name_never_its_id(make_user):
    table, _ = stored_game("spite", 1)
    page = browser(make_user("walter")).get(replay_url(table, 2)).content.decode()
    assert re.search(r"<h1>Replay: Ana&#x27;s Spite table <span class=\"meta\">Spite</span></h1>", page)
    assert "<title>Replay: Ana&#x27;s Spite table, step 2 · Spite · Cardroom</title>" in page
    assert table.short_id not in page.replace(str(table.id), "")


def test_the_page_starts_before_the_first_move_seen_with_every_hand_open(make_user):
    table, _ = stored_game("spank", 1)
    page = browser(make_user("walter")).get(replay_url(table)).content.decode()
    assert 'data-step="0"' in page and 'data-as="open"' in page


def test_the_open_perspective_shows_every_hand_and_a_seat_s_only_its_own(make_user):
    table, log = stored_game("spite_and_malice", 1)
    client = browser(make_user("walter"))
    opened = client.get(replay_url(table, 1, "open")).content.decode()
    seat_one = client.get(replay_url(table, 1, "1")).content.decode()
    assert "Every seat&#x27;s cards" in opened or "Every seat's cards" in opened
    for seat in range(table.seat_count):
        assert f"<h3>{NAMES[seat]}</h3>" in opened
    assert "Every seat" not in seat_one
    assert "Your hand" in seat_one


def test_a_running_game_is_replayed_by_staff_only(make_user):
    table, _ = stored_game("spank", 1, upto=30, status=Table.Status.RUNNING)
    refused = browser(player(0)).get(replay_url(table, 5, "0"))
    assert refused.status_code == 403
    assert "still being played" in refused.content.decode()
    staff = make_user("sam")
    staff.is_staff = True
    staff.save()
    allowed = pass_second_factor(Client(), staff).get(replay_url(table, 5, "open"))
    assert allowed.status_code == 200


def test_an_unstarted_table_has_nothing_to_replay(make_user):
    table = Table.objects.create(game="spank", seat_count=2, host=player(0))
    response = browser(player(0)).get(replay_url(table))
    assert response.status_code == 403 and "nothing to replay" in response.content.decode()


@pytest.mark.parametrize(
    "query, words",
    [
        ("step=-1", '"step" must be a whole number'),
        ("step=99999", "from 0 to"),
        ("step=1.5", "whole number"),
        ("as=7", '"as" must be'),
        ("as=everyone", '"as" must be'),
        ("as=-1", '"as" must be'),
    ],
)
def test_a_bad_step_or_perspective_is_a_400_with_a_sentence(query, words, make_user):
    table, _ = stored_game("spank", 1)
    response = browser(make_user("walter")).get(f"/tables/{table.id}/replay/?{query}")
    assert response.status_code == 400
    assert words.replace('"', "&quot;") in response.content.decode()


def test_a_private_game_stays_hidden_from_strangers(make_user):
    table, _ = stored_game("spank", 1, private=True)
    assert browser(make_user("walter")).get(replay_url(table, 1, "open")).status_code == 404
    assert browser(player(1)).get(replay_url(table, 1, "open")).status_code == 200


def test_the_game_over_panel_and_the_lobby_link_to_the_replay():
    table, log = stored_game("spank", 1)
    client = browser(player(0))
    last = client.get(replay_url(table, len(log), "0")).content.decode()
    assert f'href="/tables/{table.id}/replay/"' in last  # the board's game-over panel
    lobby = client.get("/lobby/").content.decode()
    assert f'href="/tables/{table.id}/replay/"' in lobby


@pytest.mark.parametrize("game", GAMES)
def test_the_replay_page_says_every_deal_was_verified(game, make_user):
    table, log = stored_game(game, 3)
    page = browser(make_user("walter")).get(replay_url(table, 1)).content.decode()
    deals = sum(1 for event in log if event.get("commitment"))
    assert deals and f"{deals} deal{'s' if deals > 1 else ''} verified." in page and "failed" not in page


def test_a_visitor_without_an_account_replays_a_public_finished_game_and_not_a_private_one():
    public, _ = stored_game("spite", 1)
    private, _ = stored_game("spank", 1, private=True)
    visitor = Client()
    assert visitor.get(replay_url(public, 2, "open")).status_code == 200
    assert visitor.get(f"/api/tables/{public.id}/replay/?step=2&as=1").status_code == 200
    assert visitor.get(f"/api/tables/{public.id}/replay/moves/?as=open").status_code == 200
    assert visitor.get(replay_url(private, 2)).status_code == 404
    assert visitor.get(f"/api/tables/{private.id}/replay/?step=2").status_code == 404
    running, _ = stored_game("spank", 1, upto=10, status=Table.Status.RUNNING)
    assert visitor.get(replay_url(running, 2)).status_code == 403


def test_the_replay_shows_the_table_chat_as_it_stood_at_each_step(make_user):
    table, first = stored_game("spank", 2, upto=5)
    chat.post(table, player(1), "<b>good luck</b>")
    rest = list(random_log("spank", 2)[2][5:])
    store.append(table.stream, rest, 5, game="spank")
    client = browser(make_user("walter"))

    before = client.get(replay_url(table, 5)).content.decode()
    after = client.get(replay_url(table, 6)).content.decode()
    assert "good luck" not in before and "Nothing said yet." in before
    assert "&lt;b&gt;good luck&lt;/b&gt;" in after and NAMES[1] in after.split("replay-chat-title", 1)[1]

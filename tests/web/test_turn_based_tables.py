"""The turn-based table option in the pages, as a browser without JavaScript sees them: the lobby's form
(live with its turn clock, or turn-based with a time per move and a bank), its refusals, the lobby's row,
the table page's heading, its clock in words and each seat's bank left, and the rematch that keeps them."""

import html
import random
import re
from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from events import store
from games.models import Table
from games.play import commands, game_state
from games.tables import lobby

pytestmark = pytest.mark.django_db

HOUR, DAY = 3600, 86400
PACE = "Turn-based: 1 day a move, 1-day bank"


def _create(client, **fields):
    """The lobby form sent as a browser sends it: every select has a value, whichever pace is chosen."""
    form = {"game": "spank", "seat_count": "2", "turn_clock": "", "move_time": "86400", "time_bank": "86400"}
    return client.post("/tables/new/", {**form, **fields}, follow=True)


def _text(response):
    return " ".join(html.unescape(response.content.decode()).split())


def test_the_form_offers_live_or_turn_based_with_its_times(client, alice):
    client.force_login(alice)
    page = client.get("/lobby/").content.decode()
    assert '<input type="radio" name="pace" value="live" checked>' in page
    assert '<input type="radio" name="pace" value="turn_based">' in page
    move_times = re.search(r'<select name="move_time">(.*?)</select>', page, flags=re.S).group(1)
    assert re.findall(r'<option value="(\d+)">([^<]+)</option>', move_times) == [
        ("3600", "1 hour"),
        ("43200", "12 hours"),
        ("86400", "1 day"),
        ("259200", "3 days"),
    ]
    banks = re.search(r'<select name="time_bank">(.*?)</select>', page, flags=re.S).group(1)
    assert '<option value="86400" selected>1 day</option>' in banks and "no time bank" in banks


def test_the_form_creates_a_turn_based_table(client, alice):
    client.force_login(alice)
    response = _create(client, pace="turn_based", move_time="43200", time_bank="604800")
    table = Table.objects.get()
    assert response.redirect_chain[-1][0] == f"/tables/{table.id}/"
    assert (table.move_time, table.time_bank, table.turn_clock, table.turn_based) == (43200, 604800, None, True)
    assert "Turn-based: 12 hours a move, 7-day bank" in _text(response)


def test_a_live_table_keeps_its_turn_clock_and_ignores_the_turn_based_fields(client, alice):
    client.force_login(alice)
    _create(client, pace="live", turn_clock="30")
    table = Table.objects.get()
    assert (table.move_time, table.time_bank, table.turn_clock, table.turn_based) == (None, 0, 30, False)


def test_a_form_without_a_pace_makes_a_live_table_as_before(client, alice):
    client.force_login(alice)
    client.post("/tables/new/", {"game": "spank", "seat_count": "2"})
    assert Table.objects.get().move_time is None


@pytest.mark.parametrize(
    "fields, sentence",
    [
        (
            {"pace": "turn_based", "turn_clock": "30"},
            "A turn-based table has a time per move, not a turn clock of seconds: choose one.",
        ),
        ({"pace": "turn_based", "move_time": "7200"}, "A time per move is one of 3600 (1 hour), "),
        ({"pace": "turn_based", "move_time": "soon"}, "not 'soon'."),
        ({"pace": "turn_based", "move_time": ""}, "A time bank is for a turn-based table: choose a time per move"),
        ({"pace": "turn_based", "time_bank": "5"}, "A time bank is one of 0 (no time bank), "),
        ({"pace": "turn_based", "time_bank": "-1"}, "not '-1'."),
        ({"pace": "sometimes"}, "A table is live or turn-based, not 'sometimes'."),
    ],
)
def test_bad_turn_based_choices_are_refused_with_a_sentence(client, alice, fields, sentence):
    client.force_login(alice)
    response = _create(client, **fields)
    assert response.status_code == 200 and response.redirect_chain[-1][0] == "/lobby/"
    assert sentence in _text(response)
    assert not Table.objects.exists()


def test_a_lobby_row_says_the_time_per_move_and_the_bank(client, make_user):
    ana, bo = make_user("ana", "Ana"), make_user("bo", "Bo")
    turn_based = lobby.create_table(ana, "spank", 2, move_time=DAY, time_bank=DAY, name="Slow one")
    no_bank = lobby.create_table(ana, "spank", 2, move_time=HOUR, time_bank=0, name="Quick one")
    client.force_login(bo)
    body = _text(client.get("/lobby/"))
    row = body[body.index(f'href="/tables/{turn_based.id}/"') :]
    assert f"Spank! · {PACE}</span>" in row[: row.index("</article>")]
    row = body[body.index(f'href="/tables/{no_bank.id}/"') :]
    row = row[: row.index("</article>")]
    assert "Turn-based: 1 hour a move, no time bank" in row and "turn clock" not in row


def _running(alice, bob, **fields):
    table = lobby.create_table(alice, "spank", 2, move_time=DAY, time_bank=DAY, **fields)
    lobby.join_table(table, bob)
    lobby.start_table(table, alice, rng=random.Random(0))
    return table


def _end_turn(table, users):
    """The seat to act plays its engine's first legal commands until another seat is to act."""
    seat = game_state.load(table).state.to_move
    while game_state.load(table).state.to_move == seat:
        game = game_state.load(table)
        command = game.engine.legal_commands(game.state, seat)[0]
        commands.submit(table, users[seat], command, store.current_version(table.stream))
    return seat


def _banner(client, table):
    page = html.unescape(client.get(f"/tables/{table.id}/").content.decode())
    return " ".join(re.search(r'<p id="turn-banner".*?</p>', page, flags=re.S).group(0).split()), page


def test_the_table_page_shows_the_pace_the_time_left_in_words_and_each_seats_bank(client, alice, bob):
    table = _running(alice, bob)
    users = {seat.number: seat.user for seat in table.seats.select_related("user")}
    client.force_login(alice)
    with time_machine.travel(timezone.now(), tick=False) as clock:
        banner, page = _banner(client, table)
        assert f'<h1>{table.name} <span class="meta">Spank! · <span class="pace">{PACE}</span>' in page
        # The first turn has the day a move and the whole bank: two days, in words.
        assert re.search(r'data-clock="words">2 d</span> left', banner), banner
        assert "Time bank left: " in banner and "Alice 1 d" in banner and "Bob 1 d" in banner

        clock.shift(timedelta(days=1, hours=5, minutes=48))
        slow = _end_turn(table, users)  # 5 h 48 min over the day: drawn from the bank
        banner, _ = _banner(client, table)
        slow_name, other_name = users[slow].shown_name, users[1 - slow].shown_name
        assert f"{slow_name} 18 h 12 min" in banner and f"{other_name} 1 d" in banner

        clock.shift(timedelta(days=1, hours=20))  # the other seat's turn: 4 h of its two days left
        banner, _ = _banner(client, table)
        assert re.search(r'data-clock="words">4 h</span> left', banner), banner
        clock.shift(timedelta(hours=3, minutes=48))
        banner, _ = _banner(client, table)
        assert re.search(r'data-clock="words">12 min</span> left', banner), banner


def test_a_live_table_shows_no_pace_and_no_banks(client, alice, bob):
    table = lobby.create_table(alice, "spank", 2, turn_clock=30)
    lobby.join_table(table, bob)
    lobby.start_table(table, alice)
    client.force_login(alice)
    banner, page = _banner(client, table)
    assert "Turn-based" not in page and "Time bank" not in banner and 'data-clock="words"' not in page
    assert re.search(r'<span class="countdown" data-deadline-ms="\d+">\d+</span> s left', banner), banner


def test_a_rematch_keeps_the_time_per_move_and_the_bank(client, alice, bob):
    table = _running(alice, bob)
    commands.submit(table, bob, {"type": "resign"}, store.current_version(table.stream))
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    client.force_login(bob)
    response = client.post(f"/tables/{table.id}/rematch/")
    new = Table.objects.get(rematch_of=table)
    assert response["Location"] == f"/tables/{new.id}/"
    assert (new.move_time, new.time_bank, new.turn_clock) == (DAY, DAY, None)
    assert PACE in _text(client.get(f"/tables/{new.id}/"))

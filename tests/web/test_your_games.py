"""Your games (games.tables.your_games, /tables/yours/ and the header's badge): every table the player sits at
in play, those awaiting their move first, with whose turn it is and how long it has left; nothing hidden."""

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from events import store
from games.models import Deadline
from games.play import broadcast, commands, game_state
from games.tables import closing, lobby, your_games

pytestmark = pytest.mark.django_db

DAY = 86400
# A card as text ("7H", "10S", "JK"), as tests/whole/test_leak_scan.py looks for them.
CARD_CODE = re.compile(r"(?<![\w%-])(?:(?:10|11|12|13|[2-9AJQK])[SHDC]|JK)(?![\w-])")


def started(game, players, **fields):
    table = lobby.create_table(players[0], game, len(players), **fields)
    for player in players[1:]:
        lobby.join_table(table, player)
    lobby.start_table(table, players[0])
    return table


def game_of(table):
    return game_state.load(table)


def seat_of(table, user):
    return table.seats.get(user=user).number


def awaits(table, user):
    game = game_of(table)
    return seat_of(table, user) in game.engine.awaited_seats(game.state)


def move_until_awaited(table, user, players):
    """Whoever the table waits on plays their first legal command until it waits on ``user``."""
    for _ in range(200):
        if awaits(table, user):
            return
        game = game_of(table)
        seat = game.engine.view(game.state, None)["to_move"]
        mover = table.seats.get(number=seat).user
        command = game.engine.legal_commands(game.state, seat)[0]
        commands.submit(table, mover, command, store.current_version(table.stream))
    raise AssertionError("the table never waited on that player")


def awaiting(user):
    """The user's tables in play awaiting their move, as Your games lists them."""
    return [entry for entry in your_games.your_tables(user) if entry.your_move]


def one_awaiting_and_one_not(alice, bob, game="spank", **fields):
    """Two started tables of ``game`` of Alice and Bob: the first awaits Alice, the second Bob."""
    first, second = started(game, [alice, bob], **fields), started(game, [alice, bob], **fields)
    move_until_awaited(first, alice, [alice, bob])
    move_until_awaited(second, bob, [alice, bob])
    return first, second


def test_the_tables_awaiting_the_players_move_come_first_then_the_others_then_the_open_ones(alice, bob, carol):
    open_table = lobby.create_table(alice, "spank", 3, name="Still open")
    not_yours, yours = reversed(one_awaiting_and_one_not(alice, bob))
    lobby.join_table(open_table, carol)
    listed = your_games.your_tables(alice)
    assert [entry.table for entry in listed] == [yours, not_yours, open_table]
    assert [entry.heading for entry in listed] == ["Your move", "Waiting for the others", "Waiting to start"]
    assert listed[1].waiting_on == ("Bob",)
    assert listed[2].seats_taken == 2
    assert [entry.table for entry in awaiting(alice)] == [yours]
    assert [entry.table for entry in awaiting(bob)] == [not_yours]


def test_among_the_tables_awaiting_a_move_the_soonest_to_run_out_comes_first(alice, bob):
    later = started("spank", [alice, bob], move_time=3 * DAY)
    sooner = started("spank", [alice, bob], move_time=DAY)
    live = started("spank", [alice, bob])
    for table in (later, sooner, live):
        move_until_awaited(table, alice, [alice, bob])
    assert [entry.table for entry in your_games.your_tables(alice)] == [sooner, later, live]


def test_a_turn_based_table_says_how_long_the_turn_has_left(alice, bob):
    table = started("spite_and_malice", [alice, bob], move_time=DAY, time_bank=DAY)
    waited_on = table.seats.get(number=game_of(table).state.to_move).user
    deadline = Deadline.objects.get(table=table, kind=Deadline.Kind.TURN)
    entry = your_games.your_tables(waited_on)[0]
    assert entry.your_move and entry.table.turn_based
    assert entry.due_at == deadline.due_at and entry.turn == deadline.version
    assert entry.time_left(deadline.due_at - timedelta(days=1, hours=3, minutes=20)) == "1\xa0day, 3\xa0hours left"
    assert entry.time_left(deadline.due_at + timedelta(seconds=1)) == "no time left"


def test_time_left_in_words():
    now = timezone.now()

    def words(due_at):
        return your_games.left_until(due_at, now).replace("\xa0", " ")  # Django's words keep number and unit together

    assert words(None) == ""
    assert words(now + timedelta(minutes=42, seconds=10)) == "42 minutes left"
    assert words(now + timedelta(days=2, hours=5)) == "2 days, 5 hours left"
    assert words(now) == "no time left"


def test_a_live_table_without_a_clock_has_no_time_left(alice, bob):
    table = started("spank", [alice, bob])
    entry = your_games.your_tables(alice)[0]
    assert entry.table == table and entry.due_at is None and entry.time_left() == ""


@pytest.mark.parametrize(
    ("game", "seats", "title"),
    [("spite", 3, "Spite"), ("spite_and_malice", 2, "Spite & Malice"), ("spank", 2, "Spank!")],
)
def test_each_game_is_listed_with_the_seat_it_waits_on(make_user, game, seats, title):
    players = [make_user(f"player{n}") for n in range(seats)]
    table = started(game, players, move_time=DAY)
    game_now = game_of(table)
    awaited = game_now.engine.awaited_seats(game_now.state)
    for player in players:
        (entry,) = your_games.your_tables(player)
        assert entry.table == table and entry.table.title == title
        assert entry.your_move == (seat_of(table, player) in awaited)
    assert any(awaiting(player) for player in players)


def test_finished_and_closed_tables_are_not_listed(alice, bob):
    finished = started("spank", [alice, bob])
    seat = seat_of(finished, alice)
    commands.submit(finished, alice, {"type": "resign"}, store.current_version(finished.stream), seat=seat)
    finished.refresh_from_db()
    assert finished.status == finished.Status.FINISHED
    cancelled = lobby.create_table(alice, "spank", 2)
    closing.cancel_table(cancelled, alice)
    assert your_games.your_tables(alice) == []
    assert your_games.your_tables(bob) == []


def test_dozens_of_tables_are_read_in_two_queries_when_their_games_are_cached(alice, bob):
    for _ in range(12):
        started("spank", [alice, bob], move_time=DAY)
    your_games.your_tables(alice)  # the games cached (a web process keeps them: its tables are played there)
    with CaptureQueriesContext(connection) as queries:
        listed = your_games.your_tables(alice)
    assert len(listed) == 12
    assert len(queries) == 2, [query["sql"] for query in queries]


def test_the_page_needs_a_log_in(client):
    response = client.get("/tables/yours/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_the_page_lists_the_tables_and_the_header_counts_those_awaiting_the_move(client, alice, bob):
    yours, not_yours = one_awaiting_and_one_not(alice, bob)
    client.force_login(alice)
    html = client.get("/tables/yours/").content.decode()
    listing = html.split('id="your-games-list"')[1]
    assert listing.index(str(yours.id)) < listing.index("Waiting for the others") < listing.index(str(not_yours.id))
    assert "1 game awaits your move" in html
    assert "data-turn-notify" in html  # the button that asks for notifications
    # Another page's header: the same count.
    assert "1 game awaits your move" in client.get("/lobby/").content.decode()


def test_the_badge_counts_again_after_a_move_and_is_hidden_at_nought(
    client, alice, bob, django_capture_on_commit_callbacks
):
    table = started("spank", [alice, bob])
    move_until_awaited(table, alice, [alice, bob])
    client.force_login(alice)
    assert "1 game awaits your move" in client.get("/lobby/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        move_until_awaited(table, bob, [alice, bob])  # Alice moved: the count kept for her header is dropped
    html = client.get("/lobby/").content.decode()
    assert "await your move" not in html and "awaits your move" not in html
    assert '<span id="your-games-badge"></span>' in html
    client.force_login(bob)
    assert "1 game awaits your move" in client.get("/lobby/").content.decode()


def test_the_badge_is_counted_in_one_query(client, alice, bob):
    one_awaiting_and_one_not(alice, bob)
    client.force_login(alice)
    client.get("/rules/spank/")
    with CaptureQueriesContext(connection) as queries:
        assert "1 game awaits your move" in client.get("/rules/spank/").content.decode()
    assert len([query for query in queries if "games_seat" in query["sql"]]) == 1


def test_the_people_seated_are_told_when_the_turn_moves_and_not_at_every_move(
    alice, bob, django_capture_on_commit_callbacks
):
    """A Spite & Malice turn is often several plays: only its end changes anyone's Your games."""
    table = started("spite_and_malice", [alice, bob])
    users = {seat_of(table, alice): alice, seat_of(table, bob): bob}
    seen = set()  # whether each move ended a turn
    for _ in range(200):
        game = game_of(table)
        seat = game.state.to_move
        with broadcast.held() as sent, django_capture_on_commit_callbacks(execute=True):
            commands.submit(table, users[seat], game.engine.legal_commands(game.state, seat)[-1], game.version)
        turn_moved = game_of(table).state.to_move != seat
        assert any(group.startswith("yours.") for group, _ in sent) == turn_moved
        seen.add(turn_moved)
        if seen == {True, False}:
            return
    pytest.fail("no move within a turn, or no end of a turn, in 200 moves")


def test_the_page_shows_no_card(client, alice, bob, carol):
    started("spite_and_malice", [alice, bob], move_time=DAY)
    started("spite", [alice, bob, carol], move_time=DAY)
    started("spank", [alice, bob])
    client.force_login(alice)
    listing = client.get("/tables/yours/").content.decode().split('id="your-games-list"')[1]
    assert listing.count('class="table-row your-game"') == 3
    assert CARD_CODE.findall(listing.split("</main>")[0]) == []

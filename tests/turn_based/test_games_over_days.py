"""Whole turn-based games of each kind played across simulated days: fair bots choose each seat's commands,
which go down the platform's command path as that seat's player, and the clock is moved between turns
(time_machine, never slept): most turns within the time per move, some slower, drawing on the bank. No
deadline fires early, each bank holds exactly what the slow turns drew, and the game ends by its own rules.
Then a time-out of each kind: the forfeit (resigned, out_of_time) of each game, with two seats and with
three, said in the log and the replay."""

import random
from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from events import store
from games.bots import bot_for, match
from games.engines import get_engine
from games.models import Deadline, Seat
from games.play import commands, firing, game_state, timers
from games.tables import lobby

pytestmark = pytest.mark.django_db

HOUR = timedelta(hours=1)
DAY = 86400
BANK = 3 * DAY

# (game, options, the most commands a game may take): a short match of Spite.
GAMES = [("spite_and_malice", {}, 1500), ("spank", {}, 800), ("spite", {"rounds": 1}, 1500)]


def turn_based_table(users, game, options=None, move_time=DAY, time_bank=BANK):
    host, *others = users
    table = lobby.create_table(host, game, len(users), options=options, move_time=move_time, time_bank=time_bank)
    for user in others:
        lobby.join_table(table, user)
    lobby.start_table(table, host, rng=random.Random(7))
    return table


def play_over_days(table, seed, bound):
    """Play ``table`` to its end, a fair bot choosing for each seat; a turn's first command comes after a
    wait of 1 to 20 hours, or of 26 hours (2 over the day a move) every fifth turn while the seat's bank
    holds it. Returns {seat: the seconds its slow turns drew}."""
    engine = get_engine(table.game)
    users = {seat.number: seat.user for seat in table.seats.select_related("user")}
    bots = [bot_for(table.game, "fair") for _ in users]
    rngs, rng = match.seat_rngs(seed, len(users)), random.Random(seed)
    drawn, turns, acting = dict.fromkeys(users, 0), 0, None
    with time_machine.travel(timezone.now(), tick=False) as clock:
        for _ in range(bound):
            game = game_state.load(table)
            if engine.is_over(game.state):
                return drawn
            seat, _view, _legal, command = match.next_command(engine, game.state, bots, rngs, rng)
            to_move = timers.to_move(engine, game.state)
            if to_move is not None and to_move != acting:  # a turn begins: its player comes back later
                acting, turns = to_move, turns + 1
                slow = turns % 5 == 0 and drawn[to_move] + 2 * 3600 <= BANK
                clock.shift(timedelta(hours=26) if slow else rng.randint(1, 20) * HOUR)
                drawn[to_move] += 2 * 3600 if slow else 0
                firing.fire_due()  # only turns that are over are due: nothing happens
                assert store.current_version(table.stream) == game.version, "a deadline fired before its time"
            commands.submit(table, users[seat], command, game.version)
    raise AssertionError(f"{table.game} did not end within {bound} commands")


@pytest.mark.parametrize(("game", "options", "bound"), GAMES, ids=[game for game, _, _ in GAMES])
def test_a_turn_based_game_is_played_to_its_end_over_days(game, options, bound, alice, bob, carol):
    players = [alice, bob, carol] if game == "spite" else [alice, bob]
    table = turn_based_table(players, game, options)
    started = timezone.now()
    drawn = play_over_days(table, seed=3, bound=bound)
    table.refresh_from_db()
    assert table.status == table.Status.FINISHED
    events = store.read(table.stream)
    assert events[-1].created_at - started > timedelta(days=3)  # it took days
    assert not [e for e in events if e.payload.get("out_of_time")]  # nobody ran out
    assert {seat.number: seat.bank_used for seat in table.seats.all()} == drawn
    assert any(drawn.values()), "no turn was slow enough to draw on a bank"


def lead_into_a_turn(table):
    """Spite's opening has no seat to act (any holder of the asked rank may lead): let a fair bot lead."""
    engine = get_engine(table.game)
    users = {seat.number: seat.user for seat in table.seats.select_related("user")}
    bots, rngs, rng = [bot_for(table.game, "fair") for _ in users], match.seat_rngs(1, len(users)), random.Random(1)
    while (game := game_state.load(table)).state.to_move is None:
        seat, _view, _legal, command = match.next_command(engine, game.state, bots, rngs, rng)
        commands.submit(table, users[seat], command, game.version)


@pytest.mark.parametrize("game", [game for game, _, _ in GAMES])
def test_a_seat_out_of_time_forfeits_and_with_two_seats_the_other_wins(game, alice, bob, carol):
    players = [alice, bob, carol] if game == "spite" else [alice, bob]
    table = turn_based_table(players, game, {"rounds": 1} if game == "spite" else None, move_time=3600, time_bank=0)
    lead_into_a_turn(table)
    waiting = game_state.load(table).state.to_move
    with time_machine.travel(timezone.now() + timedelta(minutes=61)):
        firing.fire_due()
    game_now = game_state.load(table)
    forfeit = [e.payload for e in store.read(table.stream) if e.payload.get("out_of_time")]
    assert [(e["type"], e["seat"]) for e in forfeit] == [("resigned", waiting)]
    if len(players) == 2:
        assert game_now.engine.is_over(game_now.state)
        assert forfeit[0]["winner"] == 1 - waiting
        assert game_now.engine.standings(game_now.state) == [[1 - waiting], [waiting]]
        sentence = "runs out of time and forfeits, and"
    else:
        assert not game_now.engine.is_over(game_now.state)
        assert waiting in game_now.engine.seats_with_bot(game_now.state)
        sentence = "runs out of time and forfeits; a bot plays the seat to the end"
    assert sentence in game_now.engine.describe(forfeit[0])


@pytest.mark.parametrize("game", ["spite_and_malice", "spank"])
def test_with_three_seats_a_bot_plays_the_forfeited_seat_on(game, alice, bob, carol):
    table = turn_based_table([alice, bob, carol], game, move_time=3600, time_bank=0)
    waiting = game_state.load(table).state.to_move
    with time_machine.travel(timezone.now() + timedelta(minutes=61)) as clock:
        firing.fire_due()
        clock.shift(timedelta(seconds=5))  # the table's bot delay
        firing.fire_due()
    forfeited_at = next(e.version for e in store.read(table.stream) if e.payload.get("out_of_time"))
    later = store.read(table.stream)[forfeited_at:]
    assert any(e.actor_kind == "system" and e.payload.get("seat") == waiting for e in later), "the bot did not play"


def test_a_forfeit_is_in_the_move_log_and_the_replay(client, alice, bob):
    table = turn_based_table([alice, bob], "spank", move_time=3600, time_bank=0)
    with time_machine.travel(timezone.now() + timedelta(minutes=61)):
        firing.fire_due()
    client.force_login(bob)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    replay = client.get(f"/tables/{table.pk}/replay/?step={store.current_version(table.stream)}").content.decode()
    assert "runs out of time and forfeits" in page
    assert "runs out of time and forfeits" in replay


def test_a_move_just_before_the_deadline_keeps_the_seat(alice, bob):
    table = turn_based_table([alice, bob], "spank", move_time=3600, time_bank=0)
    engine, users = get_engine("spank"), {0: alice, 1: bob}
    with time_machine.travel(timezone.now() + timedelta(minutes=59)) as clock:
        game = game_state.load(table)
        seat = game.state.to_move
        commands.submit(table, users[seat], engine.legal_commands(game.state, seat)[0], game.version)
        clock.shift(timedelta(minutes=5))  # the first turn's deadline has passed; that turn is over
        firing.fire_due()
    assert not [e for e in store.read(table.stream) if e.payload.get("out_of_time")]
    assert Deadline.objects.filter(table=table, kind=Deadline.Kind.TURN, fired_at__isnull=False).count() <= 1
    assert Seat.objects.get(table=table, number=seat).bank_used == 0

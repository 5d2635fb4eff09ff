"""A turn-based table's times in words (games.frames.clock_words) and in its frames: the turn clock in
words wherever a board draws it, each seat's bank left, drawn again when they change (the memo keys on
them) and the same with the memo on and off."""

import random
import re
from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth.models import AnonymousUser
from django.test import override_settings
from django.utils import timezone

from events import store
from games.frames import clock_words, rendering
from games.live import table_cache as live
from games.models import Table
from games.play import commands, game_state
from games.tables import lobby

DAY = 86400


@pytest.mark.parametrize(
    "seconds, words",
    [
        (0, "0 s"),
        (45, "45 s"),
        (60, "1 min"),
        (61, "2 min"),  # rounded up, as a countdown shows its time
        (12 * 60, "12 min"),
        (3599, "1 h"),
        (3 * 3600 + 12 * 60, "3 h 12 min"),
        (3 * 3600 + 11 * 60 + 1, "3 h 12 min"),
        (2 * 3600, "2 h"),
        (DAY - 1, "1 d"),
        (DAY + 4 * 3600, "1 d 4 h"),
        (DAY + 3 * 3600 + 1, "1 d 4 h"),
        (2 * DAY, "2 d"),
        (7 * DAY, "7 d"),
    ],
)
def test_time_left_in_words(seconds, words):
    assert clock_words.time_left_words(seconds) == words


@pytest.mark.parametrize(
    "move_time, time_bank, words",
    [
        (3600, 0, "Turn-based: 1 hour a move, no time bank"),
        (43200, 86400, "Turn-based: 12 hours a move, 1-day bank"),
        (86400, 259200, "Turn-based: 1 day a move, 3-day bank"),
        (259200, 604800, "Turn-based: 3 days a move, 7-day bank"),
        (None, 0, None),
    ],
)
def test_a_tables_pace_in_words(move_time, time_bank, words):
    assert clock_words.pace_words(Table(game="spank", move_time=move_time, time_bank=time_bank)) == words


def _running(game, users, **fields):
    table = lobby.create_table(users[0], game, len(users), move_time=DAY, time_bank=DAY, **fields)
    for user in users[1:]:
        lobby.join_table(table, user)
    lobby.start_table(table, users[0], rng=random.Random(3))
    return table


def _frame(table, user):
    """The frame the sockets send ``user``, as drawn afresh from a new snapshot."""
    return " ".join(rendering.render_live_table(live.snapshot(table), user).split())


def _to_move(table):
    return game_state.load(table).state.to_move


@pytest.mark.django_db
def test_a_frame_redraws_the_clock_in_words_and_the_banks_after_a_slow_move(alice, bob):
    table = _running("spank", [alice, bob])
    users = {0: alice, 1: bob}
    with time_machine.travel(timezone.now(), tick=False) as clock:
        frame = _frame(table, alice)
        assert 'data-clock="words">2 d</span>&nbsp;left' in frame
        assert re.search(r'Time bank left: <span class="time-bank" data-seat="0">Alice 1 d</span>, ', frame)
        slow = _to_move(table)
        clock.shift(timedelta(days=1, hours=2))
        while _to_move(table) == slow:
            game = game_state.load(table)
            command = game.engine.legal_commands(game.state, slow)[0]
            commands.submit(table, users[slow], command, store.current_version(table.stream))
        frame = _frame(table, alice)
        assert f'data-seat="{slow}">{users[slow].shown_name} 22 h</span>' in frame
        assert 'data-clock="words">2 d</span>&nbsp;left' in frame  # the other seat's turn: its whole bank
        with override_settings(TEMPLATE_MEMO=False):
            assert _frame(table, alice) == frame


@pytest.mark.django_db
def test_a_running_turn_based_frame_is_drawn_without_the_database(alice, bob, django_assert_num_queries):
    """Sockets draw a running game's frame on the event loop, where no query may run: the banks and the
    turn's deadline come with the snapshot (games.frames.time_banks), read on a thread."""
    table = _running("spank", [alice, bob])
    snap = live.snapshot(table)
    with django_assert_num_queries(0):
        frame = rendering.render_live_table(snap, alice)
    assert 'data-clock="words">' in frame and "Time bank left: " in frame


@pytest.mark.django_db
def test_a_board_that_draws_the_turn_clock_on_a_seat_draws_it_in_words_and_redraws_it(alice, bob, carol):
    """Spite's seats show the turn clock inside a memoised block, which keys on the clock (its words too)."""
    table = _running("spite", [alice, bob, carol])
    _past_the_opening(table, {0: alice, 1: bob, 2: carol})
    with time_machine.travel(timezone.now(), tick=False) as clock:
        shown = []
        for shift in (timedelta(0), timedelta(days=1, hours=20)):
            clock.shift(shift)
            shown.append(_clocks_in_words(table))
        assert shown == [["2 d", "2 d"], ["4 h", "4 h"]], shown  # the banner's and the seat's


def _past_the_opening(table, users):
    """Every seat Spite's opening asks answers with its first legal command, until a seat is to act."""
    while _to_move(table) is None:
        game = game_state.load(table)
        seat, command = next(
            (seat, command)
            for seat in users
            for command in game.engine.legal_commands(game.state, seat)
            if command["type"] not in ("call_misplay", "start_countdown", "resign")
        )
        commands.submit(table, users[seat], command, store.current_version(table.stream))


def _clocks_in_words(table):
    frame = rendering.render_live_table(live.snapshot(table), AnonymousUser())
    return re.findall(r'data-clock="words">([^<]+)</span>', frame)

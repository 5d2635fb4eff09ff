"""A real browser without an account watches a live table: the board, the move log and the last move's
mark follow every move, and whatever it tries to send is refused."""

import random
import re

import test_browser
from test_browser import PASSWORD, BrowserTestCase, _mark_page, _not_reloaded, _off_the_event_loop

from accounts.models import User
from games.engines.base import SEAT_TO_ACT
from games.frames import move_log
from games.play import commands, game_state
from games.tables import lobby

pytestmark = test_browser.pytestmark  # skipped where chromium is missing, as the other browser tests


def _table():
    alice = User.objects.create_user(username="alice", password=PASSWORD, display_name="Alice")
    bob = User.objects.create_user(username="bob", password=PASSWORD, display_name="Bob")
    table = lobby.create_table(alice, "spite_and_malice", 2, {"win_pile": 5})
    lobby.join_table(table, bob)
    lobby.start_table(table, alice, rng=random.Random(4))
    return table


def _a_move_that_changes_the_board(table):
    """A legal move of the seat to act whose events change a board place; the watcher's newest line."""
    game = game_state.load(table)
    users = table.seated_users()
    for seat in users:
        for command in game.engine.legal_commands(game.state, seat):
            if game.engine.sender_of(command) != SEAT_TO_ACT:
                continue
            events = game.engine.decide(game.state, seat, command, rng=random.Random(0))
            if any(game.engine.places(event) for event in events):
                commands.submit(table, users[seat], command, game.version)
                return move_log.lines(table, seat=None)[-1]["text"]
    raise AssertionError("no move changes the board")


class TestAVisitorWatchesLive(BrowserTestCase):
    def test_a_visitor_sees_moves_in_the_log_and_marked_and_cannot_play(self):
        from playwright.sync_api import expect

        table = _off_the_event_loop(_table)
        visitor = self.visitor()
        visitor.goto(f"{self.live_server_url}/lobby/")
        in_play = visitor.locator(".games-in-play .table-row").first
        expect(in_play).to_contain_text("Alice, Bob")
        expect(in_play.locator("strong")).to_have_text("Alice's Spite & Malice table")  # its name, not its id
        expect(in_play).not_to_contain_text(table.short_id)
        visitor.click(f"a[href='/tables/{table.id}/']")
        expect(visitor.locator("#connection")).to_contain_text("live", ignore_case=True)
        expect(visitor.locator("#turn-banner")).to_contain_text("you are watching")
        expect(visitor.locator("#move-log li")).not_to_have_count(0)
        expect(visitor.locator("#table-live .is-last-move")).to_have_count(0)
        _mark_page(visitor)

        line = _off_the_event_loop(lambda: _a_move_that_changes_the_board(table))
        expect(visitor.locator("#move-log li.is-latest")).to_have_text(line)
        expect(visitor.locator("#table-live .is-last-move")).not_to_have_count(0)
        marked = visitor.evaluate("""() => [...document.querySelectorAll('#table-live [data-place]')]
            .filter(el => getComputedStyle(el).outlineStyle === 'solid').length""")
        self.assertGreater(marked, 0)
        self.assertTrue(_not_reloaded(visitor))

        visitor.evaluate(
            """() => { const f = document.getElementById('command-form');
                f.setAttribute('hx-vals', JSON.stringify({command: {type: 'draw'}, expected_version: 0}));
                htmx.trigger(f, 'submit'); }"""
        )
        expect(visitor.locator("#flash .refusal")).to_contain_text("watching without an account")


class TestOutOfTime(BrowserTestCase):
    def test_out_of_time_is_said_of_the_move_the_clock_made_not_of_the_next_seats_draw(self):
        from playwright.sync_api import expect

        table = _off_the_event_loop(_table)
        visitor = self.visitor()
        visitor.goto(f"{self.live_server_url}/tables/{table.id}/")
        expect(visitor.locator("#connection")).to_contain_text("live", ignore_case=True)

        # The turn runs out (the timer job fires it; here the test does, as the worker would).
        seat = _off_the_event_loop(lambda: game_state.load(table).state.to_move)
        late, next_up = ("Alice", "Bob") if seat == 0 else ("Bob", "Alice")
        self.assertTrue(
            _off_the_event_loop(lambda: commands.submit_system(table, {"type": "turn_timeout", "seat": seat}))
        )
        log = visitor.locator("#move-log li")
        expect(log.first).to_contain_text(f"{next_up} draws")  # the next turn begins: no choice of the clock's
        expect(log.first).not_to_contain_text("out of time")
        expect(log.filter(has_text=f"{late} runs out of time")).to_have_count(1)
        expect(log.filter(has_text=re.compile(rf"^{late} .*ends the turn \(out of time\)$"))).to_have_count(1)
        expect(log.filter(has_text="(out of time)").filter(has_text=next_up)).to_have_count(0)

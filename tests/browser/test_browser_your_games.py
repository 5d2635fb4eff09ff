"""Your games in a real browser: the header's badge and the Your games page's list change live when the other
player moves, and the turn a turn-based table comes to is a notification once the player allowed them
(static/js/your_games.js, games.live.consumers.YourGamesConsumer)."""

from test_browser import _off_the_event_loop
from test_browser_connection import TableTestCase
from test_browser_turn_alerts import FAKE_NOTIFICATIONS, SHOWN

from accounts.models import User

DAY = 86400


class TestYourGamesLive(TableTestCase):
    def turn_based_table(self):
        """A started turn-based Spank! table of Alice and Bob, and its users."""

        def deal():
            from games.tables import lobby

            users = {name: User.objects.get(username=name) for name in ("alice", "bob")}
            table = lobby.create_table(users["alice"], "spank", 2, move_time=DAY, name="Slow Spank")
            lobby.join_table(table, users["bob"])
            lobby.start_table(table, users["alice"])
            return table, users

        return _off_the_event_loop(deal)

    def test_the_badge_and_the_list_change_live_when_the_other_moves_and_the_turn_is_notified(self):
        from playwright.sync_api import expect

        alice, bob = self.player("alice"), self.player("bob")
        alice.add_init_script(FAKE_NOTIFICATIONS % "granted")
        table, users = self.turn_based_table()
        if self.seat_to_move(table)[0] == 0:  # Alice's turn first: let it pass, to see it come
            self.end_turn(table, users["alice"])
        alice.goto(f"{self.live_server_url}/tables/yours/")
        bob.reload()  # the lobby, beside its own socket
        badge = alice.locator("#your-games-badge")
        expect(badge).to_have_text("")
        expect(alice.locator("#your-games-list")).to_contain_text("Bob to move")
        expect(bob.locator("#your-games-badge")).to_contain_text("1 game awaits your move")

        self.end_turn(table, users["bob"])  # Bob moves: the turn is Alice's

        expect(badge).to_contain_text("1 game awaits your move")
        expect(alice.locator("#your-games-badge .badge")).to_have_text("1")
        expect(alice.locator("#your-games-list [data-your-move]")).to_contain_text("Slow Spank")
        expect(bob.locator("#your-games-badge")).to_have_text("")
        alice.wait_for_function("window.__shown.length === 1")
        self.assertEqual(alice.evaluate(SHOWN), [["Your move at Slow Spank", None, False]])
        self.assertEqual(bob.evaluate("window.Notification?.permission"), "default")  # Bob's page asked nothing

    def test_a_table_page_keeps_its_own_socket_live_beside_the_badges(self):
        from playwright.sync_api import expect

        alice = self.player("alice")
        alice.add_init_script(FAKE_NOTIFICATIONS % "granted")
        User.objects.create_user(username="bob", password="unused-password")
        table, users = self.started_table("alice", "bob")  # a live table
        if self.seat_to_move(table)[0] == 0:
            self.end_turn(table, users["alice"])
        self.open_table(alice, table)
        expect(alice.locator("#your-games-badge")).to_have_text("")

        self.end_turn(table, users["bob"])

        expect(alice.locator("#turn-banner.your-turn")).to_have_count(1)  # the table's own socket
        expect(alice.locator("#your-games-badge .badge")).to_have_text("1")
        expect(alice.locator("#connection")).to_have_class("connection is-live")
        self.assertEqual(alice.evaluate("window.__shown.length"), 0)  # a live table's turn: no notification here

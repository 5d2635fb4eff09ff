"""A real browser: a player presses "Resign", is asked first (saying no sends nothing), then resigns; the
game ends with the opponent's win, on both players' pages, and the move log says so."""

import random

from test_browser import BrowserTestCase, _off_the_event_loop, pytestmark  # noqa: F401 - the browser mark

from accounts.models import User


class TestResign(BrowserTestCase):
    def test_a_confirmed_resign_ends_a_two_seat_game_for_both_players(self):
        from playwright.sync_api import expect

        from events import store
        from games.tables import lobby

        alice = self.player("alice")
        bob = self.player("bob")

        def spank_table():
            table = lobby.create_table(User.objects.get(username="alice"), "spank", 2)
            lobby.join_table(table, User.objects.get(username="bob"))
            lobby.start_table(table, User.objects.get(username="alice"), rng=random.Random(2))
            return table

        table = _off_the_event_loop(spank_table)
        started = _off_the_event_loop(lambda: store.current_version(table.stream))
        for page in (alice, bob):
            page.goto(f"{self.live_server_url}/tables/{table.id}/")
            expect(page.locator("#connection")).to_contain_text("live", ignore_case=True)
        button = bob.get_by_role("button", name="Resign")

        asked = []
        bob.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
        button.click()
        expect(bob.locator("#table-live")).to_have_attribute("data-version", str(started))
        self.assertEqual(asked, ["Resign? The game ends now and Alice wins."])

        bob.once("dialog", lambda dialog: dialog.accept())
        button.click()
        for page in (alice, bob):
            expect(page.locator("#table-live")).to_have_attribute("data-version", str(started + 1))
            expect(page.locator("#table-live")).to_contain_text("Bob resigns, and Alice wins")
        expect(button).to_have_count(0)
        resigned = _off_the_event_loop(lambda: [event.payload for event in store.read(table.stream, after=started)])
        self.assertEqual(resigned, [{"type": "resigned", "seat": 1, "winner": 0}])

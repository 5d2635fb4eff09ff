"""A real browser (Playwright on Debian's chromium) creates a turn-based table through the lobby's form and
sees it as such: in the lobby's row, the table's heading, its clock ticking in words (days away, not
seconds) and each seat's time bank. The live server and the log-in come from tests/browser/test_browser.py."""

import test_browser
from test_browser import BrowserTestCase, _off_the_event_loop

pytestmark = test_browser.pytestmark  # the browser mark, or the skip where chromium is missing

PACE = "Turn-based: 1 day a move, 1-day bank"


class TestTurnBased(BrowserTestCase):
    def test_a_turn_based_table_made_in_the_lobby_shows_its_pace_clock_in_words_and_banks(self):
        from playwright.sync_api import expect

        from games.models import Table

        alice = self.player("alice")
        bob = self.player("bob")
        alice.check("input[name=game][value=spank]")
        alice.select_option("select[name=seat_count][data-game=spank]", "2")
        alice.check("input[name=pace][value=turn_based]")
        alice.select_option("select[name=move_time]", label="1 day")  # the bank's default: a day
        alice.click("text=Create table")
        alice.wait_for_url("**/tables/**")
        expect(alice.locator(".table-header h1 .pace")).to_have_text(PACE)
        table = _off_the_event_loop(lambda: Table.objects.get())
        self.assertEqual((table.move_time, table.time_bank, table.turn_clock), (86400, 86400, None))

        bob.goto(f"{self.live_server_url}/lobby/")
        row = bob.locator(".table-row", has_text="Alice's Spank! table")
        expect(row).to_contain_text(PACE)
        row.get_by_role("link", name="Alice's Spank! table").click()
        bob.get_by_role("button", name="Take a seat").click()
        alice.get_by_role("button", name="Start the game").click()

        for page in (alice, bob):
            banner = page.locator("#turn-banner")
            # A day a move and a day's bank: two days, ticked in words by static/js/table/clocks.js.
            expect(banner.locator(".turn-clock")).to_have_text("2 d left")
            expect(banner.locator(".time-banks")).to_have_text("Time bank left: Alice 1 d, Bob 1 d")
        alice.wait_for_timeout(1200)  # a few of the clock's ticks: still words, never seconds
        expect(alice.locator("#turn-banner .turn-clock .countdown")).to_have_text("2 d")
        words = alice.evaluate(
            """async () => {
                const { inWords } = await import("/static/js/table/clocks.js");
                return [45, 12 * 60, 3 * 3600 + 12 * 60, 86400 + 4 * 3600, 2 * 86400].map(inWords);
            }"""
        )
        self.assertEqual(words, ["45 s", "12 min", "3 h 12 min", "1 d 4 h", "2 d"])

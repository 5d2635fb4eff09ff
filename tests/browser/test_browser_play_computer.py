"""A real browser: "Play the computer" on the home page deals a game against bots at once, and the page it
lands on is that running table, the player at seat 0."""

import re

from test_browser import BrowserTestCase, pytestmark  # noqa: F401 (the browser mark)

from games.models import Table


class TestPlayTheComputer(BrowserTestCase):
    def test_one_click_on_the_home_page_deals_a_game_against_bots(self):
        from playwright.sync_api import expect

        page = self.player("alice")
        page.goto(f"{self.live_server_url}/")
        form = page.get_by_role("form", name="Play Spank! against the computer")
        form.locator('select[name="seat_count"]').select_option("3")
        form.locator('select[name="bot_delay"]').select_option("3")
        form.get_by_role("button", name="Play the computer").click()
        expect(page).to_have_url(re.compile(r"/tables/[0-9a-f-]+/$"))
        table = Table.objects.get()
        assert table.status == Table.Status.RUNNING and table.private and table.bot_delay == 3
        assert [seat.bot for seat in table.seats.order_by("number")] == ["", "fair", "fair"]
        expect(page.locator("#table-live")).to_be_visible()
        expect(page.locator("body")).to_contain_text("You (Alice)")

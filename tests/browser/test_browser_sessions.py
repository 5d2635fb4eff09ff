"""In a real browser: a player logged in on two browsers logs one out from the other's sessions page, and
the first one's table page says at once that it is logged out, while the second's table stays live
(accounts.sessions, games.live.consumers.session_ended, static/js/table_live/connection.js)."""

import test_browser
from a11y_helpers import axe_violations
from test_browser import PASSWORD
from test_browser_connection import TableTestCase

pytestmark = test_browser.pytestmark  # skipped without chromium (outside CI), as the other browser tests


class TestEndingASession(TableTestCase):
    def second_browser(self, username):
        """Another browser (its own cookies) logged in as ``username``, whose account exists."""
        page = self.visitor()
        page.goto(f"{self.live_server_url}/accounts/login/")
        page.fill("input[name=login]", username)
        page.fill("input[name=password]", PASSWORD)
        page.click("main button[type=submit]")
        page.wait_for_url(f"{self.live_server_url}/lobby/")
        return page

    def test_a_session_logged_out_from_another_browser_closes_its_table_and_no_other(self):
        from playwright.sync_api import expect

        laptop = self.player("alice")
        self.player("bob")
        phone = self.second_browser("alice")
        table, _users = self.started_table("alice", "bob")
        self.open_table(laptop, table)
        phone_table = phone.context.new_page()
        self.open_table(phone_table, table)

        phone.goto(f"{self.live_server_url}/accounts/sessions/")
        rows = phone.locator("table.sessions tbody tr")
        expect(rows).to_have_count(2)
        expect(rows.filter(has_text="This browser")).to_have_count(1)
        self.assertEqual(axe_violations(phone), [], "the sessions page")
        rows.get_by_role("button", name="Log out").click()
        expect(phone.locator("[role=status]")).to_contain_text("That session is logged out")
        expect(rows).to_have_count(1)

        expect(laptop.locator("#connection")).to_contain_text("You are logged out")
        expect(phone_table.locator("#connection")).to_have_class("connection is-live")
        laptop.goto(f"{self.live_server_url}/accounts/profile/")
        laptop.wait_for_url("**/accounts/login/**")

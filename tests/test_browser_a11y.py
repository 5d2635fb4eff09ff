"""Accessibility in a real browser: axe-core (WCAG 2.1 A and AA) on every page, keyboard-only play with
focus kept across redraws, and the live region that reads out what happened."""
import random

from a11y_helpers import axe_violations
from test_browser import PASSWORD, BrowserTestCase, _off_the_event_loop

from accounts.models import User

GAMES = (("spank", 2, {}), ("spite_and_malice", 2, {}), ("spite", 3, {"rounds": 1}))


def _deal(game, seats, options, names, seed=3):
    """A started table of ``game`` with the named users seated in order (off Playwright's loop)."""
    from games import lobby

    def deal():
        users = [User.objects.get(username=name) for name in names[:seats]]
        table = lobby.create_table(users[0], game, seats, options)
        for user in users[1:]:
            lobby.join_table(table, user)
        lobby.start_table(table, users[0], rng=random.Random(seed))
        return table

    return _off_the_event_loop(deal)


class TestAxeFindsNothing(BrowserTestCase):
    def assert_no_violations(self, page, where):
        self.assertEqual(axe_violations(page), [], where)

    def test_the_account_pages_and_the_lobby(self):
        page = self.browser.new_page()
        self.addCleanup(page.close)
        for path in ("/accounts/login/", "/accounts/sign-up/"):
            page.goto(self.live_server_url + path)
            self.assert_no_violations(page, path)
        # A sign-up refused shows its errors beside the fields: those too.
        page.fill("input[name=username]", "x")
        page.click("button[type=submit]")
        self.assert_no_violations(page, "sign-up with errors")
        alice = self.player("alice")
        self.assert_no_violations(alice, "lobby")
        alice.goto(self.live_server_url + "/accounts/profile/")
        self.assert_no_violations(alice, "profile")

    def test_every_games_table_seated_and_watching(self):
        from playwright.sync_api import expect

        names = ("alice", "bob", "carol", "dave")
        alice, bob, carol, dave = pages = [self.player(name) for name in names]
        for game, seats, options in GAMES:
            table = _deal(game, seats, options, names)
            url = f"{self.live_server_url}/tables/{table.id}/"
            watcher = dave if seats == 3 else carol
            for page, who in ((alice, "seated"), (watcher, "watching")):
                page.goto(url)
                expect(page.locator("#connection")).to_contain_text("live", ignore_case=True)
                expect(page.locator(".board")).to_be_visible()
                self.assert_no_violations(page, f"{game} {who}")
            # The seat to move with a card selected: the targets lit up.
            for page in pages[1:seats]:
                page.goto(url)
                expect(page.locator("#connection")).to_contain_text("live", ignore_case=True)
            mover = next(page for page in pages[:seats] if page.locator(".my-area .badge-turn").count())
            mover.locator(".hand [data-card]").first.click()
            self.assert_no_violations(mover, f"{game} with a card selected")

    def test_a_table_being_seated(self):
        from playwright.sync_api import expect

        alice = self.player("alice")
        alice.click("text=Create table")
        alice.wait_for_url("**/tables/**")
        expect(alice.locator("#connection")).to_contain_text("live", ignore_case=True)
        self.assert_no_violations(alice, "seating")

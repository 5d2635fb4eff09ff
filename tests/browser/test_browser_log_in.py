"""Real browsers (Playwright on Debian's chromium) and the log-in throttles: a guest guessing on the
owner's network locks out strangers' browsers, not the owner's. The live server comes from
tests/browser/test_browser.py."""

import test_browser
from django.test import override_settings
from test_browser import PASSWORD, BrowserTestCase

pytestmark = test_browser.pytestmark  # the browser mark, or the skip where chromium is missing


# The live server's own cache (it is forked with these settings), so that the lock-outs this test
# causes on 127.0.0.1 end with it rather than lock out the next tests' log-ins; and a fast hasher
# for its many failures.
@override_settings(
    CACHES={"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "log-in"}},
    PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
)
class TestLockedOutStrangers(BrowserTestCase):
    def log_in(self, page, username, password):
        page.goto(f"{self.live_server_url}/accounts/login/")
        page.fill("input[name=login]", username)
        page.fill("input[name=password]", password)
        page.click("main button[type=submit]")

    def test_the_owners_browser_logs_in_while_a_guest_on_its_network_has_locked_the_account_and_address(self):
        from playwright.sync_api import expect

        owner = self.visitor()
        owner.goto(f"{self.live_server_url}/accounts/signup/")
        self.sign_up(owner, "dora")
        owner.get_by_role("button", name="Log out").click()
        expect(owner.get_by_role("link", name="Log in").first).to_be_visible()

        # A guest on the same network (the same address) guesses at Dora's password, then at others'.
        guest = self.visitor()
        for _ in range(10):
            self.log_in(guest, "dora", "wrong-guess")
        for n in range(10):
            self.log_in(guest, f"someone{n}", "wrong-guess")
        self.log_in(guest, "dora", PASSWORD)
        expect(guest.locator("main")).to_contain_text("Too many failed log-ins")

        self.log_in(owner, "dora", PASSWORD)
        owner.wait_for_url(f"{self.live_server_url}/lobby/")

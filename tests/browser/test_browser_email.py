"""Real browsers and e-mail: sign up with an address, verify it from the link in the message, forget the
password and reset it from another link. The live server sends through a real SMTP server started here
(tests/mail_helpers.py); the live server comes from tests/browser/test_browser.py."""

import time

import test_browser
from mail_helpers import links_in, smtp_server
from test_browser import BrowserTestCase

from accounts.models import User

pytestmark = test_browser.pytestmark  # the browser mark, or the skip where chromium is missing

NEW_PASSWORD = "a-brand-new-long-password"


class TestEmail(BrowserTestCase):
    @classmethod
    def setUpClass(cls):
        # The server must listen before the live server is forked with settings that point at it.
        cls._smtp = smtp_server()
        smtp_settings, cls.inbox = cls._smtp.__enter__()
        # A cache of the server's own: allauth's limits (one verification message per address every few
        # minutes) kept in the run's Redis would silence a rerun's messages.
        own_cache = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "email"}}
        cls._overridden_settings = {**(cls._overridden_settings or {}), **smtp_settings, "CACHES": own_cache}
        super().setUpClass()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        cls._smtp.__exit__(None, None, None)

    def link_sent_to(self, address, part):
        """The newest link containing ``part`` in the messages to ``address``, waiting up to 10 s for one."""
        for _ in range(100):
            found = [link for message in self.inbox.to(address) for link in links_in(message) if part in link]
            if found:
                return found[-1]
            time.sleep(0.1)
        raise AssertionError(f"no message to {address} with a {part} link")

    def test_sign_up_with_an_address_verify_it_then_reset_a_forgotten_password(self):
        from playwright.sync_api import expect

        page = self.visitor()
        page.goto(f"{self.live_server_url}/accounts/signup/")
        page.fill("input[name=email]", "dora@example.com")
        self.sign_up(page, "dora")
        dora = User.objects.get(username="dora")
        assert not dora.emailaddress_set.get().verified

        page.goto(self.link_sent_to("dora@example.com", "/confirm-email/"))
        page.get_by_role("button", name="Confirm").click()
        expect(page.locator("main")).to_contain_text("You have confirmed")
        assert dora.emailaddress_set.get().verified

        page.get_by_role("button", name="Log out").click()
        page.goto(f"{self.live_server_url}/accounts/login/")
        page.get_by_role("link", name="Forgot your password?").click()
        page.fill("input[name=email]", "dora@example.com")
        page.locator("main button[type=submit]").click()
        expect(page.locator("main")).to_contain_text("sent you an email")

        page.goto(self.link_sent_to("dora@example.com", "/password/reset/key/"))
        page.fill("input[name=password1]", NEW_PASSWORD)
        page.fill("input[name=password2]", NEW_PASSWORD)
        page.get_by_role("button", name="Change Password").click()
        expect(page.locator("main")).to_contain_text("Your password is now changed")

        page.goto(f"{self.live_server_url}/accounts/login/")
        page.fill("input[name=login]", "dora")
        page.fill("input[name=password]", NEW_PASSWORD)
        page.locator("main button[type=submit]").click()
        page.wait_for_url(f"{self.live_server_url}/lobby/")

"""In a real browser: a player sets up two-factor authentication from the profile (the secret read off the
page, its codes computed with allauth's own TOTP function), then logs in with a code and with a recovery
code, and the code step stops taking guesses after five wrong ones; staff meet the review queue only once
TOTP is set up (accounts.staff). allauth's pages in the site's frame break no Content-Security-Policy
and pass axe."""

import re

import test_browser
from a11y_helpers import axe_violations
from staff_helpers import enter_code, give_totp
from test_browser import PASSWORD, BrowserTestCase, _off_the_event_loop
from test_browser_csp import WatchesThePolicy

from accounts import staff as staff_rule
from accounts.models import User

pytestmark = test_browser.pytestmark  # skipped without chromium (outside CI), as the other browser tests


class TestTwoFactor(WatchesThePolicy, BrowserTestCase):
    def log_in(self, page, username):
        page.goto(f"{self.live_server_url}/accounts/login/")
        page.fill("input[name=login]", username)
        page.fill("input[name=password]", PASSWORD)
        page.click("main button[type=submit]")

    def log_out(self, page):
        from playwright.sync_api import expect

        page.get_by_role("button", name="Log out").click()
        expect(page.get_by_role("link", name="Log in").first).to_be_visible()

    def set_up_totp(self, page):
        """From the activation page (asked for the password first): the secret shown, its code entered;
        returns the secret and the recovery codes shown next."""
        from playwright.sync_api import expect

        page.wait_for_url("**/accounts/reauthenticate/**")
        page.fill("input[name=password]", PASSWORD)
        page.click("main button[type=submit]")
        page.wait_for_url("**/accounts/2fa/totp/activate/")
        expect(page.locator("main img")).to_have_attribute("src", re.compile(r"^data:image/svg\+xml;"))
        self.assertEqual(page.locator("main img").evaluate("img => img.complete && img.naturalWidth > 0"), True)
        self.assertEqual(axe_violations(page), [], "the activation page")
        secret = page.locator("#authenticator_secret").input_value()
        enter_code(page, secret)
        page.wait_for_url("**/accounts/2fa/recovery-codes/")
        codes = page.locator("#recovery_codes").input_value().split()
        self.assertEqual(len(codes), 10)
        return secret, codes

    def test_a_player_sets_up_totp_and_logs_in_with_a_code_then_with_a_recovery_code(self):
        from playwright.sync_api import expect

        page = self.player("dora")
        page.goto(f"{self.live_server_url}/accounts/profile/")
        security = page.locator("section", has=page.get_by_role("heading", name="Security"))
        for link in (
            "E-mail addresses",
            "Change your password",
            "Two-factor authentication",
            "Where you are logged in",
        ):
            expect(security.get_by_role("link", name=link)).to_be_visible()
        security.get_by_role("link", name="Two-factor authentication").click()
        expect(page.locator("main")).to_contain_text("An authenticator app is not active.")
        self.assertEqual(axe_violations(page), [], "the two-factor page")
        page.locator("main a", has_text="Activate").click()
        secret, codes = self.set_up_totp(page)
        self.assertEqual(axe_violations(page), [], "the recovery codes")

        # Logging in now takes a code from the app after the password.
        self.log_out(page)
        self.log_in(page, "dora")
        page.wait_for_url("**/accounts/2fa/authenticate/")
        self.assertEqual(axe_violations(page), [], "the log-in's code step")
        enter_code(page, secret)
        page.wait_for_url(f"{self.live_server_url}/lobby/")

        # Or a recovery code, once.
        self.log_out(page)
        self.log_in(page, "dora")
        page.fill("main input[name=code]", codes[0])
        page.locator("main button[type=submit]").first.click()
        page.wait_for_url(f"{self.live_server_url}/lobby/")
        self.log_out(page)
        self.log_in(page, "dora")
        page.fill("main input[name=code]", codes[0])
        page.locator("main button[type=submit]").first.click()
        expect(page.locator("main")).to_contain_text("Incorrect code.")

        # Five wrong codes in all, and even the right one is refused for a while.
        for _ in range(4):
            page.fill("main input[name=code]", "000000")
            page.locator("main button[type=submit]").first.click()
            expect(page.locator("main")).to_contain_text("Incorrect code.")
        enter_code(page, secret)
        expect(page.locator("main")).to_contain_text("Too many failed login attempts")
        self.assertIn("/accounts/2fa/authenticate/", page.url)
        self.assertEqual(self.violations, [])

    def test_staff_reach_the_review_queue_once_totp_is_set_up(self):
        from playwright.sync_api import expect

        page = self.player("referee")
        _off_the_event_loop(lambda: User.objects.filter(username="referee").update(is_staff=True))
        page.goto(f"{self.live_server_url}/reviews/")
        expect(page.locator("[role=status]")).to_contain_text(staff_rule.SET_UP)
        secret, _codes = self.set_up_totp(page)  # activated in this session: it counts as entering a code
        page.goto(f"{self.live_server_url}/reviews/")
        expect(page.locator("h1")).to_contain_text("Disputed rulings")
        page.goto(f"{self.live_server_url}/admin/")
        expect(page.locator("#site-name")).to_be_visible()

        # Another browser of the same account: its log-in asks for the code, then the queue opens.
        other = self.visitor()
        self.log_in(other, "referee")
        other.wait_for_url("**/accounts/2fa/authenticate/")
        enter_code(other, secret)
        other.wait_for_url(f"{self.live_server_url}/lobby/")
        other.goto(f"{self.live_server_url}/reviews/")
        expect(other.locator("h1")).to_contain_text("Disputed rulings")
        self.assertEqual(self.violations, [])

    def test_a_code_is_asked_again_of_staff_whose_session_entered_none(self):
        from playwright.sync_api import expect

        page = self.player("marshal")
        secret = _off_the_event_loop(lambda: _staff_with_totp("marshal"))
        page.goto(f"{self.live_server_url}/reviews/log/")
        page.wait_for_url("**/accounts/2fa/reauthenticate/?next=%2Freviews%2Flog%2F")
        expect(page.locator("[role=status]")).to_contain_text(staff_rule.ENTER_CODE)
        self.assertEqual(axe_violations(page), [], "the code asked again")
        enter_code(page, secret)
        page.wait_for_url(f"{self.live_server_url}/reviews/log/")
        self.assertEqual(self.violations, [])


def _staff_with_totp(username):
    user = User.objects.get(username=username)
    user.is_staff = True
    user.save()
    return give_totp(user)

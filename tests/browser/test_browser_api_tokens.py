"""A real browser (Playwright on Debian's chromium) makes an API token on the profile page, a script uses
its key over real HTTP against the live server, and after the browser revokes it the same request is
refused. The live server comes from tests/browser/test_browser.py."""

import json
import urllib.error
import urllib.request

import test_browser
from a11y_helpers import axe_violations
from test_browser import BrowserTestCase

pytestmark = test_browser.pytestmark  # the browser mark, or the skip where chromium is missing


class TestApiTokensOnTheProfile(BrowserTestCase):
    def call_the_api(self, key):
        """GET /api/tokens/ over HTTP as a script would, with ``key``: (status, body as JSON, challenge)."""
        request = urllib.request.Request(
            f"{self.live_server_url}/api/tokens/", headers={"Authorization": f"Bearer {key}"}
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, json.load(answer), answer.headers.get("WWW-Authenticate")
        except urllib.error.HTTPError as refusal:
            return refusal.code, json.load(refusal), refusal.headers.get("WWW-Authenticate")

    def test_a_token_made_on_the_profile_works_until_it_is_revoked(self):
        from playwright.sync_api import expect

        page = self.player("alice")
        page.goto(f"{self.live_server_url}/accounts/profile/")
        tokens = page.get_by_role("region", name="API tokens")
        expect(tokens).to_contain_text("You have no API tokens.")

        tokens.get_by_label("Token name").fill("stats script")
        tokens.get_by_role("button", name="Make token").click()
        expect(tokens.get_by_role("status")).to_contain_text("shown this once, and never again")
        key = page.locator("#new-api-token-key").inner_text().strip()
        self.assertGreaterEqual(len(key), 40)
        self.assertEqual(axe_violations(page), [])

        status, body, _ = self.call_the_api(key)
        self.assertEqual(status, 200)
        self.assertEqual([token["name"] for token in body], ["stats script"])
        self.assertNotIn(key, json.dumps(body))

        # Back on the profile the key is gone for good; the token is listed, just used.
        page.goto(f"{self.live_server_url}/accounts/profile/")
        expect(page.locator("#new-api-token-key")).to_have_count(0)
        self.assertNotIn(key, page.content())
        row = tokens.get_by_role("row", name="stats script")
        expect(row).not_to_contain_text("never")

        row.get_by_role("button", name="Revoke stats script").click()
        expect(page.locator("body")).to_contain_text("API token revoked")
        expect(tokens).to_contain_text("You have no API tokens.")

        status, body, challenge = self.call_the_api(key)
        self.assertEqual(status, 401)
        self.assertEqual(challenge, 'Bearer realm="api"')
        self.assertIn("not valid (it may have been revoked)", body["detail"])

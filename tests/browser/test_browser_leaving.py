"""A real browser: a player downloads their data from the profile (the file a JSON document of their account
and games), then deletes their account there (the confirmation page, with and without its error, passes axe); the finished game's page, open in the opponent's browser, is
drawn again with "a former player", and the page read afresh names them nowhere."""

import json
from pathlib import Path

from a11y_helpers import axe_violations
from test_browser import PASSWORD, BrowserTestCase, _off_the_event_loop, pytestmark  # noqa: F401 - the browser mark

from accounts.models import FORMER_PLAYER, User


class TestLeaving(BrowserTestCase):
    def test_download_my_data_then_delete_my_account(self):
        from playwright.sync_api import expect

        from games.play import commands
        from games.tables import lobby

        zebulon = self.player("zebulon")
        bob = self.player("bob")

        def finished_game():
            players = [User.objects.get(username=name) for name in ("zebulon", "bob")]
            table = lobby.create_table(players[0], "spank", 2)
            lobby.join_table(table, players[1])
            lobby.start_table(table, players[0])
            commands.submit(table, players[1], {"type": "resign"}, None)  # Zebulon wins
            return table

        table = _off_the_event_loop(finished_game)
        bob.goto(f"{self.live_server_url}/tables/{table.id}/")
        expect(bob.locator("#connection")).to_contain_text("live", ignore_case=True)
        expect(bob.locator("#table-live")).to_contain_text("Zebulon")

        zebulon.goto(f"{self.live_server_url}/accounts/profile/")
        with zebulon.expect_download() as downloading:
            zebulon.get_by_role("link", name="Download my data").click()
        download = downloading.value
        self.assertEqual(download.suggested_filename, "cardroom-zebulon-data.json")
        data = json.loads(Path(download.path()).read_text(encoding="utf-8"))
        self.assertEqual((data["format"], data["account"]["username"]), ("cardroom-my-data", "zebulon"))
        [played] = data["tables"]
        self.assertEqual((played["id"], played["status"]), (str(table.id), "finished"))
        self.assertEqual([p["name"] for p in played["record"]["players"]], ["Zebulon", "Bob"])

        zebulon.get_by_role("link", name="Delete my account").click()
        expect(zebulon.locator("main")).to_contain_text("cannot be undone")
        self.assertEqual(axe_violations(zebulon), [], "the confirmation page")
        zebulon.fill("input[name=password]", "not-my-password")
        zebulon.get_by_role("button", name="Delete my account").click()
        expect(zebulon.locator("main")).to_contain_text("That is not your password")
        self.assertEqual(axe_violations(zebulon), [], "the confirmation page with its error")
        zebulon.fill("input[name=password]", PASSWORD)
        zebulon.get_by_role("button", name="Delete my account").click()
        zebulon.wait_for_url(f"{self.live_server_url}/")
        expect(zebulon.locator(".messages")).to_contain_text("Your account is deleted")

        # Bob's open page is drawn again live, then read afresh: the old name is gone from the whole page.
        expect(bob.locator("#table-live")).to_contain_text(FORMER_PLAYER)
        expect(bob.locator("#table-live")).not_to_contain_text("Zebulon")
        bob.reload()
        expect(bob.locator("body")).to_contain_text(FORMER_PLAYER)
        self.assertNotIn("zebulon", bob.content().lower())

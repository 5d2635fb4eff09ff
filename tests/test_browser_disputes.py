"""In a real browser: a player disputes a ruling from the table, staff overturns it from the review queue,
and the player's table shows the outcome without reloading."""
import test_browser
from accounts.models import User
from test_browser import BrowserTestCase, _mark_page, _not_reloaded, _off_the_event_loop

pytestmark = test_browser.pytestmark  # skipped without chromium (outside CI), as the other browser tests


class TestDisputeAndReview(BrowserTestCase):
    def test_a_player_disputes_a_ruling_and_staff_overturn_it_from_the_queue(self):
        from playwright.sync_api import expect

        from reviews_helpers import misplay_ruling

        _alice, bob, carol = (self.player(name) for name in ("alice", "bob", "carol"))
        staff = self.player("referee")
        User.objects.filter(username="referee").update(is_staff=True)

        def rule():
            return misplay_ruling([User.objects.get(username=name) for name in ("alice", "bob", "carol")])

        table, version = _off_the_event_loop(rule)
        bob.goto(f"{self.live_server_url}/tables/{table.id}/")
        carol.goto(f"{self.live_server_url}/tables/{table.id}/")
        expect(bob.locator(".spite-ruling.is-latest")).to_contain_text("Carol called a misplay on you")

        # Bob, whose play was called, disputes the ruling from the table.
        ruling = bob.locator(f".dispute-ruling[data-ruling-version='{version}']")
        ruling.locator("a.dispute-link").click()
        bob.fill("textarea[name=text]", "A pair of jacks beats a single 3: the play was legal.")
        bob.locator("button", has_text="File the dispute").click()
        expect(bob.locator(".messages")).to_contain_text("Your dispute is filed")
        expect(bob.locator("#connection")).to_contain_text("live", ignore_case=True)
        expect(carol.locator(f".dispute-ruling[data-ruling-version='{version}']")).to_contain_text(
            "by Bob, awaiting staff review")
        _mark_page(bob)

        # Staff open it from the queue, see the ruling at its moment, and overturn it with a reason.
        staff.goto(f"{self.live_server_url}/reviews/")
        staff.locator("table.review-queue a", has_text=f"move {version}").click()
        expect(staff.locator(".ruling-facts")).to_contain_text("Alice: 3♠; Bob: J♠ J♥")
        expect(staff.locator(".review-board .spite-plays .spite-play")).to_have_count(2)  # the called play is on it
        expect(staff.locator(".dispute-text")).to_contain_text("A pair of jacks beats a single 3")
        expect(staff.locator("a", has_text="Open the replay at this moment")).to_have_attribute(
            "href", f"/tables/{table.id}/replay/?step={version}&as=open")
        staff.fill("textarea[name=reason]", "Carol's call named the wrong rule.")
        staff.locator("button", has_text="Overturn the ruling").click()
        expect(staff.locator(".dispute-decision")).to_contain_text("Referee overturned the ruling")

        # Bob's table shows the outcome as it happens, without a reload.
        expect(ruling).to_contain_text("Staff overturned the ruling: Carol's call named the wrong rule.")
        expect(bob.locator(".spite-ruling.is-latest")).to_contain_text("overturned")
        self.assertTrue(_not_reloaded(bob))
        bob.goto(f"{self.live_server_url}/accounts/profile/")
        expect(bob.locator(".profile-dispute")).to_contain_text("Staff: Carol's call named the wrong rule.")

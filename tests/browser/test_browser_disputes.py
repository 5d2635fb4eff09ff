"""In a real browser: a player disputes a ruling in place, in a dialog over the table while the match goes
on behind it, and staff overturn it from the review queue; the player's table shows the outcome without
reloading."""

import test_browser
from a11y_helpers import axe_violations
from staff_helpers import enter_code, give_totp
from test_browser import BrowserTestCase, _mark_page, _not_reloaded, _off_the_event_loop

from accounts.models import User
from games.models import Table

pytestmark = test_browser.pytestmark  # skipped without chromium (outside CI), as the other browser tests

TEXT = "A pair of jacks beats a single 3: the play was legal."

# The room between neighbouring cells' text in each row of a table, in CSS pixels.
CELL_GAPS = """(selector) => [...document.querySelectorAll(selector + " tr")].flatMap((row) => {
  const boxes = [...row.cells].map((cell) => {
    const text = document.createRange();
    text.selectNodeContents(cell);
    return text.getBoundingClientRect();
  });
  return boxes.slice(1).map((box, i) => box.left - boxes[i].right);
})"""


def _ruled_table(name="Friday spite"):
    """A Spite table called ``name`` where Carol called Bob's misplay, and the ruling's version."""
    from reviews_helpers import misplay_ruling

    table, version = misplay_ruling([User.objects.get(username=who) for who in ("alice", "bob", "carol")])
    Table.objects.filter(pk=table.pk).update(name=name)
    return table, version


class TestDisputeAndReview(BrowserTestCase):
    def seat_three(self):
        """Bob's and Carol's pages at a table with a ruling involving them (Alice's seat is played from here)."""
        _alice, bob, carol = (self.player(name) for name in ("alice", "bob", "carol"))
        sockets = []
        bob.on("websocket", lambda socket: "/ws/tables/" in socket.url and sockets.append(socket))
        table, version = _off_the_event_loop(_ruled_table)
        for page in (bob, carol):
            page.goto(f"{self.live_server_url}/tables/{table.id}/")
        return table, version, bob, carol, sockets

    def test_a_dispute_is_filed_in_a_dialog_on_the_table_while_the_match_goes_on(self):
        from playwright.sync_api import expect
        from reviews_helpers import play

        table, version, bob, carol, sockets = self.seat_three()
        expect(bob.locator("#connection")).to_contain_text("live", ignore_case=True)
        _mark_page(bob)
        dialog, text = bob.locator("#dispute-dialog"), bob.locator("#dispute-dialog-text")
        link = bob.locator(f".dispute-ruling[data-ruling-version='{version}'] a.dispute-link")

        link.click()
        expect(dialog).to_be_visible()
        expect(dialog).to_contain_text("Carol called a misplay on Bob")
        expect(text).to_be_focused()
        dialog.locator("button", has_text="File the dispute").click()  # nothing typed: refused, in the dialog
        expect(dialog.locator("[role=alert]")).to_contain_text("Say in a few words why the ruling is wrong")
        self.assertEqual(axe_violations(bob), [], "the table with the dialog open, saying why not")

        # Carol plays while Bob is typing: the table behind is redrawn, the dialog and his words stay.
        text.press_sequentially(TEXT[:20])
        _off_the_event_loop(lambda: play(table, User.objects.get(username="carol"), ["9S"]))
        expect(bob.locator("#table-live")).to_have_attribute("data-version", str(version + 2))
        expect(dialog).to_be_visible()
        expect(text).to_be_focused()
        text.press_sequentially(TEXT[20:])
        expect(text).to_have_value(TEXT)

        # Escape closes it, focus goes back to the link, and what was typed is still there on reopening.
        bob.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        expect(link).to_be_focused()
        link.click()
        expect(text).to_have_value(TEXT)

        dialog.locator("button", has_text="File the dispute").click()
        expect(dialog.locator("[role=status]")).to_contain_text("Your dispute is filed; staff will review it.")
        expect(dialog.locator("[role=alert]")).to_be_empty()
        for page in (bob, carol):
            expect(page.locator(f".dispute-ruling[data-ruling-version='{version}']")).to_contain_text(
                "by Bob, awaiting staff review"
            )
        dialog.locator("button", has_text="Close").click()
        expect(dialog).to_be_hidden()
        expect(bob.locator("#table-live")).to_be_focused()  # the link is gone: the table has the focus

        # All of it on one page and one table socket, which stayed up (beside the header's Your games socket).
        self.assertTrue(_not_reloaded(bob))
        self.assertEqual(len(sockets), 1)
        self.assertFalse(sockets[0].is_closed())
        expect(bob.locator("#connection")).to_contain_text("live", ignore_case=True)
        self.assertEqual(_off_the_event_loop(lambda: list(table.disputes.values_list("text", flat=True))), [TEXT])

    def test_a_player_disputes_a_ruling_and_staff_overturn_it_from_the_queue(self):
        from playwright.sync_api import expect

        table, version, bob, carol, _sockets = self.seat_three()
        staff = self.player("referee")
        User.objects.filter(username="referee").update(is_staff=True)
        secret = give_totp(User.objects.get(username="referee"))
        expect(bob.locator(".spite-ruling.is-latest")).to_contain_text("Carol called a misplay on you")

        # Bob, whose play was called, disputes the ruling from the table.
        ruling = bob.locator(f".dispute-ruling[data-ruling-version='{version}']")
        ruling.locator("a.dispute-link").click()
        bob.fill("#dispute-dialog-text", TEXT)
        bob.locator("#dispute-dialog button", has_text="File the dispute").click()
        expect(bob.locator("#dispute-dialog")).to_contain_text("Your dispute is filed")
        bob.keyboard.press("Escape")
        expect(carol.locator(f".dispute-ruling[data-ruling-version='{version}']")).to_contain_text(
            "by Bob, awaiting staff review"
        )
        _mark_page(bob)

        # Staff find it in the queue by the table's name, filed just now, its columns apart (once they
        # have entered their code: this session has not).
        staff.goto(f"{self.live_server_url}/reviews/")
        enter_code(staff, secret)
        staff.wait_for_url(f"{self.live_server_url}/reviews/")
        row = staff.locator("table.review-queue tbody tr")
        expect(row).to_contain_text("Friday spite")
        expect(row).not_to_contain_text(table.short_id)
        expect(row).to_contain_text("by Bob, just now")
        self.assertGreaterEqual(min(staff.evaluate(CELL_GAPS, "table.review-queue")), 12)
        self.assertEqual(axe_violations(staff), [], "the review queue")

        # They open it, see the ruling at its moment, and overturn it with a reason.
        row.locator("a", has_text=f"move {version}").click()
        expect(staff.locator("h1")).to_contain_text("Friday spite")
        expect(staff.locator(".ruling-facts")).to_contain_text("Alice: 3♠; Bob: J♠ and J♥")
        expect(staff.locator(".review-board .spite-plays .spite-play")).to_have_count(2)  # the called play is on it
        expect(staff.locator(".dispute-text")).to_contain_text("A pair of jacks beats a single 3")
        self.assertEqual(axe_violations(staff), [], "a dispute's page")
        expect(staff.locator("a", has_text="Open the replay at this moment")).to_have_attribute(
            "href", f"/tables/{table.id}/replay/?step={version}&as=open"
        )
        staff.fill("textarea[name=reason]", "Carol's call named the wrong rule.")
        staff.locator("button", has_text="Overturn the ruling").click()
        expect(staff.locator(".dispute-decision")).to_contain_text("Referee overturned the ruling")
        staff.goto(f"{self.live_server_url}/reviews/log/")
        expect(staff.locator("table.staff-log tbody tr").first).to_contain_text("Friday spite")
        self.assertGreaterEqual(min(staff.evaluate(CELL_GAPS, "table.staff-log")), 12)
        self.assertEqual(axe_violations(staff), [], "the staff log")

        # Bob's table shows the outcome as it happens, without a reload.
        expect(ruling).to_contain_text("Staff overturned the ruling: Carol's call named the wrong rule.")
        expect(bob.locator(".spite-ruling.is-latest")).to_contain_text("overturned")
        self.assertTrue(_not_reloaded(bob))
        bob.goto(f"{self.live_server_url}/accounts/profile/")
        expect(bob.locator(".profile-dispute")).to_contain_text("Friday spite")
        expect(bob.locator(".profile-dispute")).to_contain_text("Staff: Carol's call named the wrong rule.")

"""Real browsers (Playwright on Debian's chromium) arrive at Cardroom, read the rules, cancel a table and
start a rematch. The live server and the log-in come from tests/browser/test_browser.py."""

import re

import test_browser
from test_browser import BrowserTestCase, _off_the_event_loop

from accounts.models import User
from games.engines import registry

pytestmark = test_browser.pytestmark  # the browser mark, or the skip where chromium is missing


class TestArriving(BrowserTestCase):
    def test_a_visitor_learns_what_cardroom_is_reads_the_rules_and_signs_up(self):
        from playwright.sync_api import expect

        page = self.visitor(width=390, height=800)  # a phone
        page.goto(f"{self.live_server_url}/")
        expect(page.locator("h1")).to_have_text("Cardroom")
        expect(page.locator(".lead")).to_contain_text("A card room in your browser")
        expect(page.locator(".game-card h3")).to_have_text([game.title for game in registry.games()])
        expect(page.locator(".game-card .card-show .card")).to_have_count(
            4 * len(registry.games())
        )  # the site's own cards
        expect(page.locator(".site-footer").get_by_role("link", name="API and its docs")).to_have_attribute(
            "href", "/api/docs/"
        )

        page.get_by_role("link", name="Rules of Spite & Malice").click()
        page.wait_for_url("**/rules/spite_and_malice/")
        expect(page.locator("h1")).to_have_text("Rules of Spite & Malice")
        expect(page.locator("#option-win_pile")).to_be_visible()
        page.locator(".rules-nav").get_by_role("link", name="Spank!").click()
        page.wait_for_url("**/rules/spank/")
        expect(page.locator("#option-sequence")).to_have_text("Sequence variation")

        missing = page.goto(f"{self.live_server_url}/rules/chess/")
        self.assertEqual(missing.status, 404)
        expect(page.locator("h1")).to_have_text("There is nothing here")
        page.get_by_role("link", name="Cardroom's home page").click()
        page.wait_for_url(f"{self.live_server_url}/")

        page.locator(".home-actions").get_by_role("link", name=re.compile("Sign up")).click()
        self.sign_up(page, "dora")
        page.goto(f"{self.live_server_url}/")
        page.get_by_role("link", name="Go to the lobby").click()
        page.wait_for_url(f"{self.live_server_url}/lobby/")
        expect(page.locator("h1").first).to_have_text("New table")


class TestCancel(BrowserTestCase):
    def test_the_host_names_a_table_then_cancels_it_and_the_lobby_forgets_it(self):
        from playwright.sync_api import expect

        alice = self.player("alice")
        bob = self.player("bob")
        alice.check("input[name=game][value=spite]")
        alice.fill("input[name=name]", "Alice's <test> night")
        alice.click("text=Create table")
        alice.wait_for_url("**/tables/**")
        expect(alice.locator(".table-header h1")).to_contain_text("Alice's <test> night")

        bob.goto(f"{self.live_server_url}/lobby/?game=spite")
        row = bob.locator(".table-row", has_text="Alice's <test> night")
        expect(row).to_contain_text("Alice (host)")
        expect(row).to_contain_text("waiting for 2 more players")

        alice.get_by_role("button", name="Cancel the table").click()
        alice.wait_for_url(f"{self.live_server_url}/lobby/")
        expect(alice.locator(".messages")).to_contain_text("is cancelled")
        expect(bob.locator(".table-row", has_text="Alice's <test> night")).to_have_count(0)  # live, no reload


class TestRematch(BrowserTestCase):
    def test_after_a_match_one_click_offers_a_rematch_that_the_others_accept_or_decline(self):
        from playwright.sync_api import expect

        from games.models import Table
        from games.play import commands
        from games.tables import lobby

        names = ("alice", "bob", "carol")
        pages = [self.player(name) for name in names]

        def play_and_end():
            users = [User.objects.get(username=name) for name in names]
            table = lobby.create_table(users[0], "spite", 3, {"rounds": 2}, turn_clock=60, name="Tuesday")
            for user in users[1:]:
                lobby.join_table(table, user)
            version = lobby.start_table(table, users[0])
            commands.submit(table, users[0], {"type": "end_match"}, version)
            return table

        table = _off_the_event_loop(play_and_end)
        for page in pages:
            page.goto(f"{self.live_server_url}/tables/{table.id}/")
            expect(page.locator(".game-over")).to_be_visible()
        alice, bob, carol = pages

        bob.get_by_role("button", name="Rematch", exact=True).click()
        bob.wait_for_url(re.compile(r".*/tables/(?!%s)[0-9a-f-]+/$" % table.id))
        expect(bob.locator(".seating")).to_contain_text("are kept until they answer")
        # Seats are numbered as people count them, and a kept seat says for whom.
        expect(bob.locator(".seat-list li")).to_have_text(
            ["Seat 1: kept for Alice", "Seat 2: Bob", "Seat 3: kept for Carol"]
        )

        # Alice's finished table shows the offer without a reload; she accepts and takes her old seat.
        expect(alice.locator(".rematch")).to_contain_text("Bob offers a rematch")
        alice.get_by_role("button", name="Accept the rematch").click()
        alice.wait_for_url(bob.url)
        expect(alice.locator(".seat-list li").first).to_have_text("Seat 1: Alice")
        expect(bob.locator(".seat-list li").first).to_have_text("Seat 1: Alice")  # live on Bob's page

        # Carol follows the offer from the lobby to the rematch table and declines there.
        expect(carol.locator(".rematch")).to_contain_text("Bob offers a rematch")
        carol.goto(f"{self.live_server_url}/lobby/")
        offers = carol.locator("section", has_text="Rematches offered to you")
        offers.get_by_role("link", name="Tuesday").click()
        carol.wait_for_url(bob.url)
        expect(carol.locator(".seating")).to_contain_text("Bob offers you a rematch: your seat is kept for you.")
        carol.get_by_role("button", name="Decline").click()
        carol.wait_for_url(f"{self.live_server_url}/lobby/")
        expect(carol.locator(".messages")).to_contain_text("You declined the rematch.")
        expect(bob.locator(".seat-list li").last).to_have_text("Seat 3: empty")  # live on Bob's page

        rematch = _off_the_event_loop(lambda: Table.objects.get(rematch_of=table))
        self.assertEqual((rematch.options, rematch.turn_clock, rematch.name), ({"rounds": 2}, 60, "Tuesday"))
        self.assertFalse(_off_the_event_loop(lambda: rematch.awaiting.exists()))

"""A real browser: two players press Play now for a two-player game on the home page and both land at the
same table, the one who waited taken there by the waiting page without a reload by hand; leaving the page,
or pressing Leave the queue, leaves the queue."""

import re
import time

from a11y_helpers import axe_violations
from test_browser import BrowserTestCase, pytestmark  # noqa: F401 (the browser mark)

from games.models import QueuedPlayer, Table

TABLE_URL = re.compile(r"/tables/[0-9a-f-]+/$")


def press_play_now(page, game, players="", bots=""):
    form = page.locator(f'form.play-now:has(input[name="game"][value="{game}"])')
    form.locator('select[name="seat_count"]').select_option(players)
    form.locator('select[name="bots_after"]').select_option(bots)
    form.get_by_role("button", name="Play now").click()


def wait_until(condition, seconds=10):
    end = time.monotonic() + seconds
    while not condition() and time.monotonic() < end:
        time.sleep(0.1)
    return condition()


class TestPlayNow(BrowserTestCase):
    def test_two_players_pressing_play_now_land_at_the_same_table(self):
        from playwright.sync_api import expect

        alice, bob = self.player("alice"), self.player("bob")
        alice.goto(f"{self.live_server_url}/")
        press_play_now(alice, "spank", players="2")
        expect(alice).to_have_url(f"{self.live_server_url}/play/now/waiting/")
        expect(alice.locator("#play-now-status")).to_contain_text("0 other players waiting for Spank!")
        expect(alice.get_by_role("button", name="Leave the queue")).to_be_visible()
        assert axe_violations(alice) == []

        bob.goto(f"{self.live_server_url}/lobby/")
        press_play_now(bob, "spank")  # any number of players: Alice's table of two
        expect(bob).to_have_url(TABLE_URL)
        expect(alice).to_have_url(bob.url)  # the waiting page moved her there itself
        table = Table.objects.get()
        assert table.status == Table.Status.RUNNING and not table.private
        assert [seat.user.username for seat in table.seats.order_by("number")] == ["alice", "bob"]
        expect(alice.locator(".spank-board")).to_be_visible()
        expect(bob.locator(".spank-board")).to_be_visible()

    def test_leaving_the_page_or_pressing_the_button_leaves_the_queue(self):
        from playwright.sync_api import expect

        alice = self.player("alice")
        alice.goto(f"{self.live_server_url}/")
        press_play_now(alice, "spite", players="4", bots="30")
        expect(alice.locator("#play-now-status")).to_contain_text("Bots fill the empty seats in")
        alice.get_by_role("button", name="Leave the queue").click()
        expect(alice.locator(".messages")).to_contain_text("You left the queue.")
        assert not QueuedPlayer.objects.exists()

        alice.goto(f"{self.live_server_url}/")
        press_play_now(alice, "spite", players="4")
        expect(alice).to_have_url(f"{self.live_server_url}/play/now/waiting/")
        assert QueuedPlayer.objects.filter(table__isnull=True).count() == 1
        alice.goto(f"{self.live_server_url}/rules/spite/")  # away from the waiting page
        assert wait_until(lambda: not QueuedPlayer.objects.exists())

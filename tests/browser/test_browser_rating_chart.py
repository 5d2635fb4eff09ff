"""A real browser: a player's page draws their rating history as a chart with a text alternative a person
can read (its name and description, and the tables of numbers behind the summary), and axe finds nothing
wrong on the page."""

from a11y_helpers import axe_violations
from test_browser import BrowserTestCase, _off_the_event_loop, pytestmark  # noqa: F401 (the browser mark)

from accounts.models import User
from events.store import StoredEvent
from games.tables import lobby
from ratings import projection, recording
from ratings.display import points


def rate_two(table, winner, loser, version):
    """A rated two-player game of Spank! as the rating stream holds it, applied to the ratings' tables."""
    from django.utils import timezone

    event = recording.rated_event(table, {winner.pk: 1, loser.pk: 2}, {winner.pk: 0, loser.pk: 1})
    projection.apply(
        "spank", StoredEvent("ratings-spank", version, projection.RATED, event, "system", None, timezone.now())
    )


class TestRatingChart(BrowserTestCase):
    def test_the_chart_and_its_text_alternative_are_there_and_readable(self):
        from playwright.sync_api import expect

        alice = User.objects.create_user(username="alice", password="a-long-test-password", display_name="Alice")
        bob = User.objects.create_user(username="bob", password="a-long-test-password", display_name="Bob")

        def play_three():  # off Playwright's event loop: a new table tells the lobby through the channel layer
            for version, (winner, loser) in enumerate([(alice, bob), (alice, bob), (bob, alice)], start=1):
                rate_two(lobby.create_table(alice, "spank", 2), winner, loser, version)

        _off_the_event_loop(play_three)
        final = points(alice.ratings.get(game="spank").mu)

        page = self.visitor()
        page.goto(f"{self.live_server_url}/accounts/players/alice/")
        chart = page.get_by_role("img", name="Rating history")
        expect(chart).to_be_visible()
        assert page.locator("#rating-chart-desc").text_content().endswith(f"Latest: Spank! {final:,}? after 3.")
        expect(page.locator(".rating-chart polyline")).to_have_count(1)

        numbers = page.locator(".rating-chart-numbers")
        expect(numbers.get_by_role("table")).not_to_be_visible()
        numbers.get_by_text("The ratings as tables").click()
        table = numbers.get_by_role("table", name="Spank!: rating after each rated game")
        expect(table).to_be_visible()
        rows = table.locator("tbody tr")
        expect(rows).to_have_count(4)
        expect(rows.nth(0)).to_contain_text("start")
        expect(rows.nth(0)).to_contain_text("1,500?")
        expect(rows.nth(3)).to_contain_text(f"{final:,}?")
        assert rows.nth(3).locator("td").last.text_content().startswith("-")  # Bob won the third

        assert axe_violations(page) == []

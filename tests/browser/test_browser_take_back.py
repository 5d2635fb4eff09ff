"""A real browser: a player clicks "Take my seat back from the bot" just as the bot moves (its move not yet
on the page): the seat is taken back, the button goes and no refusal is shown."""

from test_browser import BrowserTestCase, _off_the_event_loop, pytestmark  # noqa: F401 - the browser mark
from test_take_back_race import LABEL, bob_handed_to_a_bot_on_his_turn, spank_table

from accounts.models import User


class TestTakeBackAsTheBotMoves(BrowserTestCase):
    def test_the_take_back_lands_after_the_bots_move_and_its_button_goes(self):
        from playwright.sync_api import expect

        from events import store
        from games.play import broadcast, firing

        self.player("alice")
        bob = self.player("bob")

        def hand_bob_to_a_bot():
            table = spank_table(User.objects.get(username="alice"), User.objects.get(username="bob"), 0)
            return (table, *bob_handed_to_a_bot_on_his_turn(table, User.objects.get(username="alice")))

        table, seen, deadline = _off_the_event_loop(hand_bob_to_a_bot)
        bob.goto(f"{self.live_server_url}/tables/{table.id}/")
        expect(bob.locator("#connection")).to_contain_text("live", ignore_case=True)
        expect(bob.locator("#table-live")).to_have_attribute("data-version", str(seen))
        button = bob.get_by_role("button", name=LABEL)
        expect(button).to_be_visible()

        def bot_moves_unseen():  # its frame is still on the way to Bob's page: kept back, never sent
            with broadcast.held():
                return firing.fire(deadline.pk)

        moved = _off_the_event_loop(bot_moves_unseen)
        self.assertGreater(moved, seen)
        button.click()
        expect(bob.locator("#table-live")).to_have_attribute("data-version", str(moved + 1))
        expect(button).to_have_count(0)
        expect(bob.locator(".bot-note")).to_have_count(0)
        expect(bob.locator("#flash")).to_be_empty()
        taken = _off_the_event_loop(lambda: [event.type for event in store.read(table.stream, after=moved)])
        self.assertEqual(taken, ["taken_back"])

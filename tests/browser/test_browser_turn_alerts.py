"""Real browsers told of their turn while the table's tab is hidden: the tab's title and icon, and a
notification once the player allowed them, asked only at a click (static/js/table_live/turn.js,
turn_alert.js, notify_button.js; templates/_turn_notify.html)."""

from test_browser import PASSWORD
from test_browser_connection import TableTestCase

from accounts.models import User

MARK = "\u25cf Your turn \u00b7 "
PLAIN_ICON, TURN_ICON = "/static/icons/favicon.svg", "/static/icons/favicon-turn.svg"

# The browser's notifications, as a page sees them: the permission asked and what was shown. A real
# prompt cannot be answered in a headless browser, so the page gets this instead of the API.
FAKE_NOTIFICATIONS = """
    window.__asked = 0;
    window.__shown = [];
    window.Notification = class {
        static permission = "%s";
        static requestPermission() {
            window.__asked += 1;
            window.Notification.permission = "granted";
            return Promise.resolve("granted");
        }
        constructor(title, options) {
            Object.assign(this, {title, body: options.body, closed: false});
            window.__shown.push(this);
        }
        close() { this.closed = true; }
    };
"""
NO_NOTIFICATIONS = "delete window.Notification;"

# A headless browser's tabs are always visible: the page is told that its tab was hidden or shown.
SET_HIDDEN = """(hidden) => {
    const state = hidden ? "hidden" : "visible";
    Object.defineProperty(document, "visibilityState", {configurable: true, get: () => state});
    Object.defineProperty(document, "hidden", {configurable: true, get: () => hidden});
    document.dispatchEvent(new Event("visibilitychange"));
}"""

SHOWN = "window.__shown.map((shown) => [shown.title, shown.body, shown.closed])"


class TestTurnAlerts(TableTestCase):
    def alice_waiting_for_bob(self):
        """Alice's page at a started table of hers and Bob's, while it is Bob's turn."""
        from playwright.sync_api import expect

        alice = self.player("alice")
        User.objects.create_user(username="bob", password=PASSWORD)
        alice.add_init_script(FAKE_NOTIFICATIONS % "default")
        table, users = self.started_table("alice", "bob")
        self.open_table(alice, table)
        if self.seat_to_move(table)[0] == 0:  # Alice's turn first: let it pass, to see it come
            self.end_turn(table, users["alice"])
            expect(alice.locator("#turn-banner.your-turn")).to_have_count(0)
        return alice, table, users

    def test_a_hidden_tab_shows_the_turn_in_its_title_and_icon_and_a_notification_once_allowed(self):
        from playwright.sync_api import expect

        alice, table, users = self.alice_waiting_for_bob()
        icon = alice.locator("link[rel=icon]")
        plain_title = alice.title()
        self.assertIn("Cardroom", plain_title)
        expect(icon).to_have_attribute("href", PLAIN_ICON)

        # Nothing is asked on load; the button asks once, then says what the browser will do.
        button = alice.get_by_role("button", name="Notify me when it's my turn")
        expect(button).to_be_visible()
        self.assertEqual(alice.evaluate("window.__asked"), 0)
        button.click()
        expect(alice.locator("[data-turn-notify-state]")).to_contain_text("shows a notification when your turn comes")
        expect(button).to_be_hidden()
        self.assertEqual(alice.evaluate("window.__asked"), 1)

        # Alice looks at another tab: while it is Bob's turn, hers does not change.
        alice.evaluate(SET_HIDDEN, True)
        self.assertEqual(alice.title(), plain_title)
        self.end_turn(table, users["bob"])
        expect(alice).to_have_title(MARK + plain_title)
        expect(icon).to_have_attribute("href", TURN_ICON)
        self.assertEqual(alice.evaluate(SHOWN), [["Your turn", plain_title, False]])

        # Clicking the notification brings her tab back; seeing it, the title and icon are as before.
        alice.evaluate("() => { window.__focused = 0; window.focus = () => { window.__focused += 1; }; }")
        alice.evaluate("window.__shown[0].onclick()")
        self.assertEqual(alice.evaluate("window.__focused"), 1)
        alice.evaluate(SET_HIDDEN, False)
        expect(alice).to_have_title(plain_title)
        expect(icon).to_have_attribute("href", PLAIN_ICON)
        self.assertEqual(alice.evaluate(SHOWN), [["Your turn", plain_title, True]])

        # Hidden again during her turn, the tab says so again (no second notification: the turn did
        # not come anew), and stops once her turn passes.
        alice.evaluate(SET_HIDDEN, True)
        expect(alice).to_have_title(MARK + plain_title)
        self.end_turn(table, users["alice"])
        expect(alice).to_have_title(plain_title)
        expect(icon).to_have_attribute("href", PLAIN_ICON)
        self.assertEqual(len(alice.evaluate(SHOWN)), 1)

    def test_without_permission_the_tab_still_says_so_and_no_notification_is_shown(self):
        from playwright.sync_api import expect

        alice, table, users = self.alice_waiting_for_bob()
        plain_title = alice.title()
        alice.evaluate(SET_HIDDEN, True)
        self.end_turn(table, users["bob"])
        expect(alice).to_have_title(MARK + plain_title)
        self.assertEqual((alice.evaluate("window.__asked"), alice.evaluate(SHOWN)), (0, []))

    def test_the_profile_asks_only_at_a_click_and_says_where_there_is_nothing_to_ask(self):
        from playwright.sync_api import expect

        context = self.player("alice").context

        def profile(script):
            page = context.new_page()
            page.add_init_script(script)
            page.goto(f"{self.live_server_url}/accounts/profile/")
            return (
                page,
                page.get_by_role("button", name="Notify me when it's my turn"),
                page.locator("[data-turn-notify-state]"),
            )

        page, button, sentence = profile(FAKE_NOTIFICATIONS % "default")
        expect(button).to_be_visible()
        expect(sentence).to_be_hidden()
        self.assertEqual(page.evaluate("window.__asked"), 0)
        button.click()
        expect(sentence).to_contain_text("This browser shows a notification when your turn comes")
        expect(button).to_be_hidden()
        self.assertEqual(page.evaluate("window.__asked"), 1)

        for script, said in (
            (FAKE_NOTIFICATIONS % "granted", "This browser shows a notification when your turn comes"),
            (FAKE_NOTIFICATIONS % "denied", "Notifications are blocked for this site"),
            (NO_NOTIFICATIONS, "This browser cannot show notifications."),
        ):
            page, button, sentence = profile(script)
            expect(sentence).to_contain_text(said)
            expect(button).to_be_hidden()

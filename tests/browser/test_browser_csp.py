"""A real browser under the Content-Security-Policy: a whole game of each kind, from the lobby's form to
the last move, then its replay stepped through, the API docs and the admin, and the browser reports no
violation of the policy (every page listens for ``securitypolicyviolation`` from its first script on,
and the console is read too). The policy itself is checked header by header in
tests/web/test_content_security_policy.py."""

import random

import test_browser
from contract.profiles import profile_of
from staff_helpers import enter_code, give_totp
from test_bot_tables import due_bot_deadlines
from test_browser import BrowserTestCase, _off_the_event_loop

from accounts.models import User
from games.engines import GAMES as INSTALLED
from games.models import Seat, Table
from games.play import firing
from games.tables import bot_seating, lobby

pytestmark = test_browser.pytestmark  # skipped where chromium is missing, as the other browser tests

# Before any of the page's own scripts: every violation the page's document reports goes to the test.
LISTEN = """document.addEventListener("securitypolicyviolation", (event) => window.cspViolation({
    page: location.pathname, directive: event.violatedDirective, blocked: event.blockedURI,
    sample: event.sample, source: event.sourceFile, line: event.lineNumber}));"""

# Per game: the lobby's choices, the options filled in (a short game), and the seed of the deal: every
# installed game's short table, the real games as they were tuned here.
TUNED = {
    "spite_and_malice": ({"seat_count": "2"}, {"option_win_pile": "5"}, 1),
    "spite": ({"seat_count": "3"}, {"option_rounds": "1"}, 1),
    "spank": ({"seat_count": "2"}, {}, 1),
}
GAMES = {
    game: TUNED.get(game)
    or (
        {"seat_count": str(profile_of(game).short[0])},
        {f"option_{name}": str(value) for name, value in profile_of(game).short[1].items()},
        1,
    )
    for game in INSTALLED
}


def reported(violations):
    """Each distinct violation once, in a line: where, what directive, what was blocked."""
    return sorted(
        {
            " ".join(str(violation.get(key, "")) for key in ("page", "directive", "blocked", "sample", "console"))[:300]
            for violation in violations
        }
    )


class WatchesThePolicy:
    """A browser test case's pages report every violation of the policy to ``self.violations``."""

    def setUp(self):
        super().setUp()
        self.violations = []

    def visitor(self, width=1280, height=900, touch=False):
        page = super().visitor(width, height, touch)
        page.context.expose_function("cspViolation", lambda violation: self.violations.append(violation))
        page.context.add_init_script(LISTEN)
        page.on("console", lambda message: self._heard(page, message))
        return page

    def _heard(self, page, message):
        """Chromium also writes each refusal to the console (one the event could not report, too)."""
        if "Content Security Policy" in message.text:
            self.violations.append({"page": page.url, "console": message.text})


class TestNoViolationOfThePolicy(WatchesThePolicy, BrowserTestCase):
    def test_a_whole_game_of_each_kind_its_replay_the_api_docs_and_the_admin(self):
        from playwright.sync_api import expect

        alice = self.player("alice")
        response = alice.goto(f"{self.live_server_url}/lobby/")
        self.assertIn("script-src 'self'", response.headers.get("content-security-policy", ""))
        for game, (choices, options, seed) in GAMES.items():
            table = self._play_a_whole_game(alice, game, choices, options, seed)
            self._step_through_the_replay(alice, table)
        self.assertEqual(reported(self.violations), [])

        alice.goto(f"{self.live_server_url}/api/tables/")  # DRF's browsable API
        expect(alice.locator(".response-info")).to_contain_text('"seat_count"')
        alice.goto(f"{self.live_server_url}/api/docs/")
        expect(alice.locator(".swagger-ui .info .title")).to_contain_text("Cardroom API", timeout=30000)
        expect(alice.locator(".swagger-ui .opblock").first).to_be_visible()
        _off_the_event_loop(lambda: User.objects.filter(username="alice").update(is_staff=True, is_superuser=True))
        secret = _off_the_event_loop(lambda: give_totp(User.objects.get(username="alice")))
        alice.goto(f"{self.live_server_url}/admin/games/table/")
        enter_code(alice, secret)  # staff pages ask for the second factor (accounts.staff)
        expect(alice.locator("#result_list tbody tr")).to_have_count(len(GAMES))
        alice.locator("#result_list tbody tr th a").first.click()
        expect(alice.locator("#content h1")).to_be_visible()
        alice.goto(f"{self.live_server_url}/admin/accounts/user/")
        alice.locator("#result_list tbody tr th a").first.click()
        expect(alice.locator("#content h1")).to_be_visible()
        self.assertEqual(reported(self.violations), [])

        # The listener hears what the policy refuses: a style attribute set by a script is reported.
        alice.evaluate("document.body.setAttribute('style', 'outline: 1px solid red')")
        self.assertNotEqual(alice.evaluate("getComputedStyle(document.body).outlineStyle"), "solid")
        for _ in range(100):  # the report comes back to the test while Playwright waits
            if self.violations:
                break
            alice.wait_for_timeout(50)
        self.assertTrue(
            any(violation.get("directive", "").startswith("style-src") for violation in self.violations),
            self.violations,
        )

    def _play_a_whole_game(self, page, game, choices, options, seed):
        """``page``'s player opens a table of ``game`` from the lobby's form, bots fill the other seats and
        play every seat, hers too, and her page follows the game live to its end. Returns the table."""
        from playwright.sync_api import expect

        page.goto(f"{self.live_server_url}/lobby/")
        page.check(f"input[name=game][value={game}]")
        for name, value in choices.items():
            page.select_option(f"select[name={name}][data-game={game}]", value)
        for name, value in options.items():
            page.fill(f"input[name={name}][data-game={game}]", value)
        page.click("text=Create table")
        page.wait_for_url("**/tables/**")
        expect(page.locator("#connection")).to_contain_text("live", ignore_case=True)
        page.click("#invite-link")  # selected whole, by the table script now (an inline handler before)

        def deal():
            table = Table.objects.filter(game=game).get()
            host = User.objects.get(username="alice")
            for _ in range(1, table.seat_count):
                bot_seating.add_bot(table, host, "fair")
            Seat.objects.filter(table=table, number=0).update(bot="fair")
            lobby.start_table(table, host, rng=random.Random(seed))
            return table

        table = _off_the_event_loop(deal)
        expect(page.locator(".board")).to_be_visible()

        def bots_move():  # the bots' due moves, a round at a time, so that the page draws the game as it goes
            due = due_bot_deadlines(table)
            for pk in due:
                firing.fire(pk)
            return bool(due)

        while _off_the_event_loop(bots_move):
            page.wait_for_timeout(50)
        expect(page.locator("#turn-banner")).to_contain_text("Game over", timeout=30000)
        return table

    def _step_through_the_replay(self, page, table):
        from playwright.sync_api import expect

        page.goto(f"{self.live_server_url}/tables/{table.id}/replay/?step=0&as=0")
        live = page.locator("#replay-live")
        last = int(live.get_attribute("data-last"))
        for step in range(1, min(last, 6) + 1):
            page.keyboard.press("ArrowRight")
            expect(live).to_have_attribute("data-step", str(step))
        page.keyboard.press("End")
        expect(live).to_have_attribute("data-step", str(last))
        expect(page.locator(".game-over")).to_be_visible()

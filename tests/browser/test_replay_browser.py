"""A real browser steps through a replay with the keyboard and the slider, walks back with the back button,
and a shared link opens the same step from the same perspective."""

import re

from replay_helpers import NAMES, stored_game
from test_browser import BrowserTestCase, _mark_page, _not_reloaded, pytestmark  # noqa: F401 (the browser mark)

from games.engines import get_engine


def line(engine, event, seat):
    return re.sub(r"\{seat:(\d)\}", lambda found: NAMES[int(found.group(1))], engine.describe_event(event, seat))


class TestReplayInTheBrowser(BrowserTestCase):
    def test_the_keyboard_steps_the_back_button_walks_back_and_a_shared_link_shows_the_same_step(self):
        from playwright.sync_api import expect

        table, log = stored_game("spite_and_malice", 1)
        engine = get_engine("spite_and_malice")
        page = self.player("walter")
        page.goto(f"{self.live_server_url}/tables/{table.id}/replay/?step=0&as=1")
        _mark_page(page)
        move = page.locator("#replay-move")
        expect(move).to_have_text("Before the first move.")
        expect(page.locator(".replay-story h1")).to_have_text("Replay: Ana's Spite & Malice table Spite & Malice")
        expect(page).to_have_title("Replay: Ana's Spite & Malice table, step 0 · Spite & Malice · Cardroom")

        def at(step):
            expect(page).to_have_url(re.compile(rf"[?&]step={step}(&|$)"))
            expect(page.locator("#replay-live")).to_have_attribute("data-step", str(step))
            if step:
                expect(move).to_have_text(f"{step}. {line(engine, log[step - 1], 1)}")

        for step in (1, 2, 3):
            page.keyboard.press("ArrowRight")
            at(step)
        expect(page).to_have_title(re.compile(r"^Replay: Ana's Spite & Malice table, step 3 "))  # by its name
        page.keyboard.press("ArrowLeft")
        at(2)
        expect(page.locator("#replay-announce")).to_have_text(f"2. {line(engine, log[1], 1)}")  # read out
        page.keyboard.press("End")
        at(len(log))
        expect(page.locator(".game-over")).to_be_visible()
        page.keyboard.press("Home")
        expect(move).to_have_text("Before the first move.")
        page.locator("#replay-step").fill("5")
        at(5)
        page.click("#replay-forward")
        at(6)

        page.go_back()
        at(5)
        page.go_back()
        expect(move).to_have_text("Before the first move.")
        page.go_back()
        at(len(log))
        page.go_back()
        at(2)
        assert _not_reloaded(page), "stepping should not reload the page"
        stepped = page.locator("#replay-live").inner_html()

        shared = self.player("wanda")
        shared.goto(page.url)
        expect(shared.locator("#replay-move")).to_have_text(f"2. {line(engine, log[1], 1)}")
        assert shared.locator("#replay-live").inner_html() == stepped

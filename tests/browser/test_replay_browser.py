"""A real browser steps through a replay with the keyboard and the slider, walks back with the back button,
and a shared link opens the same step from the same perspective."""

import re
from urllib.parse import quote

from replay_helpers import NAMES, stored_game
from staff_helpers import enter_code, give_totp
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


def _flat(table, seen_as, last):
    from games.replay import move_list

    return [move for r in move_list.move_list(table, seen_as, last) for s in r.sections for move in s.moves]


class TestReplayWithoutPageLoads(BrowserTestCase):
    def test_the_move_list_jumps_autoplay_perspectives_and_the_bot_never_load_a_page(self):
        from playwright.sync_api import expect

        from games.replay.steps import Perspective

        table, log = stored_game("spite", 1)
        last = len(log)
        page = self.visitor()
        loads = []
        page.goto(f"{self.live_server_url}/tables/{table.id}/replay/?step=0&as=open")
        page.on("load", lambda _: loads.append(page.url))
        _mark_page(page)
        live = page.locator("#replay-live")

        def at(step, seen_as="open"):
            expect(live).to_have_attribute("data-step", str(step))
            expect(live).to_have_attribute("data-as", seen_as)
            expect(page.locator(f'#replay-moves li[data-step="{step}"]')).to_have_attribute("aria-current", "step")
            expect(page.locator('#replay-moves [aria-current="step"]')).to_have_count(1)
            expect(page).to_have_url(re.compile(rf"[?&]step={step}&as={seen_as}(&|$)"))

        asked = []
        page.on("request", lambda request: asked.append(request.url))
        page.locator('#replay-moves li[data-step="7"] > a').hover()  # pointed at: asked for before the click
        page.wait_for_timeout(300)
        assert any("step=7&as=open&part=step" in url for url in asked), asked
        page.locator('#replay-moves li[data-step="7"] > a').click()  # a move in the list
        at(7)
        moves = _flat(table, Perspective(None, True), last)
        by_step = {move.step: move for move in moves}
        next_trick = next(
            m.step for m in moves if m.step > 7 and (m.round, m.section) != (by_step[7].round, by_step[7].section)
        )
        page.click('[data-jump="trick"][data-by="1"]')
        at(next_trick)
        next_round = next(m.step for m in moves if m.round > by_step[next_trick].round)
        page.click('[data-jump="round"][data-by="1"]')
        at(next_round)
        page.click('[data-jump="round"][data-by="-1"]')
        at(1)  # the start of round 1, from the start of round 2
        page.select_option("#replay-player", "2")
        page.click("#replay-next-of")
        at(next(m.step for m in moves if m.step > 1 and m.seat == 2))
        here = int(live.get_attribute("data-step"))

        page.click('.replay-perspectives a:text-is("Ben")')  # seat 1's perspective, at the same step
        at(here, "1")
        own = _flat(table, Perspective(1, False), last)[here - 1].text
        expect(page.locator(f'#replay-moves li[data-step="{here}"] > a')).to_contain_text(own)

        page.select_option("#replay-speed", "400")
        page.click("#replay-play")
        expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "true")
        expect(live).to_have_attribute("data-step", str(here + 3), timeout=5000)
        page.keyboard.press("a")  # any key pauses
        expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "false")
        stopped = live.get_attribute("data-step")
        page.wait_for_timeout(1000)
        assert live.get_attribute("data-step") == stopped
        page.keyboard.press(" ")  # Space plays again; a click anywhere pauses
        expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "true")
        page.click("#replay-moves h2")
        expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "false")
        stopped = int(live.get_attribute("data-step"))

        page.click("#replay-bot")  # the bot's choice from seat 1's view
        expect(page.locator("#replay-bot")).to_have_attribute("aria-checked", "true")
        expect(page.locator("#replay-bot-choice")).to_contain_text("Bot's choice here:")
        expect(page).to_have_url(re.compile(rf"step={stopped}&as=1&bot=1$"))
        page.keyboard.press("ArrowRight")
        expect(live).to_have_attribute("data-step", str(stopped + 1))
        expect(page.locator("#replay-bot-choice")).to_be_visible()

        page.go_back()
        expect(live).to_have_attribute("data-step", str(stopped))
        page.go_back()  # before the bot was asked for
        expect(page.locator("#replay-bot")).to_have_attribute("aria-checked", "false")
        expect(page.locator("#replay-bot-choice")).to_have_count(0)
        page.go_forward()
        expect(page.locator("#replay-bot")).to_have_attribute("aria-checked", "true")
        assert loads == [] and _not_reloaded(page)

    def test_on_a_phone_the_board_controls_and_list_fit_without_sideways_scrolling(self):
        from playwright.sync_api import expect

        table, log = stored_game("spite", 1)
        page = self.visitor(width=390, touch=True)
        page.goto(f"{self.live_server_url}/tables/{table.id}/replay/?step=40&as=0")
        expect(page.locator("#replay-moves")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        board = page.locator(".replay-board").bounding_box()
        listed = page.locator("#replay-moves").bounding_box()
        assert listed["y"] >= board["y"] + board["height"] - 1  # the list below the board
        for control in ("#replay-back", "#replay-forward", "#replay-play", "#replay-step"):
            box = page.locator(control).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, control
        page.locator('#replay-moves li[data-step="41"] > a').tap()
        expect(page.locator("#replay-live")).to_have_attribute("data-step", "41")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390

    def test_the_replay_with_its_story_chart_list_and_the_bots_choice_passes_axe(self):
        from a11y_helpers import axe_violations
        from playwright.sync_api import expect

        table, _ = stored_game("spite", 1)
        for width in (1280, 390):
            page = self.visitor(width=width, touch=width < 500)
            page.goto(f"{self.live_server_url}/tables/{table.id}/replay/?step=60&as=1&bot=1")
            expect(page.locator("#replay-bot-choice")).to_be_visible()
            page.click("#replay-play")
            page.click("#replay-play")  # paused again: the controls in both states
            self.assertEqual(axe_violations(page), [], f"replay at {width} px")

    def test_staff_looking_into_a_game_in_play_are_sent_only_the_steps_they_ask_for(self):
        from playwright.sync_api import expect

        from accounts.models import User
        from games.models import Table
        from reviews.models import StaffAction

        table, _ = stored_game("spank", 1, upto=60, status=Table.Status.RUNNING)
        page = self.player("rita")
        User.objects.filter(username="rita").update(is_staff=True)
        secret = give_totp(User.objects.get(username="rita"))
        replay = f"/tables/{table.id}/replay/?step=2&as=open"
        # Staff powers need the second factor in this session: the code first, then the replay.
        page.goto(f"{self.live_server_url}/accounts/2fa/reauthenticate/?next={quote(replay)}")
        enter_code(page, secret)
        page.wait_for_url(f"{self.live_server_url}{replay}")
        for step in (3, 4):
            page.keyboard.press("ArrowRight")
            expect(page.locator("#replay-live")).to_have_attribute("data-step", str(step))
        page.locator('#replay-moves li[data-step="30"] > a').hover()
        page.wait_for_timeout(500)
        shown = [action.why for action in StaffAction.objects.filter(table=table).order_by("id")]
        assert shown == [f"the replay at step {step}, every hand open" for step in (2, 3, 4)], shown

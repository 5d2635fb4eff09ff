"""Real browsers at a table: the connection's banner and heartbeats, reconnecting and resyncing, the
opponent's move shown, the turn sound and the table chat (static/js/table_live/connection.js, motion.js,
turn_sound.js, chat.js; games/live/heartbeats.py, games/tables/chat.py)."""

import time

from test_browser import BrowserTestCase, _mark_page, _not_reloaded, _off_the_event_loop

from accounts.models import User


class TableTestCase(BrowserTestCase):
    def started_table(self, *usernames):
        """A started two-seat Spank! table of the first two users; returns (table, {username: user})."""
        users = {}

        def deal():
            from games.tables import lobby

            for name in usernames:
                users[name] = User.objects.get(username=name)
            table = lobby.create_table(users[usernames[0]], "spank", 2)
            lobby.join_table(table, users[usernames[1]])
            lobby.start_table(table, users[usernames[0]])
            return table

        return _off_the_event_loop(deal), users

    def open_table(self, page, table):
        from playwright.sync_api import expect

        page.goto(f"{self.live_server_url}/tables/{table.id}/")
        expect(page.locator("#connection")).to_have_class("connection is-live")
        _mark_page(page)

    def seat_to_move(self, table):
        def find():
            from games.play import game_state

            game = game_state.load(table)
            return game.engine.view(game.state, None)["to_move"], game.version

        return _off_the_event_loop(find)

    def end_turn(self, table, user):
        def move():
            from games.play import commands, game_state

            commands.submit(table, user, {"type": "end_turn"}, game_state.load(table).version)

        _off_the_event_loop(move)


class TestOffline(TableTestCase):
    def test_offline_shows_a_banner_makes_the_board_unusable_and_resyncs_on_return(self):
        from playwright.sync_api import expect

        pages = {"alice": self.player("alice"), "bob": self.player("bob")}
        table, users = self.started_table("alice", "bob")
        for page in pages.values():
            self.open_table(page, table)
        to_move, version = self.seat_to_move(table)
        mover = "alice" if to_move == 0 else "bob"
        away = pages["bob" if mover == "alice" else "alice"]
        self.assertEqual(away.locator("#table-live").evaluate("el => el.inert"), False)

        away.context.set_offline(True)
        banner = away.locator("#connection")
        expect(banner).to_have_class("connection is-reconnecting", timeout=8000)
        expect(banner).to_contain_text("offline", ignore_case=True)
        expect(banner).to_be_in_viewport()
        self.assertEqual(away.locator("#table-live").evaluate("el => el.inert"), True)
        self.assertTrue(away.locator("#chat-text").is_disabled())
        # A click on a card reaches nothing: the board is inert, not just grey.
        card = away.locator(".hand [data-card]").first
        card.click(force=True)
        expect(card).not_to_have_class("selected")
        self.assertEqual(away.locator(".selected").count(), 0)

        # The other player moves meanwhile; back online, the page reconnects by itself within seconds
        # and shows the table as it is now, with no reload.
        self.end_turn(table, users[mover])
        away.context.set_offline(False)
        back = time.monotonic()
        expect(banner).to_have_class("connection is-live", timeout=8000)
        self.assertLess(time.monotonic() - back, 6)
        expect(away.locator("#table-live")).to_have_attribute("data-version", str(self.seat_to_move(table)[1]))
        self.assertGreater(int(away.locator("#table-live").get_attribute("data-version")), version)
        expect(away.locator(".my-area .badge-turn")).to_have_count(1)
        self.assertEqual(away.locator("#table-live").evaluate("el => el.inert"), False)
        self.assertTrue(_not_reloaded(away))


class TestSilentNetwork(TableTestCase):
    def test_a_page_the_server_stops_reaching_notices_within_seconds_and_comes_back(self):
        """No offline event here: the frames just stop coming, as on a dead Wi-Fi. Only the heartbeats
        can tell."""
        from playwright.sync_api import expect

        page = self.player("alice")
        self.player("bob").context.close()
        table, _ = self.started_table("alice", "bob")
        state = {"drop": False, "sockets": 0}

        def route(ws):
            state["sockets"] += 1
            server = ws.connect_to_server()
            server.on_message(lambda message: None if state["drop"] else ws.send(message))
            ws.on_message(lambda message: None if state["drop"] else server.send(message))

        page.route_web_socket("**/ws/tables/**", route)
        self.open_table(page, table)
        state["drop"] = True
        dropped = time.monotonic()
        banner = page.locator("#connection")
        expect(banner).to_have_class("connection is-reconnecting", timeout=12000)
        self.assertLess(time.monotonic() - dropped, 9)
        self.assertEqual(page.locator("#table-live").evaluate("el => el.inert"), True)

        state["drop"] = False
        expect(banner).to_have_class("connection is-live", timeout=8000)
        self.assertGreaterEqual(state["sockets"], 2)  # a new socket, not the dead one revived
        self.assertTrue(_not_reloaded(page))


class TestPhone(TableTestCase):
    def test_the_status_dot_covers_no_button_on_a_phone(self):
        page = self.player("alice", width=390, touch=True)
        self.player("bob").context.close()
        table, users = self.started_table("alice", "bob")
        self.open_table(page, table)
        if self.seat_to_move(table)[0] != 0:
            self.end_turn(table, users["bob"])
        page.locator("[data-command*=end_turn]").wait_for(state="visible")
        dot = page.locator("#connection").bounding_box()
        for button in page.locator(".actions button:visible").all():
            button.scroll_into_view_if_needed()
            dot = page.locator("#connection").bounding_box()
            box = button.bounding_box()
            overlaps = not (
                dot["x"] + dot["width"] <= box["x"]
                or box["x"] + box["width"] <= dot["x"]
                or dot["y"] + dot["height"] <= box["y"]
                or box["y"] + box["height"] <= dot["y"]
            )
            self.assertFalse(overlaps, button.text_content())


class TestOpponentsMoveShown(TableTestCase):
    def test_the_opponents_discard_is_lit_on_the_other_screen_not_the_movers(self):
        from playwright.sync_api import expect

        pages = {"alice": self.player("alice"), "bob": self.player("bob")}
        table, _ = self.started_table("alice", "bob")
        for page in pages.values():
            self.open_table(page, table)
        mover, other = (
            (pages["alice"], pages["bob"]) if self.seat_to_move(table)[0] == 0 else (pages["bob"], pages["alice"])
        )
        mover.locator(".hand [data-card]").first.click()
        mover.click("text=Discard selected")
        expect(other.locator(".piles .card.just-moved")).to_have_count(1)
        expect(mover.locator(".my-area .badge-turn")).to_have_count(0)
        self.assertEqual(mover.locator(".card.just-moved").count(), 0)
        expect(other.locator(".card.just-moved")).to_have_count(0, timeout=5000)  # only briefly


class TestTurnSound(TableTestCase):
    COUNT_TONES = """
        window.__tones = 0;
        const made = AudioContext.prototype.createOscillator;
        AudioContext.prototype.createOscillator = function () { window.__tones += 1; return made.call(this); };
    """

    def test_the_turn_sound_plays_only_for_a_user_who_turned_it_on(self):
        from playwright.sync_api import expect

        pages = {"alice": self.player("alice"), "bob": self.player("bob")}
        table, users = self.started_table("alice", "bob")
        User.objects.filter(username="alice").update(turn_sound=True)
        for page in pages.values():
            page.add_init_script(self.COUNT_TONES)
            self.open_table(page, table)
            page.locator("h1").click()  # a first touch lets the page make sound
        for _ in range(2):  # each player's turn comes once
            seat, _ = self.seat_to_move(table)
            waiting = pages["bob" if seat == 0 else "alice"]
            self.end_turn(table, users["alice" if seat == 0 else "bob"])
            expect(waiting.locator("#turn-banner.your-turn")).to_have_count(1)
        expect(pages["alice"].locator("#turn-banner")).to_be_visible()
        self.assertGreater(pages["alice"].evaluate("window.__tones"), 0)
        self.assertEqual(pages["bob"].evaluate("window.__tones"), 0)


class TestChat(TableTestCase):
    def say(self, page, text):
        page.fill("#chat-text", text)
        page.press("#chat-text", "Enter")

    def test_two_players_and_a_watcher_chat_escaped_and_mute(self):
        from playwright.sync_api import expect

        pages = {name: self.player(name) for name in ("alice", "bob", "carol")}
        table, _ = self.started_table("alice", "bob")
        for page in pages.values():
            self.open_table(page, table)

        self.say(pages["alice"], "Good luck, both!")
        expect(pages["alice"].locator("#chat-text")).to_have_value("")
        for page in pages.values():
            expect(page.locator("#chat-log .chat-line").last).to_contain_text("Alice")
            expect(page.locator("#chat-log .chat-line").last).to_contain_text("Good luck, both!")

        # The watcher talks too; markup arrives as text.
        self.say(pages["carol"], '<img src=x onerror="window.__owned=1"> watching')
        for page in pages.values():
            expect(page.locator("#chat-log .chat-line").last).to_contain_text(
                '<img src=x onerror="window.__owned=1"> watching'
            )
            self.assertEqual(page.locator("#chat-log img").count(), 0)
            self.assertIsNone(page.evaluate("window.__owned"))

        # Bob mutes Carol: her lines go from his page only, and stay gone after a reload.
        bob = pages["bob"]
        expect(bob.locator(".chat-line[data-user] [data-mute]:visible")).to_have_count(2)  # none on his own lines
        bob.locator(".chat-line", has_text="watching").get_by_role("button", name="Mute Carol").click()
        expect(bob.locator(".chat-line", has_text="watching")).to_be_hidden()
        expect(bob.locator("[data-chat-muted]")).to_contain_text("Carol")
        self.say(pages["carol"], "can anyone hear me")
        expect(pages["alice"].locator(".chat-line", has_text="can anyone hear me")).to_be_visible()
        expect(bob.locator(".chat-line", has_text="can anyone hear me")).to_have_count(1)
        expect(bob.locator(".chat-line", has_text="can anyone hear me")).to_be_hidden()
        bob.reload()
        expect(bob.locator(".chat-line", has_text="Good luck")).to_be_visible()
        expect(bob.locator(".chat-line", has_text="can anyone hear me")).to_be_hidden()
        bob.get_by_role("button", name="Unmute Carol").click()
        expect(bob.locator(".chat-line", has_text="can anyone hear me")).to_be_visible()

        # Too long a message is refused to its sender, beside the box.
        pages["alice"].evaluate("document.getElementById('chat-text').removeAttribute('maxlength')")
        self.say(pages["alice"], "x" * 301)
        expect(pages["alice"].locator("#chat-status")).to_contain_text("at most 300")
        expect(pages["bob"].locator("#chat-status")).to_be_empty()


class TestWatcherLayout(TableTestCase):
    def test_a_watcher_sees_every_seat_side_by_side_with_full_size_cards(self):
        from playwright.sync_api import expect

        self.player("alice").context.close()
        self.player("bob").context.close()
        carol = self.player("carol")
        table, _ = self.started_table("alice", "bob")
        self.open_table(carol, table)
        expect(carol.locator(".board.is-spectator")).to_be_visible()
        seats = carol.locator(".opponents .seat-panel")
        expect(seats).to_have_count(2)
        first, second = seats.nth(0).bounding_box(), seats.nth(1).bounding_box()
        self.assertEqual(round(first["y"]), round(second["y"]))  # around the table, not stacked
        self.assertGreater(first["width"] + second["width"], 0.6 * carol.viewport_size["width"])
        for place in carol.locator(".opponents :is(.card-mini, .slot-mini)").all()[:6]:
            self.assertGreaterEqual(place.bounding_box()["width"], 50)

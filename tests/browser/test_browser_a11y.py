"""Accessibility in a real browser: axe-core (WCAG 2.1 A and AA) on every page, keyboard-only play with
focus kept across redraws, and the live region that reads out what happened."""

import random
import re

from a11y_helpers import axe_violations
from contract.profiles import profile_of
from test_browser import PASSWORD, BrowserTestCase, _off_the_event_loop, _seed_with_one_playable_ace

from accounts.models import User
from games.engines import GAMES as INSTALLED

# Every installed game's short table (seated by alice, bob, carol, dave: at most three seats, so dave or
# carol watches), the real games as they were tuned here; Spite last, whose match the test then ends.
TUNED = {"spank": (2, {}), "spite_and_malice": (2, {}), "spite": (3, {"rounds": 1})}
GAMES = tuple(
    (game, *(TUNED.get(game) or profile_of(game).short)) for game in sorted(INSTALLED, key=lambda game: game == "spite")
)


def _deal(game, seats, options, names, seed=3, turn_clock=None):
    """A started table of ``game`` with the named users seated in order (off Playwright's loop)."""
    from games.tables import lobby

    def deal():
        users = [User.objects.get(username=name) for name in names[:seats]]
        table = lobby.create_table(users[0], game, seats, options, turn_clock=turn_clock)
        for user in users[1:]:
            lobby.join_table(table, user)
        lobby.start_table(table, users[0], rng=random.Random(seed))
        return table

    return _off_the_event_loop(deal)


def _play_until_someone_is_out(table):
    """Bots play a started Spite table's seats until one seat is out of the round (placed); that seat."""
    from games.bots import choose
    from games.play import commands, game_state

    users = table.seated_users()
    for _ in range(500):
        game = game_state.load(table)
        places = [player["place"] for player in game.engine.view(game.state, None)["players"]]
        if any(place is not None for place in places):
            return next(seat for seat, place in enumerate(places) if place is not None)
        seat, command = next(
            (seat, command)
            for seat in users
            if (
                command := choose(
                    table.game,
                    game.engine.view(game.state, seat),
                    game.engine.legal_commands(game.state, seat),
                    random.Random(game.version),
                )
            )
            is not None
        )
        commands.submit(table, users[seat], command, game.version)
    raise AssertionError("nobody went out in 500 moves")


class TestAxeFindsNothing(BrowserTestCase):
    def assert_no_violations(self, page, where):
        self.assertEqual(axe_violations(page), [], where)

    def test_the_account_pages_and_the_lobby(self):
        page = self.browser.new_page()
        self.addCleanup(page.close)
        for path in ("/accounts/login/", "/accounts/signup/"):
            page.goto(self.live_server_url + path)
            self.assert_no_violations(page, path)
        # A sign-up refused shows its errors beside the fields: those too.
        page.fill("input[name=username]", "x")
        page.click("button[type=submit]")
        self.assert_no_violations(page, "sign-up with errors")
        alice = self.player("alice")
        self.assert_no_violations(alice, "lobby")
        alice.goto(self.live_server_url + "/accounts/profile/")
        self.assert_no_violations(alice, "profile")

    def test_every_games_table_seated_and_watching(self):
        from playwright.sync_api import expect

        names = ("alice", "bob", "carol", "dave")
        alice, bob, carol, dave = pages = [self.player(name) for name in names]
        for game, seats, options in GAMES:
            table = _deal(game, seats, options, names)
            url = f"{self.live_server_url}/tables/{table.id}/"
            watcher = dave if seats == 3 else carol
            for page, who in ((alice, "seated"), (watcher, "watching")):
                page.goto(url)
                expect(page.locator("#connection")).to_contain_text("live", ignore_case=True)
                expect(page.locator(".board")).to_be_visible()
                self.assert_no_violations(page, f"{game} {who}")
            # The seat to move with a card selected: the targets lit up.
            for page in pages[1:seats]:
                page.goto(url)
                expect(page.locator("#connection")).to_contain_text("live", ignore_case=True)
            mover = next(page for page in pages[:seats] if page.locator(".my-area .badge-turn").count())
            mover.locator(".hand [data-card]").first.click()
            self.assert_no_violations(mover, f"{game} with a card selected")
        # A finished game (the host ends the Spite match): the game-over panel, seated and watching.
        alice.once("dialog", lambda dialog: dialog.accept())
        alice.click("text=End the match")
        for page, who in ((alice, "seated"), (dave, "watching")):
            expect(page.locator(".game-over")).to_be_visible()
            self.assert_no_violations(page, f"spite over, {who}")

    def test_a_table_being_seated(self):
        from playwright.sync_api import expect

        alice = self.player("alice")
        alice.click("text=Create table")
        alice.wait_for_url("**/tables/**")
        expect(alice.locator("#connection")).to_contain_text("live", ignore_case=True)
        self.assert_no_violations(alice, "seating")

    def test_the_home_page_and_a_missing_page(self):
        visitor = self.browser.new_page()
        self.addCleanup(visitor.close)
        visitor.goto(self.live_server_url + "/")
        self.assert_no_violations(visitor, "home, logged out")
        self.assertEqual(visitor.goto(self.live_server_url + "/no-such-page/").status, 404)
        self.assert_no_violations(visitor, "404")
        alice = self.player("alice")
        alice.goto(self.live_server_url + "/")
        self.assert_no_violations(alice, "home, logged in")

    def test_a_table_with_a_message(self):
        from playwright.sync_api import expect

        names = ("alice", "bob", "carol")
        for name in names:
            User.objects.create_user(username=name, password=PASSWORD, display_name=name.title())
        table = _deal("spite", 3, {"rounds": 1}, names)
        dave = self.player("dave")
        dave.goto(f"{self.live_server_url}/tables/{table.id}/")
        dave.click("text=Join as a late joiner")
        expect(dave.locator(".messages")).to_contain_text("You joined at seat")
        self.assert_no_violations(dave, "a table with a message")

    def test_a_table_with_a_long_chat(self):
        from playwright.sync_api import expect

        from events import store
        from games.tables.chat import stream_name

        alice, bob = self.player("alice"), self.player("bob")
        table = _deal("spank", 2, {}, ("alice", "bob"))
        author = User.objects.get(username="alice")
        for number in range(40):
            store.append(
                stream_name(table.id),
                [{"type": "said", "text": f"Line {number} of a long evening."}],
                number,
                actor=store.Actor.user(author),
            )
        for page, who in ((alice, "its author"), (bob, "another player")):
            page.goto(f"{self.live_server_url}/tables/{table.id}/")
            expect(page.locator("#connection")).to_contain_text("live", ignore_case=True)
            expect(page.locator("#chat-log .chat-line")).to_have_count(40)
            self.assertTrue(
                page.evaluate("(log => log.scrollHeight > log.clientHeight)(document.getElementById('chat-log'))")
            )
            self.assert_no_violations(page, f"a long chat, seen by {who}")

    def test_a_spite_round_someone_went_out_of(self):
        from playwright.sync_api import expect

        names = ("alice", "bob", "carol")
        pages = [self.player(name) for name in names]
        table = _deal("spite", 3, {"rounds": 1}, names)
        out = _off_the_event_loop(lambda: _play_until_someone_is_out(table))
        for seat, page in enumerate(pages):
            page.goto(f"{self.live_server_url}/tables/{table.id}/")
            expect(page.locator(".spite-badge-place")).to_have_count(1)
            self.assert_no_violations(page, "the seat out" if seat == out else "a seat still playing")


FOCUSED = """() => { const el = document.activeElement;
    return {card: el.dataset?.card || null, target: el.dataset?.target || null, jump: el.dataset?.jump || null,
            text: el.textContent.replace(/\\s+/g, " ").trim(), inHand: !!el.closest("#hand"),
            inList: !!el.closest("[data-target-list]"), live: !!el.closest("#table-live")}; }"""


def focused(page):
    return page.evaluate(FOCUSED)


def tab_until(page, wanted, limit=15):
    """Press Tab until the focused control is ``wanted(focused)``; how many presses it took."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if wanted(focused(page)):
            return presses
    raise AssertionError(f"{limit} Tab presses never reached it; focus is on {focused(page)}")


def into_hand(page):
    """By keyboard from the top of the page: the jump link to the hand, then Enter: a card has focus."""
    page.evaluate("document.activeElement?.blur()")
    presses = tab_until(page, lambda f: f["jump"] == "#hand")
    page.keyboard.press("Enter")
    assert focused(page)["inHand"] and focused(page)["card"], focused(page)
    return presses


def arrow_to(page, card):
    """Arrow keys along the hand until ``card`` has focus."""
    for _ in range(30):
        if focused(page)["card"] == card:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrow keys never reached {card}")


def park_in_hand(page):
    """A waiting player's focus on their hand's second card (by keyboard); its code."""
    into_hand(page)
    page.keyboard.press("ArrowRight")
    return focused(page)["card"]


class TestKeyboardAlone(BrowserTestCase):
    """One move of each game by keyboard alone: where focus is after the redraw, for the mover and for a
    player whose board was redrawn by it; and the other players hear the move in the live region."""

    def open(self, table, pages):
        from playwright.sync_api import expect

        for page in pages:
            page.goto(f"{self.live_server_url}/tables/{table.id}/")
            expect(page.locator("#connection")).to_contain_text("live", ignore_case=True)
            expect(page.locator(".board")).to_be_visible()

    def assert_kept(self, page, card):
        """After a redraw, the same card still has focus (a new element: the old one was swapped out)."""
        self.assertEqual(focused(page)["card"], card)
        self.assertTrue(focused(page)["inHand"])

    def test_spank_discard(self):
        from playwright.sync_api import expect

        bob, alice = pages = [self.player("bob"), self.player("alice")]
        table = _deal("spank", 2, {}, ("bob", "alice"))  # bob (seat 0) moves first
        self.open(table, pages)
        expect(bob.locator("#turn-banner")).to_contain_text("Your turn")
        parked = park_in_hand(alice)

        self.assertLessEqual(into_hand(bob), 10)
        discarded = focused(bob)["card"]
        bob.keyboard.press("Space")
        expect(bob.locator(f".hand [data-card='{discarded}']").first).to_have_attribute("aria-pressed", "true")
        self.assertLessEqual(tab_until(bob, lambda f: f["target"] == "discard"), 3)
        bob.keyboard.press("Enter")

        expect(alice.locator(".pile-label", has_text="Discard")).to_contain_text("1")
        expect(alice.locator("#turn-banner")).to_contain_text("Your turn")
        self.assert_kept(alice, parked)
        # Discard selected is gone with the turn: Bob's focus is back in his hand, not on the page.
        expect(bob.locator("#turn-banner")).to_contain_text("Alice's turn")
        self.assertTrue(focused(bob)["inHand"])
        # Alice hears Bob's discard (the card in words) and that it is her turn; Bob, that it is Alice's.
        from games.frames.cards import card_name

        expect(alice.locator("#announcer")).to_contain_text(f"Bob discards {card_name(discarded)}")
        expect(alice.locator("#announcer")).to_contain_text("Your turn")
        expect(bob.locator("#announcer")).to_contain_text("Alice's turn")
        expect(bob.locator("#announcer")).not_to_contain_text("Bob discards")

    def test_spank_an_opponents_stack_from_the_list_after_the_hand(self):
        from playwright.sync_api import expect

        bob, alice = pages = [self.player("bob"), self.player("alice")]
        table = _deal("spank", 2, {}, ("bob", "alice"))  # bob moves first; Alice's stacks can be spanked
        self.open(table, pages)
        parked = park_in_hand(alice)

        # Bob tries his cards by keyboard until one can spank: the list after the hand shows where.
        into_hand(bob)
        places = bob.locator("[data-target-list]")
        for _ in range(8):
            bob.keyboard.press("Space")
            if places.is_visible():
                break
            bob.keyboard.press("Space")  # deselect, try the next card
            bob.keyboard.press("ArrowRight")
        spanking = focused(bob)["card"]
        bob.keyboard.press("Tab")
        self.assertTrue(focused(bob)["inList"], focused(bob))
        self.assertRegex(focused(bob)["text"], r"^Spank Alice's stack \d: ")
        stack = re.search(r"stack (\d)", focused(bob)["text"]).group(1)
        bob.keyboard.press("Enter")

        from games.frames.cards import card_name

        expect(alice.locator("#announcer")).to_contain_text(f"Bob spanks Alice's stack {stack}")
        expect(alice.locator("#announcer")).to_contain_text(f"with {card_name(spanking)}")
        self.assert_kept(alice, parked)
        expect(bob.locator(f".hand [data-card='{spanking}']")).to_have_count(0)
        self.assertTrue(focused(bob)["inHand"], focused(bob))

    def test_spite_and_malice_ace_to_a_play_pile(self):
        from playwright.sync_api import expect

        seed, first, ace = _seed_with_one_playable_ace()
        pages = [self.player("alice"), self.player("bob")]
        table = _deal("spite_and_malice", 2, {}, ("alice", "bob"), seed=seed)
        self.open(table, pages)
        mover, other = pages[first], pages[1 - first]
        expect(mover.locator("#turn-banner")).to_contain_text("Your turn")
        parked = park_in_hand(other)

        into_hand(mover)
        arrow_to(mover, ace)
        mover.keyboard.press("Space")
        # The places the ace can go come right after the hand: one Tab.
        mover.keyboard.press("Tab")
        self.assertTrue(focused(mover)["inList"], focused(mover))
        self.assertIn("Play pile 1", focused(mover)["text"])
        mover.keyboard.press("Enter")

        expect(other.locator(".sm-play").first).to_contain_text("at A")
        self.assert_kept(other, parked)
        expect(mover.locator(".sm-play").first).to_contain_text("at A")
        self.assertTrue(focused(mover)["inHand"], focused(mover))  # the list went with the selection
        from games.frames.cards import card_name

        expect(other.locator("#announcer")).to_contain_text(f"plays {card_name(ace)}")

    def test_spite_lead(self):
        from playwright.sync_api import expect

        from games.engines import get_engine
        from games.engines.cards import rank

        names = ("alice", "bob", "carol")
        pages = [self.player(name) for name in names]
        engine = get_engine("spite")
        state = engine.fold(engine.start(3, {"rounds": 1}, rng=random.Random(11)))
        opener = next(seat for seat in range(3) if any(rank(card) == state.ask for card in state.hands[seat]))
        lead = next(card for card in state.hands[opener] if rank(card) == state.ask)
        table = _deal("spite", 3, {"rounds": 1}, names, seed=11)
        self.open(table, pages)
        leader, other = pages[opener], pages[(opener + 1) % 3]
        parked = park_in_hand(other)

        into_hand(leader)
        arrow_to(leader, lead)
        leader.keyboard.press("Space")
        self.assertLessEqual(tab_until(leader, lambda f: f["text"] == "Play selected"), 4)
        leader.keyboard.press("Enter")

        for page in pages:
            expect(page.locator(".spite-plays .spite-play")).to_have_count(1)
        expect(other.locator("#turn-banner")).to_contain_text("Your turn")
        self.assert_kept(other, parked)
        # "Play selected" is still there (for the next trick): the leader's focus stays on it.
        self.assertEqual(focused(leader)["text"], "Play selected")
        self.assertTrue(focused(leader)["live"])
        expect(other.locator("#announcer")).to_contain_text(f"{names[opener].title()} plays")


class TestRulingReadOut(BrowserTestCase):
    def test_a_misplay_called_by_keyboard_is_read_out_to_the_others(self):
        from playwright.sync_api import expect
        from test_browser import TestSpiteTableModeLive, _StackedRandom

        from games.play import commands, game_state
        from games.tables import lobby

        names = ("alice", "bob", "carol")
        alice, bob, carol = pages = [self.player(name) for name in names]

        def deal_and_misplay():
            users = [User.objects.get(username=name) for name in names]
            table = lobby.create_table(users[0], "spite", 3, {"rounds": 1, "misplays": "table"})
            for user in users[1:]:
                lobby.join_table(table, user)
            lobby.start_table(table, users[0], rng=_StackedRandom(TestSpiteTableModeLive.DEAL))
            # Alice leads the 3S; Bob plays a pair of jacks on it: a misplay nobody has called yet.
            for user, cards in ((users[0], ["3S"]), (users[1], ["JS", "JH"])):
                commands.submit(table, user, {"type": "play", "cards": cards}, game_state.load(table).version)
            return table

        table = _off_the_event_loop(deal_and_misplay)
        for page in pages:
            page.goto(f"{self.live_server_url}/tables/{table.id}/")
            expect(page.locator("#connection")).to_contain_text("live", ignore_case=True)
        # Carol reaches the Misplay! button by keyboard: the table's jump link lands on it (the trick's control).
        carol.evaluate("document.activeElement?.blur()")
        tab_until(carol, lambda f: f["jump"] == "#targets")
        carol.keyboard.press("Enter")
        self.assertEqual(focused(carol)["text"], "Misplay! (call Bob's play a misplay)")
        carol.keyboard.press("Enter")
        for page in (alice, bob):
            expect(page.locator("#announcer")).to_contain_text("Carol calls a misplay on Bob")
        expect(carol.locator("#announcer")).not_to_contain_text("Carol calls a misplay")
        # The button went with the call: Carol's focus stayed on the table, not the page.
        self.assertTrue(focused(carol)["live"], focused(carol))


class TestClockReadOut(BrowserTestCase):
    def test_the_turn_clock_is_read_out_to_the_seat_to_move_as_it_runs_low(self):
        from playwright.sync_api import expect

        bob, alice = pages = [self.player("bob"), self.player("alice")]
        table = _deal("spank", 2, {}, ("bob", "alice"), turn_clock=15)  # bob moves first
        for page in pages:
            page.goto(f"{self.live_server_url}/tables/{table.id}/")
            expect(page.locator("#connection")).to_contain_text("live", ignore_case=True)
        expect(bob.locator("#turn-banner .turn-clock")).to_have_attribute("data-announce-clock", "Your turn")
        expect(alice.locator("#turn-banner .turn-clock")).not_to_have_attribute("data-announce-clock", re.compile("."))
        # The clock starts at 15 s: at 10 Bob hears it, once; Alice, whose turn it is not, hears nothing.
        expect(bob.locator("#announcer")).to_contain_text("Your turn: 10 seconds left", timeout=9000)
        self.assertEqual(bob.locator("#announcer p", has_text="10 seconds left").count(), 1)
        self.assertEqual(alice.locator("#announcer p", has_text="seconds left").count(), 0)

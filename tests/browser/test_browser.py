"""Real browsers (Playwright driving Debian's chromium) play each game and see each other live."""

import json
import os
import random
import re
import shutil
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import pytest
from channels.testing import ChannelsLiveServerTestCase
from channels.testing.live import make_application, set_database_connection
from daphne.testing import DaphneProcess
from django.db import connections

from accounts.models import User

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PASSWORD = "a-long-test-password"
FAST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

if not os.path.exists(CHROMIUM):
    if os.environ.get("CI"):
        raise RuntimeError("CI must run the browser tests: install Debian's chromium (.ci/run does).")
    pytestmark = pytest.mark.skip(reason="Debian's chromium is not installed (apt-get install chromium)")
else:
    pytestmark = pytest.mark.browser


class FreshDaphneProcess(DaphneProcess):
    """The live server's process, forked from the test process after earlier (async) tests ran.

    It drops what it inherited but cannot use: asgiref's one-thread executor (its thread did not
    survive the fork, so sync consumers would wait for it forever), the channel layer (its Redis
    connections belong to the test process's event loops), the database connections and their pool
    (their sockets are the test process's: using them from both would mix up the two conversations)
    and the game state cache.
    """

    def run(self):
        from asgiref.sync import SyncToAsync
        from channels.layers import channel_layers
        from django.db import connections

        from games.play import game_state

        SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
        channel_layers.backends.clear()
        for connection in connections.all():
            connection.connection = None  # left to the test process, not closed
            getattr(type(connection), "_connection_pools", {}).clear()
        game_state.forget_all()
        super().run()


class LiveDaphne:
    """The live server's process, started and stopped within bounds.

    Channels waits for a started server as long as its process lives, and for a stopped one without end. A
    process forked while another thread of the test process held a lock can wait on that lock forever, so a
    server not listening within a minute is killed and forked again, and one that outlives its SIGTERM is
    killed: a test run ends either way.
    """

    ATTEMPTS, READY_WITHIN, STOPPED_WITHIN = 3, 60, 15

    def __init__(self, *args, **kwargs):
        self._args, self._kwargs = args, kwargs
        self._process = None

    def start(self):
        for _ in range(self.ATTEMPTS):
            self._process = FreshDaphneProcess(*self._args, **self._kwargs)
            self._process.start()
            if self._process.ready.wait(self.READY_WITHIN):
                return
            self.terminate()
            self.join()
        raise RuntimeError(f"The live server did not listen within {self.READY_WITHIN} s, {self.ATTEMPTS} times.")

    @property
    def ready(self):
        return self._process.ready

    @property
    def port(self):
        return self._process.port

    def is_alive(self):
        return self._process.is_alive()

    def terminate(self):
        self._process.terminate()

    def join(self):
        self._process.join(self.STOPPED_WITHIN)
        if self._process.is_alive():
            self._process.kill()
            self._process.join()


class BrowserTestCase(ChannelsLiveServerTestCase):
    """A live Daphne server in its own process, and one headless chromium for the class."""

    ProtocolServerProcess = LiveDaphne

    @classmethod
    def setUpClass(cls):
        # The suite's fast test hasher (tests/conftest.py) in the live server too: it checks the passwords
        # of the accounts the tests make.
        cls._overridden_settings = {"PASSWORD_HASHERS": FAST_HASHERS, **(cls._overridden_settings or {})}
        _forget_limits()
        super().setUpClass()
        from playwright.sync_api import sync_playwright

        # Playwright's sync API keeps an event loop on this thread; the test's own ORM calls are
        # still plain synchronous ones, so Django's async-safety guard is lifted for this class.
        cls._async_unsafe = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

        cls.playwright = sync_playwright().start()
        try:
            cls.browser = cls.playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        except Exception:
            # Without this, Playwright's event loop stays running on this thread and every later
            # test that runs a loop of its own fails too ("cannot be called from a running event loop").
            cls.playwright.stop()
            cls._restore_async_guard()
            super().tearDownClass()
            raise

    @classmethod
    def _restore_async_guard(cls):
        if cls._async_unsafe is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        # A server restarted mid-test was forked after Playwright started and holds its driver's
        # pipe open; stop it first, or Playwright waits for its driver forever.
        cls._server_process.terminate()
        cls._server_process.join()
        cls.playwright.stop()
        super().tearDownClass()
        cls._restore_async_guard()

    def visitor(self, width=1280, height=900, touch=False):
        """A page in a browser context of its own (its own cookies), logged in as nobody; ``touch``: a
        phone's touch screen."""
        context = self.browser.new_context(
            viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch
        )
        self.addCleanup(context.close)  # its websocket closes with the test, before the next one's
        context.set_default_timeout(15000)
        return context.new_page()

    def player(self, username, width=1280, touch=False, site=None):
        """A logged-in page in a browser context of its own (its own cookies); ``touch``: a phone's touch screen;
        ``site``: where it logs in, if not the live server itself."""
        site = site or self.live_server_url
        User.objects.create_user(username=username, password=PASSWORD, display_name=username.title())
        page = self.visitor(width, touch=touch)
        page.goto(f"{site}/accounts/login/")
        page.fill("input[name=login]", username)
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit]")
        page.wait_for_url(f"{site}/lobby/")
        return page

    def sign_up(self, page, username):
        """``page`` signs up as ``username`` (shown as its title) on the open sign-up form, landing in the lobby."""
        page.fill("input[name=username]", username)
        page.fill("input[name=display_name]", username.title())
        page.fill("input[name=password1]", PASSWORD)
        page.fill("input[name=password2]", PASSWORD)
        page.click("main button[type=submit]")
        page.wait_for_url(f"{self.live_server_url}/lobby/")


def _forget_limits():
    """The log-in throttles' and allauth's counts in the run's Redis cache (the live servers' cache): each
    class starts with none, so that sign-ups and log-ins from 127.0.0.1 by earlier classes, or an earlier
    run, never add up to a lock-out."""
    from django.conf import settings
    from redis import Redis

    if not settings.REDIS_URL:
        return
    redis = Redis.from_url(settings.REDIS_URL)
    for pattern in ("*:throttle:*", "*allauth:rl:*"):
        for key in redis.scan_iter(match=pattern):
            redis.delete(key)
    redis.close()


def _off_the_event_loop(function):
    """Run platform code (which broadcasts with async_to_sync) outside Playwright's loop."""

    def run():
        try:
            return function()
        finally:
            connections.close_all()  # the thread's own connection, or the test database stays busy

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


def _mark_page(page):
    """A flag that survives only as long as the page is not reloaded."""
    page.evaluate("window.__noReload = true")


def _not_reloaded(page):
    return page.evaluate("window.__noReload === true")


def _commands_sent(page):
    """The commands ``page`` sends on its websockets from now on, each message parsed once."""
    sent = []

    def watch(socket):
        socket.on("framesent", lambda payload: '"command"' in payload and sent.append(json.loads(payload)))

    page.on("websocket", watch)
    return sent


class TestTwoPlayersSeeEachOtherLive(BrowserTestCase):
    def test_each_player_sees_the_others_move_appear_without_reloading(self):
        from playwright.sync_api import expect

        alice = self.player("alice")
        bob = self.player("bob", width=390)  # phone width
        sent = {"alice": _commands_sent(alice), "bob": _commands_sent(bob)}

        # Alice opens a two-seat Spank! table from the lobby.
        alice.check("input[name=game][value=spank]")
        alice.select_option("select[name=seat_count][data-game=spank]", "2")
        alice.click("text=Create table")
        alice.wait_for_url("**/tables/**")
        table_url = alice.url
        expect(alice.locator("#connection")).to_contain_text("live", ignore_case=True)
        _mark_page(alice)

        # Bob takes the second seat; Alice's page shows him without a reload.
        bob.goto(table_url)
        bob.click("text=Take a seat")
        expect(alice.locator(".seat-list")).to_contain_text("Bob")
        self.assertTrue(_not_reloaded(alice))

        expect(bob.locator("#connection")).to_contain_text("live", ignore_case=True)
        _mark_page(bob)
        alice.click("text=Start the game")
        expect(bob.locator(".spank-board")).to_be_visible()
        expect(alice.locator(".spank-board")).to_be_visible()
        self.assertTrue(_not_reloaded(bob))
        _mark_page(alice)

        # Whoever's turn it is discards a card at Upkeep; the other sees it at once.
        for mover, other in ((alice, bob), (bob, alice)):
            if mover.locator(".my-area .badge-turn").count():
                break
        expect(other.locator(".my-area .badge-turn")).to_have_count(0)
        discard = other.locator(".pile-label", has_text="Discard")
        expect(discard).to_contain_text("0")
        mover.locator(".hand [data-card]").first.click()
        mover.click("text=Discard selected")
        expect(discard).to_contain_text("1")
        # The command went as one JSON object: the command itself an object, the version a number.
        (message,) = sent["alice" if mover is alice else "bob"]
        self.assertEqual(message["command"]["type"], "discard")
        self.assertIsInstance(message["expected_version"], int)
        expect(other.locator(".my-area .badge-turn")).to_have_count(1)
        expect(other.locator("#turn-banner")).to_contain_text("Your turn")
        self.assertTrue(_not_reloaded(other) and _not_reloaded(mover))

        # Now the other player ends the turn by keyboard alone, and the first sees it.
        end_turn = other.locator("[data-command*=end_turn]")
        end_turn.focus()
        other.keyboard.press("Enter")
        expect(mover.locator(".my-area .badge-turn")).to_have_count(1)

        # A refused command is told to that player alone.
        mover.evaluate(
            """() => { const f = document.getElementById('command-form');
                f.setAttribute('hx-vals', JSON.stringify({command: {type: 'spank', card: 'XX', seat: 9, stack: 0},
                    expected_version: Number(document.getElementById('table-live').dataset.version)}));
                htmx.trigger(f, 'submit'); }"""
        )
        expect(mover.locator("#flash .refusal")).to_be_visible()
        expect(other.locator("#flash .refusal")).to_have_count(0)


class TestDroppedConnection(BrowserTestCase):
    def restart_server(self, while_down):
        """Stop the Daphne process (every websocket drops), run ``while_down``, start a new one."""
        cls = type(self)
        cls._server_process.terminate()
        cls._server_process.join()
        _off_the_event_loop(while_down)
        cls._server_process = LiveDaphne(
            cls.host,
            partial(make_application, static_wrapper=cls.static_wrapper),
            setup=set_database_connection,
            port=cls._port,
        )
        cls._server_process.start()
        self.assertTrue(cls._server_process.ready.wait(timeout=30))

    def test_a_dropped_connection_reconnects_and_resyncs_by_itself(self):
        from playwright.sync_api import expect

        from games.play import commands, game_state
        from games.tables import lobby

        alice = self.player("alice")
        bob = self.player("bob")
        users = {}

        def deal():
            users[0], users[1] = User.objects.get(username="alice"), User.objects.get(username="bob")
            table = lobby.create_table(users[0], "spank", 2)
            lobby.join_table(table, users[1])
            lobby.start_table(table, users[0])
            return table

        table = _off_the_event_loop(deal)
        for page in (alice, bob):
            page.goto(f"{self.live_server_url}/tables/{table.id}/")
            expect(page.locator("#connection")).to_contain_text("live", ignore_case=True)
            _mark_page(page)
        mover, other = (alice, bob) if alice.locator(".my-area .badge-turn").count() else (bob, alice)

        def end_turn_while_nobody_listens():
            game = game_state.load(table)
            seat = game.engine.view(game.state, None)["to_move"]
            commands.submit(table, users[seat], {"type": "end_turn"}, game.version)

        self.restart_server(while_down=end_turn_while_nobody_listens)

        # Both pages notice, reconnect by themselves and show the move they missed, with no reload.
        for page in (mover, other):
            expect(page.locator("#connection")).to_contain_text("live", ignore_case=True, timeout=30000)
        expect(other.locator(".my-area .badge-turn")).to_have_count(1)
        expect(mover.locator(".my-area .badge-turn")).to_have_count(0)
        self.assertTrue(_not_reloaded(other) and _not_reloaded(mover))


def _seed_with_one_playable_ace():
    """A deal whose first seat holds exactly one ace, in hand, and no other ace it could play."""
    import random

    from games.engines import get_engine
    from games.engines.spite_and_malice.deck import is_ace

    engine = get_engine("spite_and_malice")
    for seed in range(1000):
        state = engine.fold(engine.start(2, rng=random.Random(seed)))
        seat = state.first
        aces = [card for card in state.hands[seat] if is_ace(card)]
        tops = [state.win_piles[seat][0]] + [pile[-1] for pile in state.discards[seat]]
        if len(aces) == 1 and not any(is_ace(card) for card in tops):
            return seed, seat, aces[0]
    raise AssertionError("no such deal in the first 1000 seeds")


class TestSpiteAndMaliceLive(BrowserTestCase):
    def test_a_play_dragged_by_one_player_appears_on_the_others_screen(self):
        import random

        from playwright.sync_api import expect

        from games.tables import lobby

        pages = [self.player("alice"), self.player("bob", width=390)]  # bob plays at phone width
        seed, first, ace = _seed_with_one_playable_ace()

        def deal():
            alice, bob = User.objects.get(username="alice"), User.objects.get(username="bob")
            table = lobby.create_table(alice, "spite_and_malice", 2)
            lobby.join_table(table, bob)
            lobby.start_table(table, alice, rng=random.Random(seed))
            return table

        table = _off_the_event_loop(deal)
        for page in pages:
            page.goto(f"{self.live_server_url}/tables/{table.id}/")
            expect(page.locator("#connection")).to_contain_text("live", ignore_case=True)
            expect(page.locator(".sm-board")).to_be_visible()
            _mark_page(page)
        mover, other = pages[first], pages[1 - first]
        expect(mover.locator("#turn-banner")).to_contain_text("Your turn")
        expect(mover.locator(".sm-help")).to_contain_text("You must play your ace")
        first_pile = other.locator(".sm-play").first
        expect(first_pile).to_contain_text("empty, needs an ace")

        # The mover drags the ace from the hand onto the first play pile; the other sees it at once.
        mover.locator(f".hand [data-card='{ace}']").first.drag_to(mover.locator(".sm-play").first)
        expect(first_pile).to_contain_text("at A")
        expect(mover.locator(".sm-play").first).to_contain_text("at A")

        # Then ends the turn by clicking: a hand card, then one of the discard piles.
        other_sees_mover_discards = other.locator(".sm-seat .sm-discard").first
        before = other_sees_mover_discards.inner_text()
        card = mover.locator(".hand [data-card]").first
        code = card.get_attribute("data-card")
        card.click()
        mover.locator(".sm-row-own .sm-discard").first.click()
        expect(other.locator("#turn-banner")).to_contain_text("Your turn")
        expect(mover.locator("#turn-banner")).not_to_contain_text("Your turn")
        self.assertNotEqual(other_sees_mover_discards.inner_text(), before)
        self.assertIn(code[:-1], other_sees_mover_discards.inner_text())
        self.assertTrue(_not_reloaded(mover) and _not_reloaded(other))


class TestSpiteTrickLive(BrowserTestCase):
    def test_a_whole_trick_is_seen_live_by_all_three_players(self):
        import random

        from playwright.sync_api import expect

        from games.engines import get_engine
        from games.engines.cards import rank
        from games.tables import lobby

        names = ("alice", "bob", "carol")
        pages = [self.player(name, width=390 if name == "carol" else 1280) for name in names]
        engine = get_engine("spite")
        state = engine.fold(engine.start(3, {"rounds": 1}, rng=random.Random(11)))
        opener = next(seat for seat in range(3) if any(rank(card) == state.ask for card in state.hands[seat]))
        lead = next(card for card in state.hands[opener] if rank(card) == state.ask)

        def deal():
            users = [User.objects.get(username=name) for name in names]
            table = lobby.create_table(users[0], "spite", 3, {"rounds": 1})
            for user in users[1:]:
                lobby.join_table(table, user)
            lobby.start_table(table, users[0], rng=random.Random(11))
            return table

        table = _off_the_event_loop(deal)
        for page in pages:
            page.goto(f"{self.live_server_url}/tables/{table.id}/")
            expect(page.locator("#connection")).to_contain_text("live", ignore_case=True)
            expect(page.locator(".spite-opening")).to_contain_text(state.ask)
            _mark_page(page)

        # The opener leads a single card of the asked rank; everyone sees it in the trick.
        leader = pages[opener]
        expect(leader.locator("#turn-banner")).to_contain_text("You may act now")
        leader.locator(f".hand [data-card='{lead}']").first.click()
        leader.click("text=Play selected")
        for page in pages:
            expect(page.locator(".spite-plays .spite-play")).to_have_count(1)
            expect(page.locator(".spite-plays")).to_contain_text(f"single {state.ask}")

        # The other two pass in turn; the trick goes back to the opener, who leads again.
        for step in (1, 2):
            mover = pages[(opener + step) % 3]
            expect(mover.locator("#turn-banner")).to_contain_text("Your turn")
            mover.locator("[data-command*=pass]").click()
        for page in pages:
            expect(page.locator(".spite-plays .spite-play")).to_have_count(0)
        expect(leader.locator(".spite-trick-empty")).to_contain_text("Your lead")
        expect(pages[(opener + 1) % 3].locator(".spite-trick-empty")).to_contain_text("Waiting for the lead")
        self.assertTrue(all(_not_reloaded(page) for page in pages))

        # The host (alice) ends the match after confirming; every screen shows it is over.
        expect(pages[1].locator(".host-action")).to_have_count(0)
        pages[0].once("dialog", lambda dialog: dialog.accept())
        pages[0].click("text=End the match")
        for page in pages:
            expect(page.locator("#turn-banner")).to_contain_text("Game over")
            expect(page.locator(".game-over")).to_contain_text("Match over")


class _StackedRandom(random.Random):
    """A seeded generator whose shuffles put the named cards on top, in the order given: a stacked deal
    through the lobby's own start."""

    def __init__(self, top, seed=0):
        super().__init__(seed)
        self.top = top.split()

    def shuffle(self, items):
        rest = list(items)
        for card in self.top:
            rest.remove(card)
        items[:] = self.top + rest


class TestSpiteComeAtMeRewardLive(BrowserTestCase):
    # Eleven cards a seat, then the bounty, then the deck's top: the three cards Carol's reward views.
    DEAL = (
        "3S QS QH QD QC KS KH KD KC AS AH"  # alice: the only 3, so she leads
        " 5H JS JH JD JC 12S 12H 12D 12C 11S 11H"  # bob
        " 9S 4H 2S 2H 2D 2C 10S 10H 10D 10C AD"  # carol
        " 8D"  # the bounty
        " 6H 7C 10S"
    )  # the deck's top

    def test_a_come_at_me_reward(self):
        from playwright.sync_api import expect

        from games.play import commands, game_state
        from games.tables import lobby

        names = ("alice", "bob", "carol")
        alice, bob, carol = pages = [self.player(name, width=390 if name == "carol" else 1280) for name in names]

        def deal_and_lead():
            users = [User.objects.get(username=name) for name in names]
            table = lobby.create_table(users[0], "spite", 3, {"rounds": 1})
            for user in users[1:]:
                lobby.join_table(table, user)
            lobby.start_table(table, users[0], rng=_StackedRandom(self.DEAL))
            # Alice leads the 3S and Bob follows with the 5H, as their commands would over the socket.
            for user, card in ((users[0], "3S"), (users[1], "5H")):
                commands.submit(table, user, {"type": "play", "cards": [card]}, game_state.load(table).version)
            return table

        table = _off_the_event_loop(deal_and_lead)
        for page in pages:
            page.goto(f"{self.live_server_url}/tables/{table.id}/")
            expect(page.locator("#connection")).to_contain_text("live", ignore_case=True)
            expect(page.locator(".spite-plays .spite-play")).to_have_count(2)
            _mark_page(page)

        # Carol plays the 9S and comes at them; everyone sees the mark on her play.
        expect(carol.locator("#turn-banner")).to_contain_text("Your turn")
        carol.locator(".hand [data-card='9S']").click()
        carol.locator("#spite-play-options").get_by_label("Come at me!").check()
        carol.locator("button", has_text="Play selected").click()
        for page in pages:
            expect(page.locator(".spite-play.is-top")).to_contain_text("come at me!")
            expect(page.locator(".spite-play.is-top")).to_contain_text("single 9")

        # Alice and Bob pass: Carol wins the trick she came at.
        for page in (alice, bob):
            expect(page.locator("#turn-banner")).to_contain_text("Your turn")
            page.locator("[data-command*=pass]").click()
        for page in (alice, bob):
            expect(page.locator(".spite-reward")).to_contain_text("Carol is declaring a come-at-me reward")
            expect(page.locator(".spite-reward select, .spite-reward input")).to_have_count(0)
        deck = alice.locator(".spite-bar .pile-label", has_text="Deck")
        expect(deck).to_contain_text("155")

        # Table mode: Carol declares her count before she sees a card (RULINGS), then views that many.
        reward = carol.locator(".spite-reward.is-mine")
        expect(reward).to_be_visible()
        expect(reward.locator(".spite-reward-cards li")).to_have_count(0)
        expect(carol.locator("button", has_text="Play selected")).to_have_count(0)
        reward.get_by_label("Your reward count").fill("3")
        reward.locator("button", has_text="Declare").click()
        for page in (alice, bob):
            expect(page.locator(".spite-reward")).to_contain_text(
                "Carol declared a reward of 3 and is taking a come-at-me reward (viewing 3 cards)"
            )
            expect(page.locator(".spite-bar .pile-label", has_text="Deck")).to_contain_text("152")

        # Carol sees the three cards and swaps her 4H for the 7C.
        expect(reward.locator(".spite-reward-cards li")).to_have_count(3)
        for label in ("6♥", "7♣", "10♠"):
            expect(reward.locator(".spite-reward-cards")).to_contain_text(label)
        expect(reward.get_by_label("Your reward count")).to_have_count(0)
        reward.locator("select[name='swap.take']").select_option("7C")
        reward.locator("select[name='swap.give']").select_option("4H")
        reward.locator("button", has_text="Take the reward").click()

        # Everyone sees it taken: the notice goes, the three viewed cards left the deck, Carol leads.
        for page in pages:
            expect(page.locator(".spite-reward")).to_have_count(0)
            expect(page.locator(".spite-bar .pile-label", has_text="Deck")).to_contain_text("152")
            expect(page.locator(".spite-bar p", has_text="Discards")).to_contain_text("6")
        for page in (alice, bob):
            expect(page.locator("#turn-banner")).to_contain_text("Carol's turn")
        expect(carol.locator(".spite-trick-empty")).to_contain_text("Your lead")
        expect(carol.locator(".hand [data-card='7C']")).to_have_count(1)
        expect(carol.locator(".hand [data-card='4H']")).to_have_count(0)
        self.assertTrue(all(_not_reloaded(page) for page in pages))


class TestSpiteTableModeLive(BrowserTestCase):
    """Table mode (Spite's default): a misplay is played, called and ruled on every screen; a countdown
    started by one player ticks on every screen from the server's deadline and, run out, passes its seat."""

    DEAL = TestSpiteComeAtMeRewardLive.DEAL  # alice leads the 3S; bob holds the 5H and four jacks

    def seat_three(self, *opening):
        """Alice, Bob and Carol at a table-mode Spite table; ``opening``: the plays made before the pages open."""
        from playwright.sync_api import expect

        from games.play import commands, game_state
        from games.tables import lobby

        names = ("alice", "bob", "carol")
        pages = [self.player(name, width=390 if name == "bob" else 1280) for name in names]

        def deal():
            users = [User.objects.get(username=name) for name in names]
            table = lobby.create_table(users[0], "spite", 3, {"rounds": 1, "misplays": "table"})
            for user in users[1:]:
                lobby.join_table(table, user)
            lobby.start_table(table, users[0], rng=_StackedRandom(self.DEAL))
            for seat, cards in opening:
                commands.submit(table, users[seat], {"type": "play", "cards": cards}, game_state.load(table).version)
            return table

        table = _off_the_event_loop(deal)
        for page in pages:
            page.goto(f"{self.live_server_url}/tables/{table.id}/")
            expect(page.locator("#connection")).to_contain_text("live", ignore_case=True)
            expect(page.locator(".spite-plays .spite-play")).to_have_count(len(opening))
            _mark_page(page)
        return table, pages

    def test_a_misplay_is_called_and_every_screen_shows_the_ruling(self):
        from playwright.sync_api import expect

        from games.play import game_state

        table, (alice, bob, carol) = self.seat_three((0, ["3S"]))

        # Bob plays a pair of jacks on Alice's single 3S: the page sends it, as a player may misplay.
        expect(bob.locator("#turn-banner")).to_contain_text("Your turn")
        bob.locator(".hand [data-card='JS']").click()
        bob.locator(".hand [data-card='JH']").click()
        bob.locator("button", has_text="Play selected").click()
        for page in (alice, bob, carol):
            expect(page.locator(".spite-plays .spite-play")).to_have_count(2)
            expect(page.locator(".spite-play.is-top")).to_contain_text("J")
        # Nobody's screen says it broke a rule; Alice and Carol may call it, Bob may not.
        for page in (alice, carol):
            expect(page.locator(".spite-play.is-top button.spite-misplay")).to_have_text(
                "Misplay! (call Bob's play a misplay)"
            )
        expect(bob.locator("button.spite-misplay")).to_have_count(0)
        for page in (alice, bob, carol):
            expect(page.locator(".spite-rulings")).to_have_count(0)

        # Carol calls it: every screen shows the ruling as it happens.
        carol.locator(".spite-play.is-top button.spite-misplay").click()
        expect(carol.locator(".spite-ruling.is-latest")).to_be_visible()
        ruling = _off_the_event_loop(lambda: game_state.load(table).state.rulings[-1])
        assert ruling.correct and ruling.caller == 2 and ruling.seat == 1
        for page, sentence in (
            (alice, "Carol called a misplay on Bob"),
            (bob, "Carol called a misplay on you"),
            (carol, "You called a misplay on Bob"),
        ):
            latest = page.locator(".spite-ruling.is-latest")
            expect(latest).to_contain_text(sentence)
            expect(latest).to_contain_text("right.")
            expect(latest).to_contain_text(ruling.text)
            # The jacks went back to Bob's hand: the trick is the 3S alone; Bob is out of it.
            expect(page.locator(".spite-plays .spite-play")).to_have_count(1)
        for page in (alice, carol):
            expect(page.locator(".spite-seat", has_text="Bob")).to_contain_text("out of this trick")
        expect(bob.locator(".spite-help")).to_contain_text("You misplayed")
        expect(bob.locator(".hand [data-card='JS']")).to_have_count(1)

        # Carol took a fake joker from the pile for her call, and Bob, out of the trick, passed: she plays
        # it face down. Her page is offered fake jokers face down only by their kind, and sends hers.
        expect(carol.locator("#turn-banner")).to_contain_text("Your turn")
        carol.locator("button.spite-face-down").click()
        for page in (alice, bob, carol):
            expect(page.locator(".spite-play.is-top")).to_contain_text("a fake joker, face down")
        self.assertTrue(all(_not_reloaded(page) for page in (alice, bob, carol)))

    def test_a_countdown_ticks_on_every_screen_and_passes_its_seat_when_it_runs_out(self):
        from django.conf import settings
        from playwright.sync_api import expect

        from games.models import Deadline
        from games.play import firing

        table, (alice, bob, carol) = self.seat_three((0, ["3S"]), (1, ["5H"]))
        pages = (alice, bob, carol)
        expect(carol.locator("#turn-banner")).to_contain_text("Your turn")
        expect(carol.locator("button.spite-start-countdown")).to_have_count(0)

        # Alice starts a countdown on Carol, who is to play.
        alice.locator("button.spite-start-countdown").click()
        for page in pages:
            expect(page.locator(".spite-countdown-note .countdown")).to_have_count(1)
        expect(carol.locator(".spite-countdown-note")).to_contain_text("Play now or you pass")
        expect(bob.locator(".spite-countdown-note")).to_contain_text("on Carol")
        expect(bob.locator(".spite-countdown-note")).to_contain_text("started by Alice")

        # Every screen ticks down from the server's one deadline.
        deadline = _off_the_event_loop(lambda: Deadline.objects.get(table=table, key="countdown-1"))
        due_ms = str(int(deadline.due_at.timestamp() * 1000))
        first = []
        for page in pages:
            clock = page.locator(".spite-countdown-note .countdown")
            self.assertEqual(clock.get_attribute("data-deadline-ms"), due_ms)
            first.append(int(clock.inner_text()))
        pages[-1].wait_for_timeout(2100)
        for page, before in zip(pages, first):
            now = int(page.locator(".spite-countdown-note .countdown").inner_text())
            self.assertLess(now, before)
            self.assertGreater(now, 0)
        self.assertLessEqual(max(first) - min(first), 1)  # the same deadline on every screen

        # It runs out (the timer job fires it; here the test fires it, as the worker would): Carol passed.
        if "redis" not in settings.CHANNEL_LAYERS["default"]["BACKEND"].lower():
            return  # without Redis the test process cannot tell the live server's pages
        _off_the_event_loop(lambda: firing.fire(deadline.pk))
        for page in pages:
            expect(page.locator(".spite-countdown-note")).to_have_count(0)
            expect(page.locator(".spite-passed")).to_contain_text("you" if page is carol else "Carol")
        expect(alice.locator("#turn-banner")).to_contain_text("Your turn")
        self.assertTrue(all(_not_reloaded(page) for page in pages))


class TestKeyboardAndTouch(BrowserTestCase):
    def test_cards_are_selected_by_keyboard_and_played_by_a_mouse_or_touch_drag(self):
        from playwright.sync_api import expect

        from games.tables import lobby

        alice = self.player("alice")
        bob = self.player("bob", width=390, touch=True)

        def deal():
            users = [User.objects.get(username=name) for name in ("bob", "alice")]
            table = lobby.create_table(users[0], "spank", 2)
            lobby.join_table(table, users[1])
            lobby.start_table(table, users[0], rng=random.Random(3))  # bob (seat 0) moves first
            return table

        table = _off_the_event_loop(deal)
        for page in (alice, bob):
            page.goto(f"{self.live_server_url}/tables/{table.id}/")
            expect(page.locator("#connection")).to_contain_text("live", ignore_case=True)
        expect(bob.locator("#turn-banner")).to_contain_text("Your turn")

        # By keyboard: a card is focused and selected with Space, and Escape clears the selection.
        card = bob.locator(".hand [data-card]").first
        card.focus()
        bob.keyboard.press("Space")
        expect(card).to_have_attribute("aria-pressed", "true")
        expect(bob.locator("[data-selection-status]")).to_contain_text("Selected:")
        bob.keyboard.press("Escape")
        expect(card).to_have_attribute("aria-pressed", "false")

        # Bob drags a card by touch onto "Discard selected", then Alice by mouse: each is discarded.
        for discards, mover in enumerate((bob, alice), start=1):
            expect(mover.locator("#turn-banner")).to_contain_text("Your turn")
            self.drag_onto(
                mover, mover.locator(".hand [data-card]").first, mover.locator("button", has_text="Discard selected")
            )
            for page in (alice, bob):
                expect(page.locator(".pile-label", has_text="Discard")).to_contain_text(str(discards))

    def drag_onto(self, page, card, target):
        """A person's drag, by touch on a touch screen, else by mouse: it starts (the card is selected, and the
        actions say so), then goes where the target is now."""
        from playwright.sync_api import expect

        expect(target).to_be_visible()
        target.scroll_into_view_if_needed()
        box = card.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        if page.evaluate("navigator.maxTouchPoints > 0"):
            cdp = page.context.new_cdp_session(page)

            def touch(kind, x=None, y=None):
                cdp.send(
                    "Input.dispatchTouchEvent", {"type": kind, "touchPoints": [] if x is None else [{"x": x, "y": y}]}
                )

            down, move, up = partial(touch, "touchStart"), partial(touch, "touchMove"), partial(touch, "touchEnd")
        else:
            down, move, up = (lambda x, y: page.mouse.move(x, y) or page.mouse.down()), page.mouse.move, page.mouse.up
        down(x, y)
        for step in range(1, 4):
            move(x, y - 8 * step)
        expect(page.locator("#table-live")).to_have_class(re.compile(r"\bdragging\b"))
        expect(page.locator(".drag-ghost")).to_have_count(1)
        box = target.bounding_box()
        to_x, to_y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        for step in range(1, 9):
            move(x + (to_x - x) * step / 8, y - 24 + (to_y - y + 24) * step / 8)
        expect(target).to_have_class(re.compile(r"\bdrag-over\b"))
        up()
        expect(page.locator(".drag-ghost")).to_have_count(0)


class TestTableScriptFields(BrowserTestCase):
    def test_fields_are_put_into_a_command_at_their_paths_and_must_agree_with_what_the_server_listed(self):
        page = self.browser.new_page()
        self.addCleanup(page.close)
        page.goto(f"{self.live_server_url}/accounts/login/")
        page.set_content("""
            <form id="f">
              <input type="checkbox" name="come_at_me" value="true" data-json checked>
              <input type="checkbox" name="unchecked" value="true" data-json>
              <input name="bounty_claim" value="2" data-json>
              <input name="empty" value="">
              <select name="fills[]" data-json><option value='{"card": "7H", "pile": 0}' selected></option></select>
              <select name="fills[]" data-json><option value="" selected></option></select>
              <select name="fills[]" data-json><option value='{"card": "9S", "pile": 2}' selected></option></select>
              <input name="swap.take" value="7C"><input name="swap.give" value="4H">
            </form>""")
        result = page.evaluate(
            """async (url) => {
            const { withFields } = await import(url);
            const fields = [...document.querySelectorAll("#f [name]")];
            return [
                withFields({"type": "end_turn", "fills": [], "swap": null}, fields),
                withFields({"type": "play", "bounty_claim": 2}, fields),
                withFields({"type": "play", "bounty_claim": 1}, fields),
            ];
        }""",
            f"{self.live_server_url}/static/js/table/fields.js",
        )
        self.assertEqual(
            result[0],
            {
                "type": "end_turn",
                "come_at_me": True,
                "bounty_claim": 2,
                "swap": {"take": "7C", "give": "4H"},
                "fills": [{"card": "7H", "pile": 0}, {"card": "9S", "pile": 2}],
            },
        )
        self.assertEqual(result[1]["bounty_claim"], 2)  # the claim the server listed, typed right
        self.assertIsNone(result[2])  # typed wrong: nothing to send

"""A phone (390 by 844) at the table. Spite: on the player's own turn the trick and the hand are on the first
screen, with a ruling just given or one given tricks ago, and the ruling names cards as the move log does.
Spank!: the turn's prompt names only what the player may do now."""

import test_browser
from test_browser import BrowserTestCase, _off_the_event_loop

from accounts.models import User

pytestmark = test_browser.pytestmark

PHONE = {"width": 390, "height": 844}
NAMES = ("alice", "bob", "carol")


def _called(users):
    """A table-mode Spite table: Alice leads the 3S, Bob plays 5H JS on it (no hand at all) and Carol calls
    it, rightly: Carol's turn."""
    from reviews_helpers import play, spite_table

    from games.play import commands, game_state

    table = spite_table(users)
    play(table, users[0], ["3S"])
    play(table, users[1], ["5H", "JS"])
    game = game_state.load(table)
    commands.submit(table, users[2], {"type": "call_misplay", "play": game.state.window.play}, game.version)
    return table


def _played_on(table, users):
    """Alice wins three tricks, everyone else passing, and leads a fourth, which the others play on with
    singles: Bob's turn again, with three plays in the trick and the ruling three tricks old."""
    from games.engines import get_engine
    from games.play import commands, game_state

    engine, tricks = get_engine("spite"), 0
    for _ in range(60):
        game = game_state.load(table)
        seat, trick = game.state.to_move, game.state.trick
        if tricks > 3 and seat == 1 and len(trick.plays) >= 3:
            return
        legal = engine.legal_commands(game.state, seat)
        singles = sorted(
            (c for c in legal if c["type"] == "play" and len(c["cards"]) == 1 and "announce" not in c),
            key=lambda c: c["cards"],
        )
        lead = not trick.plays
        tricks += lead
        command = singles[0] if lead or (tricks > 3 and singles) else {"type": "pass"}
        commands.submit(table, users[seat], command, game.version)
    raise AssertionError("the match never came to Bob's turn with three plays in the fourth trick")


class TestSpiteOnAPhone(BrowserTestCase):
    def phone(self, name):
        page = self.player(name, width=PHONE["width"], touch=True)
        page.set_viewport_size(PHONE)
        return page

    def assert_on_the_first_screen(self, page, *parts):
        """Each part wholly within the screen as the page opens (not scrolled to), waiting for the frames
        that arrive after the page (a frame swapped in while measuring has no box for a moment)."""
        from playwright.sync_api import expect

        for part in parts:
            expect(page.locator(part)).to_be_in_viewport(ratio=1)
        self.assertEqual(page.evaluate("window.scrollY"), 0)

    def test_the_trick_and_the_hand_are_on_the_first_screen_on_ones_turn_whatever_the_rulings(self):
        from playwright.sync_api import expect

        bob, carol = self.phone("bob"), self.phone("carol")
        User.objects.create_user(username="alice", password=test_browser.PASSWORD, display_name="Alice")
        users = [User.objects.get(username=name) for name in NAMES]
        table = _off_the_event_loop(lambda: _called(users))
        url = f"{self.live_server_url}/tables/{table.id}/"

        # Carol's turn, just after her call: the ruling is shown, by the cards' names, below her hand.
        carol.goto(url)
        expect(carol.locator("#turn-banner")).to_contain_text("Your turn")
        ruling = carol.locator(".spite-ruling.is-latest")
        expect(ruling).to_contain_text("You called a misplay on Bob's 5♥ and J♠: right.")
        self.assert_on_the_first_screen(carol, ".spite-trick", ".spite-mine .hand")

        # Three tricks later, Bob's turn: the ruling is in the rulings list (and the move log), not on the board.
        _off_the_event_loop(lambda: _played_on(table, users))
        bob.goto(url)
        expect(bob.locator("#turn-banner")).to_contain_text("Your turn")
        expect(bob.locator(".spite-plays .spite-play")).to_have_count(3)
        expect(bob.locator(".spite-ruling.is-latest")).to_have_count(0)
        expect(bob.locator(".spite-ruling-log summary")).to_contain_text("Rulings this match (1)")
        self.assert_on_the_first_screen(bob, ".spite-trick", ".spite-mine .hand")
        expect(bob.locator("#move-log")).to_contain_text("Carol calls a misplay on Bob: right")


# Bob leads with the aces; none of his cards (queens, a jack) fits Alice's nines, and his king joins an ace.
SPANK_DEAL = "QS QH QD QC JS AS AH AD AC KS 10S 10H 10D 10C JH 9S 9H 9D 9C 9S"


class TestSpankOnAPhone(BrowserTestCase):
    def test_the_prompt_offers_no_spank_when_no_card_fits_an_opponents_stack(self):
        from playwright.sync_api import expect
        from reviews_helpers import StackedRandom

        from games.tables import lobby

        bob = self.player("bob", width=PHONE["width"], touch=True)
        User.objects.create_user(username="alice", password=test_browser.PASSWORD, display_name="Alice")

        def deal():
            users = [User.objects.get(username=name) for name in ("bob", "alice")]
            table = lobby.create_table(users[0], "spank", 2)
            lobby.join_table(table, users[1])
            lobby.start_table(table, users[0], rng=StackedRandom(SPANK_DEAL))
            return table

        table = _off_the_event_loop(deal)
        bob.goto(f"{self.live_server_url}/tables/{table.id}/")
        expect(bob.locator("#turn-banner")).to_contain_text("Your turn")
        expect(bob.locator(".my-area .help")).to_have_text(
            "Select cards and Discard them to skip to Draw, or click one of your stacks, then the stack it joins."
        )

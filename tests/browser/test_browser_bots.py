"""A real browser: one player opens a Spite & Malice table, seats a bot from the page, and plays a whole
(short, stacked) game against it, the bot's moves made by a real Celery worker and seen live."""

import tempfile
from pathlib import Path

import pytest
from django.conf import settings
from test_browser import BrowserTestCase, _off_the_event_loop, _StackedRandom
from test_browser import pytestmark as browser_mark
from test_timers_worker import celery_worker

from accounts.models import User

pytestmark = [browser_mark, pytest.mark.skipif(not settings.REDIS_URL, reason="the bot's worker needs Redis")]


class TestPlayAWholeSpiteAndMaliceGameAgainstABot(BrowserTestCase):
    # Win piles of five. The bot's win card (a king) is higher than Alice's (an ace), so it starts; it
    # holds no ace and no joker, so it can only end its turn. Then Alice plays her win pile out, with
    # the 4 from her hand: A, 2, 3 (win pile), 4 (hand), 5, 6 (win pile), and wins.
    DEAL = (
        "7C 7D 8C 8D 4H"
        " 10C 10D JC JD"
        " AS 2S 3S 5S 6S"  # alice: hand, discard piles, win pile
        " 9H 9D 10H 10S QH"
        " QD QC KD KC"
        " KH KS JH JS 8H"
    )  # the bot

    def test_alice_plays_a_whole_game_against_a_bot(self):
        from playwright.sync_api import expect

        from games.models import Table
        from games.tables import lobby

        alice = self.player("alice")
        alice.check("input[name=game][value=spite_and_malice]")
        alice.select_option("select[name=seat_count][data-game=spite_and_malice]", "2")
        alice.fill("input[name=option_win_pile][data-game=spite_and_malice]", "5")
        alice.select_option("select[name=bot_delay]", "1")
        alice.click("text=Create table")
        alice.wait_for_url("**/tables/**")
        alice.click("text=Add a bot")
        expect(alice.locator(".seat-list")).to_contain_text("Bot (Spite & Malice, fair)")

        with tempfile.TemporaryDirectory() as tmp, celery_worker(Path(tmp)):

            def deal():  # the host's start, with a stacked deck
                table = Table.objects.get()
                lobby.start_table(table, User.objects.get(username="alice"), rng=_StackedRandom(self.DEAL))
                return table

            table = _off_the_event_loop(deal)
            assert table.options == {"win_pile": 5}
            alice.goto(f"{self.live_server_url}/tables/{table.id}/")
            # The bot moves first and ends its turn by itself; Alice sees it live and it is her turn.
            expect(alice.locator("#turn-banner")).to_contain_text("Your turn", timeout=30000)
            pile = alice.locator(
                ".sm-play-piles [data-target=pile-0]"
            )  # the board's pile, not its entry in the list of places
            for source, rank in (("win", "A"), ("win", "2"), ("win", "3"), ("4H", "4"), ("win", "5"), ("win", "6")):
                if source == "win":
                    alice.locator(".sm-row-own [data-source=win]").click()
                else:  # the 4 from her hand
                    alice.locator(f".hand [data-card='{source}']").first.click()
                pile.click()
                if rank != "6":  # the 6 wins: the board then shows the game's end
                    expect(pile).to_contain_text(f"at {rank}")
            expect(alice.locator("#turn-banner")).to_contain_text("Game over")
            expect(alice.locator("#turn-banner")).to_contain_text("Alice wins")

        def bots_moves():
            from events import store

            bot = table.seats.get(number=1).user_id
            return [event.type for event in store.read(table.stream) if event.actor_user_id == bot]

        self.assertTrue(_off_the_event_loop(bots_moves))  # the bot's own turn, through the command path

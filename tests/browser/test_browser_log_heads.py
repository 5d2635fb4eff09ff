"""A player's page keeps the log's head at each deal in the browser (static/js/log_heads.js): the head kept
is the one recomputed from the record, and once the log is rewritten in the database (the deal changed
with its commitment and every link written again, as an operator with the salt could), the page warns."""

import json
import random

import test_browser
from chain_helpers import as_superuser
from test_browser import BrowserTestCase, _off_the_event_loop

from accounts.models import User
from events import chain, store
from games.engines.base import SEAT_TO_ACT
from games.engines.fairness import commit, committed_order
from games.play import commands, game_state
from games.tables import lobby

pytestmark = test_browser.pytestmark  # skipped where chromium is missing, as the other browser tests


def _started_table(host):
    bob = User.objects.create_user(username="bob", password=test_browser.PASSWORD, display_name="Bob")
    table = lobby.create_table(User.objects.get(username=host), "spite_and_malice", 2, {"win_pile": 5})
    lobby.join_table(table, bob)
    lobby.start_table(table, table.host, rng=random.Random(4))
    return table


def _links(stream):
    """Every event's link recomputed from the record: the stored rows and the stream's salt."""
    previous, links = chain.GENESIS, {}
    for row in store.rows(stream):
        previous = links[row.version] = chain.link(previous, chain.canonical_row(row), store.salt(stream))
    return links


def _rewrite_the_deal(stream):
    """Two cards of the deal's draw pile change places, with the commitment and every link written again."""
    rows = store.rows(stream)
    dealt = rows[0].payload
    pile = dealt["draw_pile"]
    other = next(index for index, card in enumerate(pile) if card != pile[0])
    pile[0], pile[other] = pile[other], pile[0]
    dealt["commitment"]["sha256"] = commit(
        committed_order(dealt, dealt["commitment"]["keys"]), dealt["commitment"]["salt"]
    )
    as_superuser("UPDATE events_event SET payload = %s WHERE stream = %s AND version = 1", [json.dumps(dealt), stream])
    salt, previous = store.salt(stream), chain.GENESIS
    for row in store.rows(stream):
        link = chain.link(previous, chain.canonical_row(row), salt)
        as_superuser("UPDATE events_event SET previous = %s, hash = %s WHERE id = %s", [previous, link, row.id])
        previous = link
    assert chain.check(store.rows(stream), salt) is None  # the chain alone no longer tells


def _a_move(table):
    game = game_state.load(table)
    users = table.seated_users()
    for seat in users:
        for command in game.engine.legal_commands(game.state, seat):
            if game.engine.sender_of(command) == SEAT_TO_ACT:
                commands.submit(table, users[seat], command, game.version)
                return
    raise AssertionError("no move to make")


class TestKeptHeads(BrowserTestCase):
    def test_the_page_keeps_the_head_at_the_deal_and_warns_when_the_log_is_rewritten(self):
        from playwright.sync_api import expect

        page = self.player("alice")
        table = _off_the_event_loop(lambda: _started_table("alice"))
        page.goto(f"{self.live_server_url}/tables/{table.id}/")
        expect(page.locator("#connection")).to_contain_text("live", ignore_case=True)
        kept = page.evaluate(f"() => JSON.parse(localStorage.getItem('cardroom-log-heads:{table.id}'))")
        links = _off_the_event_loop(lambda: _links(table.stream))
        self.assertEqual(kept, {"1": links[1]})  # the deal's head, as recomputed from the record
        expect(page.locator(".log-chain-head code")).to_have_attribute("title", links[max(links)])
        expect(page.locator(".log-chain-kept")).to_be_hidden()

        _off_the_event_loop(lambda: _rewrite_the_deal(table.stream))
        _off_the_event_loop(lambda: _a_move(table))  # the game goes on: the page shows the log at a new version
        page.reload()
        expect(page.locator(".log-chain-kept")).to_be_visible()
        expect(page.locator(".log-chain-kept")).to_contain_text("another head of this table's log at event 1")
        expect(page.locator(".log-chain-broken")).to_have_count(0)  # the chain itself holds: only the kept head tells

"""What a live table's screen reader is told: the move log's newest lines for the viewer, without the
viewer's own moves, cards in words; and the page's markup that carries them."""

import re

import pytest
from api_helpers import command, view

from games.frames import announcements, rendering
from games.frames.cards import spoken
from games.live import table_cache as live
from games.models import Table
from games.play.seat_view import seat_names

pytestmark = pytest.mark.django_db


def test_cards_in_a_sentence_are_spoken_in_words():
    assert (
        spoken("Bob plays a pair of jacks: J♠ and J♥") == "Bob plays a pair of jacks: jack of spades and jack of hearts"
    )
    assert spoken("Alice plays 10♦ from hand on pile 2") == "Alice plays ten of diamonds from hand on pile 2"
    assert spoken("Carol plays 12♣, with joker face up") == "Carol plays twelve of clubs, with joker face up"


def discard_once(running):
    """The seat to move discards its first card; (table, mover's seat, the card)."""
    table_id, clients = running
    shown = view(clients[0], table_id)
    mover = shown["view"]["to_move"]
    seen = view(clients[mover], table_id)
    card = seen["view"]["players"][mover]["hand"][0]
    response = command(clients[mover], table_id, {"type": "discard", "cards": [card]}, seen["version"])
    assert response.status_code == 200, response.content
    return Table.objects.get(pk=table_id), mover, card


def test_the_others_hear_a_move_and_its_maker_does_not(running):
    table, mover, card = discard_once(running)
    snap = live.snapshot(table)
    names = seat_names(table)
    other = 1 - mover
    heard = [line["text"] for line in announcements.news(snap, other, names)]
    assert any(text.startswith(f"{names[mover]} discards {card[:-1]}") for text in heard), heard
    watched = [line["text"] for line in announcements.news(snap, None, names)]
    assert any(text.startswith(f"{names[mover]} discards") for text in watched), watched
    own = [line["text"] for line in announcements.news(snap, mover, names)]
    assert not any("discards" in text for text in own), own
    # Versions are the events', newest last; at most RECENT of them.
    versions = [line["version"] for line in announcements.news(snap, other, names)]
    assert versions == sorted(versions) and versions[-1] == snap.version
    assert len(versions) <= announcements.RECENT


def test_the_live_table_carries_the_lines_hidden_with_their_versions_and_cards_in_words(running, bob, alice):
    table, mover, card = discard_once(running)
    other_user = alice if mover == 1 else bob
    html = rendering.render_live_table(live.snapshot(table), other_user)
    news = re.search(r'<div class="table-news" hidden>(.*?)</div>', html, flags=re.S).group(1)
    lines = re.findall(r'<p data-announce="event-(\d+)" data-announce-version="(\d+)">([^<]*)</p>', news)
    assert lines and all(key == version for key, version, _ in lines)
    from games.frames.cards import card_name

    assert any(f"discards {card_name(card)}" in text for _, _, text in lines), lines
    # The turn banner's words are what the page reads out when they change.
    assert re.search(r'<span data-announce-channel="turn">\s*<strong>Your turn</strong>', html)

"""Partial frames (games.frames.parts): a frame cut at its markers, each socket sent what changed since its
last frame, and a page joining them into the whole frame again; the live table's markers never reach a page."""

import random
import re

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from games.frames import parts, rendering
from games.live import table_cache as live
from games.live.routing import websocket_urlpatterns
from games.tables import lobby

VERSION = re.compile(r'data-version="(\d+)"')
CLOCK = re.compile(r'data-now-ms="\d+"')


def _frame(segments):
    """A frame drawn with markers: ``segments`` as (name, text), the first one's text before any marker."""
    (_, first), *rest = segments
    return first + "".join(parts.marker(name) + text for name, text in rest)


def test_a_frame_is_cut_at_its_markers_into_named_segments_that_join_into_it_without_them():
    html = _frame([("^", "<div>"), ("a", "one"), ("b", ""), ("a", "two"), ("end", "</div>")])
    drawn = parts.split(html)
    assert drawn.names == ("^", "a", "a#2", "end")  # an empty segment is left out, a name met again numbered
    assert "".join(drawn.by_name.values()) == parts.strip(html) == "<div>onetwo</div>"


def test_a_socket_is_sent_what_changed_and_a_reader_joins_the_whole_frame():
    sent, reader = parts.Sent(), parts.Reader()
    first = parts.split(_frame([("^", "<div v=1>"), ("a", "A"), ("b", "B"), ("c", "C")]))
    message = sent.frame(1, first, str.lower)
    assert message.startswith("<!--parts 1 whole ^ a b c-->")
    assert reader.read(message) == "<div v=1>abc"

    second = parts.split(_frame([("^", "<div v=2>"), ("a", "A"), ("n", "N"), ("b", "B2"), ("c", "C")]))
    message = sent.frame(2, second, str.lower)
    # The first segment always (it carries the clock), and only what changed: the new one, the changed one.
    assert message == "<!--parts 2 1 ^~a n b~c--><!--p ^--><div v=2><!--p n-->n<!--p b-->b2"
    assert reader.read(message) == "<div v=2>anb2c"
    # Nothing moved: no order.
    assert sent.frame(2, second, str.lower) == "<!--parts 2 2--><!--p ^--><div v=2>"


def test_a_frame_that_does_not_build_on_what_the_page_holds_is_refused_and_a_whole_one_starts_afresh():
    sent, reader = parts.Sent(), parts.Reader()
    one = parts.split(_frame([("^", "<div>"), ("a", "A")]))
    two = parts.split(_frame([("^", "<div>"), ("a", "AA")]))
    sent.frame(1, one, str)  # a frame the page never read
    with pytest.raises(ValueError, match="built on version 1"):
        reader.read(sent.frame(2, two, str))
    sent.forget()  # the page asked for the whole table (parts.ASK_WHOLE)
    assert reader.read(sent.frame(2, two, str)) == "<div>AA"


def test_a_page_is_given_what_is_not_a_frame_of_parts_as_it_came():
    assert parts.Reader().read('<div id="flash">No.</div>') == '<div id="flash">No.</div>'


@given(
    st.lists(
        st.lists(st.sampled_from("abcdefghij"), unique=True, max_size=10).map(lambda names: ["^", *names]),
        min_size=1,
        max_size=6,
    ),
    st.randoms(use_true_random=False),
)
def test_any_sequence_of_frames_joins_into_each_whole_frame(orders, rng):
    """Segments come, change, move and go: after every frame the page holds exactly the frame drawn."""
    sent, reader = parts.Sent(), parts.Reader()
    for version, order in enumerate(orders, start=1):
        segments = [(name, rng.choice(["x", "y", f"<p>{name}</p>"])) for name in order]
        html = _frame(segments)
        assert reader.read(sent.frame(version, parts.split(html), str)) == parts.strip(html)


@given(st.lists(st.sampled_from("abcdefgh"), unique=True), st.lists(st.sampled_from("abcdefgh"), unique=True))
def test_an_order_written_as_stretches_of_the_last_is_read_back(old, new):
    assert parts.unrun(tuple(old), parts.runs(tuple(old), tuple(new))) == tuple(new)


def _started(alice, bob):
    table = lobby.create_table(alice, "spank", 2, {})
    lobby.join_table(table, bob)
    lobby.start_table(table, alice, rng=random.Random(3))
    return table


@pytest.mark.django_db
def test_the_table_page_and_the_frames_drawn_for_pages_carry_no_marker(alice, bob):
    table = _started(alice, bob)
    client = Client()
    client.force_login(alice)
    page = client.get(f"/tables/{table.id}/").content.decode()
    assert 'id="table-live"' in page and "<!--@" not in page and "<!--p " not in page
    marked = rendering.render_live_parts(live.snapshot(table), alice)
    assert "<!--@h" in marked  # the hand's cards, each a part of its own
    assert parts.strip(marked) == rendering.render_live_table(live.snapshot(table), alice)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_page_that_lost_track_of_its_parts_is_sent_the_whole_table_again(alice, bob):
    table = await sync_to_async(_started)(alice, bob)
    socket = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/tables/{table.id}/")
    socket.scope["user"], socket.scope["session"] = alice, {}
    assert (await socket.connect())[0]
    first = await socket.receive_from(timeout=10)
    await socket.send_to(text_data=parts.ASK_WHOLE)
    again = await socket.receive_from(timeout=10)
    version = VERSION.search(first)[1]
    assert socket.raw_frames[-1].startswith(f"<!--parts {version} whole ")  # every segment, the order afresh
    assert CLOCK.sub("", again) == CLOCK.sub("", first)
    await socket.disconnect()

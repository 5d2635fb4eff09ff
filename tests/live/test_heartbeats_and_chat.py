"""The table websocket's heartbeats (games/live/heartbeats.py) and table chat (games/tables/chat.py)."""

import json

import pytest
from asgiref.sync import sync_to_async
from django.test import override_settings
from socket_helpers import connect, started_spank_table

from events import store
from games.live.consumers import POLICY_VIOLATION
from games.live.heartbeats import PING, PONG, SILENT
from games.play import game_state
from games.tables import chat

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


QUICK_BEATS = override_settings(WEBSOCKET_HEARTBEAT_SECONDS=0.2, WEBSOCKET_SILENCE_SECONDS=0.7)


async def _closed_with(communicator, timeout=5):
    output = await communicator.receive_output(timeout=timeout)
    assert output["type"] == "websocket.close", output
    return output.get("code")


async def _say(communicator, text):
    """What htmx's ws-send sends for the chat form: its field as JSON, plus headers."""
    await communicator.send_to(text_data=json.dumps({"chat": text, "HEADERS": {"HX-Request": "true"}}))


# Heartbeats ------------------------------------------------------------------------------------


async def test_a_page_that_answers_is_pinged_when_idle_and_kept_open(alice, bob):
    table = await sync_to_async(started_spank_table)(alice, bob)
    with QUICK_BEATS:
        socket = await connect(alice, table)
        await socket.send_to(text_data=PONG)  # the page takes part
        for _ in range(6):  # well past the silence limit, answering each ping
            assert await socket.receive_from(timeout=2) == PING
            await socket.send_to(text_data=PONG)
        await socket.disconnect()


async def test_a_page_that_stops_answering_is_closed_within_the_silence_limit(alice, bob):
    table = await sync_to_async(started_spank_table)(alice, bob)
    with QUICK_BEATS:
        socket = await connect(alice, table)
        await socket.send_to(text_data=PONG)
        assert await socket.receive_from(timeout=2) == PING
        # No answer: pinged again, then closed as silent (the page reconnects on this code).
        output = await socket.receive_output(timeout=2)
        while output.get("text") == PING:
            output = await socket.receive_output(timeout=2)
        assert output == {"type": "websocket.close", "code": SILENT}


async def test_a_client_that_never_takes_part_is_neither_pinged_nor_closed(alice, bob):
    table = await sync_to_async(started_spank_table)(alice, bob)
    with QUICK_BEATS:
        socket = await connect(alice, table)  # as the live bench's driver: no pong ever
        assert await socket.receive_nothing(timeout=1.2)
        await socket.disconnect()


async def test_pongs_use_a_bucket_of_their_own_not_the_players_one(alice, bob):
    table = await sync_to_async(started_spank_table)(alice, bob)
    with override_settings(WEBSOCKET_FRAME_BURST=2, WEBSOCKET_FRAMES_PER_SECOND=0.01):
        sockets = [await connect(user, table) for user in (alice, bob)]
        mover = next(socket for socket in sockets if socket.legal)
        for _ in range(8):
            await mover.send_to(text_data=PONG)
        assert await mover.receive_nothing(timeout=0.3)  # pongs are never answered nor refused
        # The player's frame bucket is untouched: a command is still taken.
        await mover.send_to(text_data=json.dumps({"command": mover.legal[0], "expected_version": mover.version}))
        answer = await mover.receive_from(timeout=10)
        assert 'id="table-live"' in answer and "faster" not in answer
        for socket in sockets:
            await socket.disconnect()


async def test_a_flood_of_pongs_is_closed(alice, bob):
    table = await sync_to_async(started_spank_table)(alice, bob)
    socket = await connect(alice, table)
    for _ in range(200):
        await socket.send_to(text_data=PONG)
    assert await _closed_with(socket) == POLICY_VIOLATION


# Chat ------------------------------------------------------------------------------------------


async def test_chat_reaches_both_players_and_a_watcher_escaped_and_is_stored_apart_from_the_game(alice, bob, carol):
    table = await sync_to_async(started_spank_table)(alice, bob)
    version_before = (await sync_to_async(game_state.load)(table)).version
    sockets = {user.username: await connect(user, table) for user in (alice, bob, carol)}
    await _say(sockets["carol"], "  good <b>luck</b> & have fun\n ")
    for name, socket in sockets.items():
        frame = await socket.receive_from(timeout=5)
        assert frame.startswith(chat.FRAME_MARK), name
        assert "good &lt;b&gt;luck&lt;/b&gt; &amp; have fun" in frame, name
        assert "<b>" not in frame and "Carol" in frame
    # Kept in the chat's own stream, with its time; the game's stream did not move.
    lines = await sync_to_async(chat.lines)(table)
    assert [(line.name, line.text) for line in lines] == [("Carol", "good <b>luck</b> & have fun")]
    assert lines[0].at is not None
    assert (await sync_to_async(game_state.load)(table)).version == version_before
    said = await sync_to_async(store.read)(chat.stream_name(table.id))
    assert [event.type for event in said] == ["said"] and said[0].actor_user_id == carol.pk
    # A player's move at the version they saw is still taken: chat made nothing stale.
    mover = next(socket for socket in (sockets["alice"], sockets["bob"]) if socket.legal)
    await mover.send_to(text_data=json.dumps({"command": mover.legal[0], "expected_version": mover.version}))
    answer = await mover.receive_from(timeout=10)
    assert 'id="table-live"' in answer and "moved on" not in answer
    for socket in sockets.values():
        await socket.disconnect()


@pytest.mark.parametrize(
    "text, why",
    [
        ("x" * (chat.MAX_LENGTH + 1), "at most"),
        ("   \n\t ", "Write something"),
        (["not", "text"], "is text"),
    ],
)
async def test_bad_chat_is_refused_to_its_sender_alone(alice, bob, text, why):
    table = await sync_to_async(started_spank_table)(alice, bob)
    sender, other = await connect(alice, table), await connect(bob, table)
    await _say(sender, text)
    refusal = await sender.receive_from(timeout=5)
    assert 'id="chat-status"' in refusal and why in refusal and refusal.startswith(chat.FRAME_MARK)
    assert await other.receive_nothing(timeout=0.3)
    assert await sync_to_async(chat.lines)(table) == []
    for socket in (sender, other):
        await socket.disconnect()


async def test_chat_beyond_the_rate_is_refused(alice, bob):
    table = await sync_to_async(started_spank_table)(alice, bob)
    with override_settings(CHAT_MESSAGES_PER_WINDOW=2, CHAT_WINDOW_SECONDS=60):
        socket = await connect(alice, table)
        answers = []
        for n in range(3):
            await _say(socket, f"message {n}")
            answers.append(await socket.receive_from(timeout=5))
        assert "message 0" in answers[0] and "message 1" in answers[1]
        assert "too fast" in answers[2] and 'id="chat-status"' in answers[2]
        assert [line.text for line in await sync_to_async(chat.lines)(table)] == ["message 0", "message 1"]
        await socket.disconnect()


async def test_a_page_that_connects_gets_the_chat_so_far(alice, bob):
    table = await sync_to_async(started_spank_table)(alice, bob)
    first = await connect(alice, table)
    await _say(first, "while you were away")
    await first.receive_from(timeout=5)
    later = await connect(bob, table)
    log = await later.receive_from(timeout=5)
    assert log.startswith(chat.FRAME_MARK) and 'id="chat-log"' in log and 'hx-swap-oob="true"' in log
    assert "while you were away" in log
    for socket in (first, later):
        await socket.disconnect()

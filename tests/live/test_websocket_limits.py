"""What a websocket may send: bounded frames at a bounded rate; bad frames get a sentence, never a 1011
(tests/live/test_websocket_close_codes.py: the close codes over a real Daphne)."""

import json

import pytest
from asgiref.sync import sync_to_async
from django.test import override_settings
from socket_helpers import connect, started_spank_table

from games.live import frame_limits
from games.live.consumers import MESSAGE_TOO_BIG, POLICY_VIOLATION
from games.play import commands

pytestmark = [pytest.mark.django_db(transaction=True)]


async def _closed_with(communicator):
    output = await communicator.receive_output(timeout=10)
    assert output["type"] == "websocket.close", output
    return output.get("code")


@pytest.mark.asyncio
async def test_a_frame_over_the_size_limit_closes_the_socket_with_4413(alice, bob):
    table = await sync_to_async(started_spank_table)(alice, bob)
    socket = await connect(alice, table)
    with override_settings(WEBSOCKET_MAX_FRAME_BYTES=1024):
        await socket.send_to(text_data=json.dumps({"command": "x" * 2000, "expected_version": "1"}))
        assert await _closed_with(socket) == MESSAGE_TOO_BIG


def test_multibyte_text_is_measured_in_bytes(settings):
    settings.WEBSOCKET_MAX_FRAME_BYTES = 100
    assert not frame_limits.too_large("é" * 50, None)  # 100 bytes
    assert frame_limits.too_large("é" * 51, None)
    assert frame_limits.too_large(None, b"x" * 101)


@pytest.mark.parametrize(
    "frame",
    [
        '{"command": {"type": "end_turn"}, "expected_version": Infinity}',
        '{"command": {"type": "end_turn"}, "expected_version": 1e400}',
        '{"command": {"type": "end_turn"}, "expected_version": NaN}',
        '{"command": {"type": "end_turn"}, "expected_version": 1.5}',
        '{"command": {"type": "end_turn"}, "expected_version": -1}',
        '{"command": {"type": "end_turn"}, "expected_version": true}',
        '{"command": {"type": "end_turn"}, "expected_version": 1000000000000000000000}',
        '{"command": {"type": "end_turn"}, "expected_version": "VERSION"}',  # a version is a number, not text
        '{"command": ' + "[" * 5000 + "]" * 5000 + ', "expected_version": 1}',
        '{"command": "' + "[" * 5000 + "]" * 5000 + '", "expected_version": 1}',
        '{"command": {"type": {"a": 1}}, "expected_version": VERSION}',
        '{"command": {"type": ["end_turn"]}, "expected_version": VERSION}',
        '{"command": [1, 2], "expected_version": VERSION}',
        '{"command": "{\\"type\\": \\"end_turn\\"}", "expected_version": VERSION}',  # a command is an object, not JSON text
        '{"expected_version": VERSION}',
        '["not", "an", "object"]',
        "   ",
    ],
)
@pytest.mark.asyncio
async def test_malformed_frames_get_a_sentence_and_the_socket_stays_open(alice, bob, frame):
    table = await sync_to_async(started_spank_table)(alice, bob)
    socket = await connect(alice, table)
    await socket.send_to(text_data=frame.replace("VERSION", str(socket.version)))
    refusal = await socket.receive_from(timeout=10)
    assert 'id="flash"' in refusal and "refusal" in refusal
    assert not socket.future.done()  # the consumer did not crash (a crash is a 1011)
    # The socket still plays: a fresh look at the table comes after a stale command.
    await socket.send_to(text_data=json.dumps({"command": {"type": "end_turn"}, "expected_version": 0}))
    assert "moved on" in await socket.receive_from(timeout=10)
    assert 'id="table-live"' in await socket.receive_from(timeout=10)
    await socket.disconnect()


@pytest.mark.asyncio
async def test_a_flood_is_refused_without_work_and_then_closed_while_other_tables_play_on(
    alice, bob, carol, make_user, monkeypatch, settings
):
    settings.WEBSOCKET_FRAME_BURST = 5
    settings.WEBSOCKET_FRAMES_PER_SECOND = 0.001
    settings.WEBSOCKET_REFUSALS_BEFORE_CLOSE = 30
    flooded = await sync_to_async(started_spank_table)(alice, bob)
    other = await sync_to_async(started_spank_table)(carol, await sync_to_async(make_user)("dave"))
    submitted = []
    real_submit = commands.submit

    def counting_submit(table, *args, **kwargs):
        submitted.append(table.id)
        return real_submit(table, *args, **kwargs)

    monkeypatch.setattr(commands, "submit", counting_submit)
    flooder = await connect(alice, flooded)
    watcher = await connect(carol, other)
    stale = json.dumps({"command": {"type": "end_turn"}, "expected_version": 0})
    for _ in range(40):
        await flooder.send_to(text_data=stale)
    frames = []
    while True:
        output = await flooder.receive_output(timeout=10)
        if output["type"] == "websocket.close":
            break
        frames.append(output["text"])
    assert output["code"] == POLICY_VIOLATION
    slow_downs = [frame for frame in frames if "faster than the table takes commands" in frame]
    assert len(slow_downs) == 29  # every frame past the burst was refused, until the 30th closed it
    # Only the burst's five stale commands reached the command path.
    assert submitted.count(flooded.id) == 5
    # The other table was not held up: its player is still answered.
    await watcher.send_to(text_data=stale)
    assert "moved on" in await watcher.receive_from(timeout=10)
    await watcher.disconnect()


@pytest.mark.django_db(transaction=False)
def test_the_frame_rate_refills_with_time():
    now = [0.0]
    rate = frame_limits.FrameRate(rate=2, burst=2, strikes=3, clock=lambda: now[0])
    assert [rate.check() for _ in range(3)] == [frame_limits.ALLOW, frame_limits.ALLOW, frame_limits.REFUSE]
    now[0] += 0.5  # one token back
    assert rate.check() == frame_limits.ALLOW
    assert [rate.check() for _ in range(3)] == [frame_limits.REFUSE] * 2 + [frame_limits.CLOSE]
    now[0] += 10  # never more than the burst
    assert [rate.check() for _ in range(3)] == [frame_limits.ALLOW] * 2 + [frame_limits.REFUSE]

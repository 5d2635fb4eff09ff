"""The load benchmark's driver (benchmarks/livebench) reads real pages and checks against the real log.

No timing here: these only prove that what `make bench-live` parses and checks is what the
service really renders and stores.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.livebench import check, frames
from benchmarks.livebench.lanes import TableRecord
from games.errors import StaleVersion
from games.frames import rendering
from games.live import table_cache as live
from games.play import commands, game_state
from games.tables import lobby

pytestmark = pytest.mark.django_db
REPO = Path(__file__).resolve().parents[2]


def _started(alice, bob):
    table = lobby.create_table(alice, "spank", 2, {})
    lobby.join_table(table, bob)
    lobby.start_table(table, alice)
    return table


def _mover(table, alice, bob):
    game = game_state.load(table)
    return (alice, 0) if game.state.to_move == 0 else (bob, 1)


def test_the_driver_reads_the_table_page_and_the_live_frame_as_the_page_script_does(client, alice, bob):
    table = _started(alice, bob)
    (mover, seat), game = _mover(table, alice, bob), game_state.load(table)
    client.force_login(mover)
    page = client.get(f"/tables/{table.id}/").content.decode()
    for text in (page, rendering.render_live_table(live.snapshot(table), mover)):
        frame = frames.parse(text)
        assert frame.kind == "table" and frame.version == game.version and frame.seat == seat
        assert frame.legal == game.engine.board_commands(game.state, seat) != []
        assert sorted(frame.hand) == sorted(game.state.hands[seat])
        assert not frame.over


def test_the_driver_tells_a_stale_refusal_from_another(alice, bob):
    stale = frames.parse(rendering.render_refusal(StaleVersion(3, 5).message))
    assert stale.kind == "refusal" and stale.stale
    other = frames.parse(rendering.render_refusal("You may spank only once a turn."))
    assert other.kind == "refusal" and not other.stale and other.message == "You may spank only once a turn."
    with pytest.raises(frames.BadFrame):
        frames.parse("<p>nothing a table page sends</p>")


def _play(table, alice, bob, count):
    """``count`` moves down the one command path: a TableRecord as the seats would have seen them."""
    record = TableRecord(str(table.id), {0: alice.pk, 1: bob.pk}, game_state.load(table).version)
    for _ in range(count):
        (user, seat), game = _mover(table, alice, bob), game_state.load(table)
        command = game.engine.legal_commands(game.state, seat)[-1]
        version = commands.submit(table, user, command, game.version)
        record.moves.append((game.version, version, user.pk))
    return record


def test_the_log_check_accepts_what_happened_and_catches_a_move_it_does_not_hold(alice, bob):
    table = _started(alice, bob)
    record = _play(table, alice, bob, 6)
    report = check.check_run({record.table_id: record}, [])
    assert report["ok"] and report["moves_in_log"] == report["moves_accepted"] == 6

    sent_at, seen_after, user = record.moves[-1]
    record.moves[-1] = (sent_at, seen_after, bob.pk if user == alice.pk else alice.pk)  # the wrong mover
    record.moves.append((seen_after, seen_after + 1, user))  # and a move the log never got
    report = check.check_run({record.table_id: record}, [])
    assert not report["ok"] and report["problems"]


def test_the_log_check_finds_a_hand_that_is_not_the_seat_own(alice, bob):
    table = _started(alice, bob)
    game = game_state.load(table)
    own = rendering.render_live_table(live.snapshot(table), alice)
    sample = {"table_id": table.id, "seat": 0, "version": game.version, "hand": frames.parse(own).hand, "text": own}
    assert check.check_run({}, [sample])["ok"]

    theirs = list(game.state.hands[1])
    leaked = own + "".join(f'<button data-card="{code}"></button>' for code in theirs)
    sample.update(hand=frames.parse(leaked).hand, text=leaked)
    assert not check.check_run({}, [sample])["ok"]


def test_the_log_check_leaves_an_unanswered_last_command_to_the_table_left_with_one_in_flight(alice, bob):
    table = _started(alice, bob)
    record = _play(table, alice, bob, 5)
    record.moves.pop()  # the seat left the table before the answer to its last command came
    record.in_flight = True
    report = check.check_run({record.table_id: record}, [])
    assert report["ok"] and report["moves_in_log"] == 4 and report["events_unseen_in_flight"] > 0

    record.in_flight = False
    assert not check.check_run({record.table_id: record}, [])["ok"]


def test_the_driver_reads_no_setting_before_it_points_django_at_the_bench_database():
    """bench_live imports its lanes (and the engines' benchmark they take ``choose`` from) before
    ``service.setup_django``: read any earlier, Django's settings would be this machine's default (SQLite)."""
    script = (
        "import benchmarks.bench_live\n"
        "from django.conf import settings\n"
        "assert not settings.configured, 'settings were read at import'\n"
    )
    environment = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=environment, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr

"""`bench_live.py --bgio`: the runs it alternates, the harness's command line, and reading its JSON line.

Nothing here starts Node: the harness's packages are not installed in the tests.
"""

import json
import sys

import pytest

from benchmarks import bench_live
from benchmarks.bgio import harness

# A line boardgame.io's harness printed (50 saturating tables, 30 November 2026, 03:01 UTC, on b3033e8).
RECORDED_LINE = (
    '{"target":"boardgame.io","bgio_version":"0.50.2","socketio_version":"4.8.4","node":"v20.20.2","shape":"sa'
    'turating","tables":50,"seed":1,"server_cpus":"0","seconds":20,"warmup_s":26.67,"ramp_s":16.67,"window_s":'
    '20,"moves":93332,"moves_per_s":4666.21,"latency_ms":{"p50":6.21,"p95":12.28,"p99":17.34,"max":179.22,"mea'
    'n":6.78,"n":93332},"games_completed":1564,"games_per_s":78.19,"tables_created":3148,"moves_total":186187,'
    '"moves_per_game":59.95,"bytes_per_move":995,"bytes_per_frame":942,"frames_per_move":2.11,"server_cpu_pct"'
    ':91.09,"moves_per_server_cpu_s":5122.5,"driver_cpu_pct":48.86,"system_cpu":{"busy_pct_of_all_cpus":80.18,'
    '"other_cpu_pct":20.4},"connected_seats":{"mean":61.8,"min":10,"max":100},"server_rss_mb":{"idle":59.2,"wi'
    'ndow_end":470.07,"window_max":470.07},"errors":{},"first_errors":{},"lanes_still_running_after_drain":0,"'
    'server_stderr_lines":0,"calib_ms":{"before":{"min":61.89,"median":63.55},"after":{"min":63,"median":63.65'
    '}},"quiet_wait":{"waited_s":110.12,"busy_pct_before_start":0.5},"cpus":2,"at":"2026-11-30T03:01:23"}'
)


def _runs(*argv):
    return bench_live.planned_runs(bench_live.parse_args(list(argv)))


def test_bgio_alternates_with_cardroom_twice_at_the_same_size():
    assert _runs("--bgio", "--tables", "50") == [
        ("cardroom", "saturating", 50),
        ("boardgame.io", "saturating", 50),
        ("cardroom", "saturating", 50),
        ("boardgame.io", "saturating", 50),
    ]


def test_rounds_repeat_the_alternation_and_without_bgio_cardroom_runs_once():
    assert [target for target, _, _ in _runs("--bgio", "--rounds", "3", "--tables", "7")] == [
        "cardroom",
        "boardgame.io",
    ] * 3
    assert _runs("--tables", "7") == [("cardroom", "saturating", 7)]
    assert _runs("--rounds", "2", "--tables", "7") == [("cardroom", "saturating", 7)] * 2


def test_over_the_matrix_boardgame_io_runs_beside_the_saturating_sizes_only_one_round_after_another():
    runs = _runs("--matrix", "--bgio")
    one_round = [
        ("cardroom", "saturating", 1),
        ("boardgame.io", "saturating", 1),
        ("cardroom", "saturating", 10),
        ("boardgame.io", "saturating", 10),
        ("cardroom", "saturating", 50),
        ("boardgame.io", "saturating", 50),
        ("cardroom", "saturating", 200),
        ("boardgame.io", "saturating", 200),
        ("cardroom", "human", 200),
        ("cardroom", "human", 1000),
    ]
    assert runs == one_round * 2


@pytest.mark.parametrize(
    ("argv", "said"),
    [(["--bgio", "--shape", "human"], "saturating shape only"), (["--bgio", "--rounds", "0"], "at least 1")],
)
def test_bgio_options_that_cannot_run_are_refused(argv, said, capsys):
    with pytest.raises(SystemExit):
        bench_live.parse_args(argv)
    assert said in capsys.readouterr().err


def test_boardgame_io_lanes_arrive_as_cardroom_s_and_its_server_is_kept_on_daphne_s_cpu(monkeypatch):
    asked = {}

    def pretend_run(line, time_limit_s):
        asked.update(line=line, time_limit_s=time_limit_s)
        return json.loads(RECORDED_LINE)

    monkeypatch.setattr(harness, "run", pretend_run)
    args = bench_live.parse_args(["--bgio", "--tables", "50", "--seconds", "20", "--warmup", "8", "--seed", "3"])
    assert bench_live.run_bgio(args, 50)["target"] == "boardgame.io"
    ramp, warmup = bench_live.lanes_arrive(args, "saturating", 50)
    assert (round(ramp, 2), round(warmup, 2)) == (16.67, 26.67)  # 3 tables a second; the window 10 s after
    assert asked["line"] == [
        "node",
        "bench.js",
        "50",
        "20",
        "--warmup=26.6667",
        "--ramp=16.6667",
        "--seed=3",
        f"--server-cpus={bench_live.own_cpu(0)}",
    ]
    assert asked["time_limit_s"] > warmup + 20

    args = bench_live.parse_args(["--bgio", "--tables", "3", "--web-cpus", "any", "--wait-quiet", "30"])
    bench_live.run_bgio(args, 3)
    assert not any(part.startswith("--server-cpus") for part in asked["line"])
    assert "--wait-quiet=30" in asked["line"]


def test_the_recorded_line_is_read_with_the_fields_compared_with_cardroom_s():
    result = harness.read_line("npm warn something\n" + RECORDED_LINE + "\n\n")
    assert result["moves_per_s"] == 4666.21
    assert result["moves_per_server_cpu_s"] == 5122.5
    assert (result["latency_ms"]["p50"], result["latency_ms"]["p99"]) == (6.21, 17.34)
    assert result["tables"] == 50 and result["shape"] == "saturating"


@pytest.mark.parametrize(
    ("stdout", "returncode", "said"),
    [
        (RECORDED_LINE, 1, "exit code 1"),
        ("", 0, "no JSON line"),
        ("Error: Cannot find module 'boardgame.io/client'", 0, "not a JSON line"),
        (json.dumps({"target": "cardroom", "moves_per_s": 1.0}), 0, "not boardgame.io's line"),
        (json.dumps({"target": "boardgame.io", "moves_per_s": 1.0}), 0, "moves_per_server_cpu_s"),
        ("[1, 2]", 0, "not boardgame.io's line"),
    ],
)
def test_a_run_without_its_line_is_an_error_saying_why(stdout, returncode, said):
    with pytest.raises(harness.HarnessFailed, match=said):
        harness.read_line(stdout, returncode, "the server said\nthis")


def test_a_run_past_its_time_limit_is_killed_and_reported():
    with pytest.raises(harness.HarnessFailed, match="no line in 0.5 s; killed"):
        harness.run([sys.executable, "-c", "import time; time.sleep(60)"], time_limit_s=0.5)


def test_a_run_s_line_is_read_from_its_output():
    line = [sys.executable, "-c", f"print('starting'); print({RECORDED_LINE!r})"]
    assert harness.run(line, time_limit_s=30)["moves"] == 93332


def test_missing_node_or_packages_are_said_plainly(monkeypatch, tmp_path):
    monkeypatch.setattr(harness.shutil, "which", lambda name: f"/usr/bin/{name}")
    with pytest.raises(harness.HarnessUnavailable, match="npm ci"):
        harness.check_installed(tmp_path)
    monkeypatch.setattr(harness.shutil, "which", lambda name: None)
    with pytest.raises(harness.HarnessUnavailable, match="Node.js"):
        harness.check_installed(tmp_path)

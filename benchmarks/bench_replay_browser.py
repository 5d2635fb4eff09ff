"""The replay in a real browser: how long a step takes to show, over a long game; and the bot's choice.

    DATABASE_URL=... .venv/bin/python benchmarks/bench_replay_browser.py [--events 2000] [--steps 200]

Stores the long random Spite match bench_replay.py plays (five seats, at least ``--events`` events), serves
the site with Daphne (forked from this process, with the static files, on a free port),
opens its replay in Debian's chromium (Playwright) and times each step from the key or the click to the
new step in place, as the page's script measures it (its "replay-step" performance measures):

- ``replay_browser_next``: → pressed, one step on, from seat 0 (the page asks for the next step ahead);
- ``replay_browser_jump``: Enter on a random step of the move list, the link focused first (nothing asked for
  ahead: the worst case);
- ``replay_browser_jump_pointed``: a click on a random step of the move list, the pointer resting on it
  150 ms before, as a reader's does (the page asks for a move pointed at);

both once the server holds the game's snapshots, as after its first replay (``warm``);
- ``replay_bot_choice``: the server's time for the bot's choice at a random step from a random seat, asked
  for the first time (games.replay.bot_choice.choice_at; the snapshots there), and ``replay_bot_marks``:
  the moves where a player chose otherwise, one seat's whole game, per move of the game.

One JSON line each; the goal is a step shown in under 50 ms (``goal_met``: the p95).
"""

import argparse
import json
import os
import random
import shutil
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_db  # noqa: E402  (sets Django up)
from bench_replay import long_match, stored_table, summary, timed  # noqa: E402
from django.core.cache import cache  # noqa: E402

GOAL_MS = 50
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def serve():
    """Daphne serving the site (and its static files) on a free port of 127.0.0.1, in a process forked from
    this one, as the browser tests start it: (its address, the process)."""
    from functools import partial

    from channels.testing.live import make_application
    from daphne.testing import DaphneProcess
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
    from django.db import connections

    connections.close_all()  # the child opens its own
    process = DaphneProcess("127.0.0.1", partial(make_application, static_wrapper=ASGIStaticFilesHandler))
    process.start()
    process.ready.wait(timeout=30)
    return f"http://127.0.0.1:{process.port.value}", process


def warm(address, table, last):
    """Ask the server for every EVERY-th step once, as a first reader's walk does: the replay's snapshots
    (games.replay.snapshots) are then in the server's cache, as they are for a game replayed before."""
    from urllib.request import urlopen

    from games.replay.snapshots import EVERY

    for step in range(0, last + 1, EVERY):
        with urlopen(f"{address}/tables/{table.id}/replay/?step={step}&as=0&part=step") as response:
            response.read()


def measured(page, count, name="replay-step"):
    """The last ``count`` step times the page measured, in ms: the whole step ("replay-step"), or its wait
    for the server ("replay-step-fetch")."""
    return page.evaluate(f"performance.getEntriesByName('{name}').slice(-{count}).map((entry) => entry.duration)")


def shown(page, step):
    from playwright.sync_api import expect

    expect(page.locator("#replay-live")).to_have_attribute("data-step", str(step))


def browser_lines(address, table, last, args, facts):
    from playwright.sync_api import sync_playwright

    rng = random.Random(args.seed)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        warm(address, table, last)
        page.goto(f"{address}/tables/{table.id}/replay/?step=0&as=0")
        for step in range(1, args.steps + 1):
            page.wait_for_timeout(30)  # a reader's pace, short: the step ahead has time to arrive
            page.keyboard.press("ArrowRight")
            shown(page, step)
        page.wait_for_timeout(100)
        line = summary("replay_browser_next", measured(page, args.steps), **facts, goal_ms=GOAL_MS)
        line["fetch_p50_ms"] = summary("", measured(page, args.steps, "replay-step-fetch"))["p50_ms"]
        print(json.dumps({**line, "goal_met": line["p95_ms"] < GOAL_MS}), flush=True)

        page.evaluate("performance.clearMeasures()")
        targets = rng.sample(range(1, last), args.steps // 2)
        for target in targets:
            link = page.locator(f'#replay-moves li[data-step="{target}"] > a')
            link.focus()  # a reader of the keyboard comes to the move in the list, then presses Enter
            page.wait_for_timeout(150)
            page.keyboard.press("Enter")
            shown(page, target)
        page.wait_for_timeout(100)
        line = summary("replay_browser_jump", measured(page, len(targets)), **facts, goal_ms=GOAL_MS)
        line["fetch_p50_ms"] = summary("", measured(page, len(targets), "replay-step-fetch"))["p50_ms"]
        print(json.dumps({**line, "goal_met": line["p95_ms"] < GOAL_MS}), flush=True)

        page.evaluate("performance.clearMeasures()")
        targets = rng.sample(range(1, last), args.steps // 2)
        for target in targets:
            link = page.locator(f'#replay-moves li[data-step="{target}"] > a')
            link.scroll_into_view_if_needed()
            link.hover()  # the pointer comes to rest on the move, then clicks
            page.wait_for_timeout(150)
            link.click()
            shown(page, target)
        page.wait_for_timeout(100)
        line = summary("replay_browser_jump_pointed", measured(page, len(targets)), **facts, goal_ms=GOAL_MS)
        line["fetch_p50_ms"] = summary("", measured(page, len(targets), "replay-step-fetch"))["p50_ms"]
        print(json.dumps({**line, "goal_met": line["p95_ms"] < GOAL_MS}), flush=True)
        browser.close()


def bot_lines(table, last, players, args, facts):
    from games.play.names import seat_names
    from games.replay import bot_choice, snapshots

    rng = random.Random(args.seed)
    names = seat_names(table)

    cache.clear()
    for step in range(0, last + 1, snapshots.EVERY):  # the snapshots, as after the game's first replay
        snapshots.rebuild(table, step)
    asked = rng.sample([(step, seat) for step in range(last) for seat in range(players)], args.steps)
    choices = [
        timed(lambda step=step, seat=seat: bot_choice.choice_at(table, step, seat, names)) for step, seat in asked
    ]
    print(json.dumps(summary("replay_bot_choice", choices, **facts)), flush=True)
    seconds = []
    for seat in range(players):
        cache.clear()
        seconds.append(timed(lambda seat=seat: bot_choice.differences(table, seat, last)) / 1000)
    mean = statistics.mean(seconds)
    print(
        json.dumps(
            {
                "bench": "replay_bot_marks",
                **facts,
                "seats": players,
                "mean_seconds_per_seat": round(mean, 2),
                "ms_per_event": round(mean * 1000 / last, 3),
            }
        ),
        flush=True,
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=2000)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    with bench_db.own_database("replay_browser_bench"):
        players, options, batches = long_match(args.events, args.seed)
        table = stored_table(players, options, batches)
        last = sum(len(batch) for batch in batches)
        facts = {"game": "spite", "events": last}
        cache.clear()
        if os.path.exists(CHROMIUM):
            address, server = serve()
            try:
                browser_lines(address, table, last, args, facts)
            finally:
                server.terminate()
                server.join()
        else:
            print(json.dumps({"bench": "replay_browser", "skipped": f"no chromium at {CHROMIUM}"}), flush=True)
        bot_lines(table, last, players, args, facts)


if __name__ == "__main__":
    main()

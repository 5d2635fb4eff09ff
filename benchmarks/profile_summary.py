"""Summarise a py-spy profile of Daphne (``bench_live.py --profile FILE``: py-spy's raw format).

    .venv/bin/python benchmarks/profile_summary.py FILE [--top 15]

Prints two tables of the share of CPU samples: by category of the innermost frame that falls in
one (where the time is spent), and by step of the live path anywhere on the stack (what it costs
in all). py-spy itself is a developer tool: `.venv/bin/pip install py-spy`.
"""

import argparse
import re
from collections import Counter

# Innermost frame first: the first category whose pattern a frame's file matches takes the sample.
CATEGORIES = [
    (
        "PostgreSQL: connecting",
        r"psycopg/connection\.py.*\bconnect\b|psycopg/(_conninfo|conninfo|generators)|"
        r"django/db/backends/base/base\.py.*\b(connect|ensure_connection|close)\b",
    ),
    ("PostgreSQL: queries (psycopg)", r"psycopg/"),
    ("Django ORM (building queries, rows to objects)", r"django/db/"),
    ("Django templates", r"django/template/|django/utils/(html|safestring|functional)"),
    ("Jinja2 (the live frames)", r"jinja2/|markupsafe/|\.jinja\b|games/(jinja|memo)\.py"),
    ("game engine (fold, legal, view)", r"games/engines/"),
    ("sessions and auth", r"django/contrib/(sessions|auth)/|channels/(auth|sessions)\.py"),
    ("channel layer (channels_redis, redis)", r"channels_redis/|[(/]redis/"),
    ("asgiref thread hops", r"asgiref/|concurrent/futures/|threading\.py"),
    ("websocket and HTTP server (Twisted, Autobahn, Daphne)", r"twisted/|autobahn/|daphne/|txaio/"),
    ("asyncio's event loop and tasks", r"\(asyncio/|_asynciomodule"),
    ("JSON", r"/json/"),
    ("app code (games, events)", r"/(games|events)/"),
    ("Django and Channels (other)", r"django/|channels/"),
]

# Steps of the live path, counted wherever they are on the stack (so they overlap). A py-spy frame
# reads "function (file:line)".
STEPS = [
    ("TableConsumer.connect (websocket handshake)", r"^TableConsumer\.connect \("),
    ("TableConsumer.receive (a command)", r"^TableConsumer\.receive \("),
    ("commands.submit", r"^submit \(games/commands\.py"),
    ("game_state.load (read new events, fold)", r"^load \(games/game_state\.py"),
    ("events.store.append", r"^append \(events/store\.py"),
    ("TableConsumer.table_changed (re-render on a broadcast)", r"^TableConsumer\.table_changed \("),
    ("rendering.render_live_table", r"^render_live_table \("),
    ("rendering.table_context", r"^table_context \("),
    ("render_to_string (templates)", r"^render_to_string \("),
    ("timers.active_deadlines", r"^active_deadlines \("),
    ("engine.legal_commands / board_commands", r"^(\w+\.)?(legal_commands|board_commands) \(games/engines"),
    ("engine.view", r"^(\w+\.)?view \(games/engines"),
    ("Table.refresh_from_db", r"^Model\.refresh_from_db \("),
    ("Table.seat_of / seated_users", r"^Table\.(seat_of|seated_users) \("),
    ("opening a PostgreSQL connection", r"^BaseDatabaseWrapper\.connect \("),
    ("close_old_connections", r"^close_old_connections \("),
    ("HTTP requests: REST views", r"\(rest_framework/views\.py"),
    ("table page view", r"^table_page \(games/views\.py"),
    ("channel layer group_send", r"group_send \("),
]


def read_stacks(path):
    """[(frames innermost last, samples)] from py-spy's raw (collapsed) output."""
    stacks = []
    with open(path) as raw:
        for line in raw:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            if stack and count.isdigit():
                stacks.append((stack.split(";"), int(count)))
    return stacks


def categorize(stacks):
    shares = Counter()
    for frames, count in stacks:
        shares[_category(frames)] += count
    return shares


def _category(frames):
    for frame in reversed(frames[1:]):
        for name, pattern in CATEGORIES:
            if re.search(pattern, frame):
                return name
    return "other (interpreter, stdlib)"


def steps(stacks):
    shares = Counter()
    for frames, count in stacks:
        for name, pattern in STEPS:
            if any(re.search(pattern, frame) for frame in frames[1:]):  # frames[0] names the thread
                shares[name] += count
    return shares


def print_table(title, shares, total, top):
    print(f"\n| {title} | share of samples |\n| --- | --- |")
    for name, count in shares.most_common(top):
        print(f"| {name} | {100 * count / total:.1f} % |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("profile")
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    stacks = read_stacks(args.profile)
    total = sum(count for _, count in stacks) or 1
    print(f"{total} samples")
    print_table("where the time is spent (innermost category)", categorize(stacks), total, args.top)
    print_table("step of the live path (anywhere on the stack; steps overlap)", steps(stacks), total, args.top)


if __name__ == "__main__":
    main()

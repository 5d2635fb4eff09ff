"""`make run` without Redis: bots play in the web process (the embedded worker on the in-memory broker),
on SQLite, a whole game of bots from the deal to the end."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent(
    """
    import random, time

    import django
    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from accounts.models import User
    from games.play import game_state
    from games.tables import bot_seating
    from games.tables import lobby
    from games.models import Seat

    import config.asgi  # starting the ASGI app starts the embedded worker and beat

    alice = User.objects.create_user(username="alice", password="a-long-test-password")
    table = lobby.create_table(alice, "spank", 2, bot_delay=0)
    bot_seating.add_bot(table, alice, "fair")
    Seat.objects.filter(table=table, number=0).update(bot="random")  # a bot plays the host's seat too
    started = time.monotonic()
    lobby.start_table(table, alice, rng=random.Random(3))

    def over():
        game = game_state.load(table)
        return game.engine.is_over(game.state)

    end = time.monotonic() + 60
    while not over() and time.monotonic() < end:
        time.sleep(0.1)
    assert over(), f"the bots' game stopped at version {game_state.load(table).version}"
    print("bots finished at version", game_state.load(table).version, "in", time.monotonic() - started)
    """
)


def test_bots_play_in_the_web_process_without_redis(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CELERY_BROKER_URL", "CELERY_EMBEDDED_WORKER")}
    env.update(DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}", DJANGO_SETTINGS_MODULE="config.settings")
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "bots finished" in result.stdout, result.stdout

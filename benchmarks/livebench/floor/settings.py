"""Cardroom's settings, serving the floor's URLs and websocket instead (benchmarks/livebench/floor).

What the floor's tables look like is read from the environment, so that the benchmark can shape them
after the Cardroom run before them: ``FLOOR_FRAME_BYTES`` (a frame's size) and ``FLOOR_MOVES_PER_GAME``.
"""

import os

from config.settings import *  # noqa: F403 - the same stack: everything but what it serves

ROOT_URLCONF = "benchmarks.livebench.floor.urls"
WEBSOCKET_APPLICATION = "benchmarks.livebench.floor.routing.application"

# About Spank!'s, for a floor run on its own; make bench-live passes those of the Cardroom run before it.
FLOOR_FRAME_BYTES = int(os.environ.get("FLOOR_FRAME_BYTES", "18000"))
FLOOR_MOVES_PER_GAME = int(os.environ.get("FLOOR_MOVES_PER_GAME", "50"))

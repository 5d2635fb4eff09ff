"""The test run installs the tests' own game, Climb (tests/fixture_game/), beside the real ones.

Loaded with ``-p`` before Django reads its settings (as xdist_services is): settings.CARDROOM_GAMES adds
the packages CARDROOM_EXTRA_GAMES names, and every process a test starts inherits it (a worker, the
browser tests' live server). The running service never lists Climb.
"""

import os

FIXTURE_GAME = "tests.fixture_game"

_extra = [name for name in os.environ.get("CARDROOM_EXTRA_GAMES", "").split(",") if name]
if FIXTURE_GAME not in _extra:
    os.environ["CARDROOM_EXTRA_GAMES"] = ",".join([*_extra, FIXTURE_GAME])

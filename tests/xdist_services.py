"""Each pytest-xdist worker (``make test`` runs two) gets a Redis database of its own.

Loaded with ``-p`` before Django reads its settings, so that settings.REDIS_URL, and with it the
channel layer (whose prefix names the db), Celery's broker and any worker process a test starts,
follow it: two workers' broadcasts, lobby groups and queued jobs never meet. (Each worker's
PostgreSQL test database is already its own: pytest-django names it test_cardroom_gw0, _gw1, ...)
"""

import os
import re

_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
_url = os.environ.get("REDIS_URL", "")
if _worker.startswith("gw") and _url:
    _base = re.search(r"/(\d+)$", _url)
    _db = (int(_base.group(1)) if _base else 0) + int(_worker[2:])
    os.environ["REDIS_URL"] = (_url[: _base.start()] if _base else _url.rstrip("/")) + f"/{_db}"

"""Django set up for a benchmark script, and a database of its own for it to fill and drop."""

import os
import sys
from contextlib import contextmanager

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import setup_databases, teardown_databases  # noqa: E402


@contextmanager
def own_database(suffix):
    """A new database named after DATABASE_URL's with ``_suffix``, migrated, made and dropped as the test
    database is (so the URL's own database is never touched)."""
    name = f"{settings.DATABASES['default']['NAME']}_{suffix}"
    settings.DATABASES["default"].setdefault("TEST", {})["NAME"] = name
    connection.settings_dict.setdefault("TEST", {})["NAME"] = name
    databases = setup_databases(verbosity=0, interactive=False)
    try:
        yield
    finally:
        teardown_databases(databases, verbosity=0)

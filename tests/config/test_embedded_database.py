"""The embedded default's SQLite (``make run``): writers on several threads wait for each other.

Daphne's live and HTTP threads and the embedded worker all write. A transaction that reads and then
writes (every command does) began as a reader under SQLite's default, and when another thread held the
write lock it failed at once with "database is locked" instead of waiting for it.
"""

from tests.config.test_production_settings import settings_with

WRITERS = """
import threading
from django.db import OperationalError, connection, transaction

with connection.cursor() as cursor:
    cursor.execute("CREATE TABLE moves (n integer)")
errors = []

def writer():
    from django.db import connection
    for n in range(40):
        try:
            with transaction.atomic():
                with connection.cursor() as cursor:
                    cursor.execute("SELECT COUNT(*) FROM moves")
                    cursor.fetchone()
                    cursor.execute("INSERT INTO moves VALUES (%s)", [n])
        except OperationalError as error:
            errors.append(str(error))
    connection.close()

threads = [threading.Thread(target=writer) for _ in range(4)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
with connection.cursor() as cursor:
    cursor.execute("SELECT COUNT(*) FROM moves")
    print(cursor.fetchone()[0], sorted(set(errors)))
"""


def test_threads_reading_then_writing_wait_for_each_other_instead_of_failing(tmp_path):
    result = settings_with({"DEBUG": "true", "DATABASE_URL": f"sqlite:///{tmp_path / 'cardroom.sqlite3'}"}, WRITERS)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "160 []"

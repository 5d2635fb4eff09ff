"""Racing jobs in threads against one database (PostgreSQL's row locks and unique constraints)."""

import threading

from django.db import connections


def race(*jobs):
    """Run the jobs in threads started together; each one's result, or the error it raised."""
    start = threading.Barrier(len(jobs))
    results = [None] * len(jobs)

    def run(n, job):
        try:
            start.wait()
            results[n] = job()
        except Exception as error:  # noqa: BLE001 - the test looks at what each job ended with
            results[n] = error
        finally:
            connections.close_all()  # the thread's own connection, or the test database stays busy

    threads = [threading.Thread(target=run, args=(n, job)) for n, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results

"""manage.py verify_game <table id>: check a table's log as a hash chain, and every deal against the
commitment it recorded."""

import uuid

from django.core.management.base import BaseCommand, CommandError

from events import store
from games.models import Table
from games.play import fair_deals as fairness
from games.play import log_chain


class Command(BaseCommand):
    help = (
        "Check a table's log as a hash chain (every event follows the one before and matches its hash) and "
        "every deal (every start, round and reshuffle) against the SHA-256 commitment recorded when it was "
        "dealt. Exits with status 1 if the chain breaks or a deal fails."
    )

    def add_arguments(self, parser):
        parser.add_argument("table", help="the table's id (its uuid, as in /tables/<id>/)")

    def handle(self, *args, **options):
        table = _table(options["table"])
        rows = store.rows(table.stream)
        chained = log_chain.check(table, rows)
        checks = fairness.report(table, rows)
        if chained.broken:
            self.stdout.write(f"log: failed - {chained.broken.reason}")
        else:
            self.stdout.write(f"log: ok - {chained.version} events chained, head {chained.head}")
        for check in checks:
            self.stdout.write(f"{check.label}: {check.result} - {check.reason}")
        if chained.broken:
            raise CommandError(
                f"The log fails its check at event {chained.broken.version}: {chained.broken.reason}", returncode=1
            )
        if any(check.result == fairness.FAILED for check in checks):
            raise CommandError(fairness.summary(checks), returncode=1)
        self.stdout.write(fairness.summary(checks))


def _table(given):
    try:
        return Table.objects.get(id=uuid.UUID(given))
    except (ValueError, Table.DoesNotExist):
        raise CommandError(f"There is no table {given!r}.", returncode=2) from None

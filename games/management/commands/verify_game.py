"""manage.py verify_game <table id>: check every deal of a table against the commitment it recorded."""
import uuid

from django.core.management.base import BaseCommand, CommandError

from games import fairness
from games.models import Table


class Command(BaseCommand):
    help = ("Check every deal of a table (every start, round and reshuffle) against the SHA-256 commitment "
            "recorded when it was dealt. Exits with status 1 if a deal fails.")

    def add_arguments(self, parser):
        parser.add_argument("table", help="the table's id (its uuid, as in /tables/<id>/)")

    def handle(self, *args, **options):
        table = _table(options["table"])
        checks = fairness.report(table)
        if not checks:
            self.stdout.write(f"Table {table.id} has no deals yet.")
            return
        for check in checks:
            self.stdout.write(f"{check.label}: {check.result} - {check.reason}")
        failed = sum(check.result == fairness.FAILED for check in checks)
        if failed:
            raise CommandError(f"{failed} of {len(checks)} deal(s) failed verification.", returncode=1)
        unchecked = sum(check.result == fairness.NONE for check in checks)
        summary = f"{len(checks) - unchecked} deal(s) verified"
        if unchecked:
            summary += f", {unchecked} with no commitment recorded"
        self.stdout.write(summary + ".")

def _table(given):
    try:
        return Table.objects.get(id=uuid.UUID(given))
    except (ValueError, Table.DoesNotExist):
        raise CommandError(f"There is no table {given!r}.", returncode=2) from None

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
        for check in checks:
            self.stdout.write(f"{check.label}: {check.result} - {check.reason}")
        if any(check.result == fairness.FAILED for check in checks):
            raise CommandError(fairness.summary(checks), returncode=1)
        self.stdout.write(fairness.summary(checks))


def _table(given):
    try:
        return Table.objects.get(id=uuid.UUID(given))
    except (ValueError, Table.DoesNotExist):
        raise CommandError(f"There is no table {given!r}.", returncode=2) from None

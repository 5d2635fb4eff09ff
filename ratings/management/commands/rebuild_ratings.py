"""manage.py rebuild_ratings [game ...]: the ratings' tables read again from the rating streams, each game's
live pool and its turn-based one (ratings.pools; all games by default), for a projection that went wrong or a
new way of keeping it. Best run while no game finishes: a table being rated as the rebuild runs fails its
write and is rated again by the sweep (ratings.tasks)."""

from django.core.management.base import BaseCommand, CommandError

from games.engines import GAMES
from ratings import pools, projection


class Command(BaseCommand):
    help = "Rebuild the ratings' tables from the rating streams, live and turn-based."

    def add_arguments(self, parser):
        parser.add_argument("games", nargs="*", help=f"Games to rebuild (default: all of {', '.join(GAMES)}).")

    def handle(self, *args, games=(), **options):
        unknown = [game for game in games if game not in GAMES]
        if unknown:
            raise CommandError(f"No such game: {', '.join(unknown)}. The games are {', '.join(GAMES)}.")
        for pool in pools.every(games):
            count = projection.rebuild(pool.key)
            self.stdout.write(f"{pool.game} ({pool.pace}): {count} rating event{'s' if count != 1 else ''} applied.")

"""Django finds each installed game's templates and static files in the game's own folder.

A game's folder (games.engines.registry) holds ``templates/`` and ``static/``; these look there for every
game in settings.CARDROOM_GAMES, after the project's own folders, so no game needs an entry in the
settings' template or static folders. games.frames.jinja gives its loader the same folders.
"""

from django.contrib.staticfiles.finders import FileSystemFinder
from django.core.files.storage import FileSystemStorage
from django.template.loaders.filesystem import Loader

from games.engines import registry


def template_dirs():
    """Each installed game's templates folder, in the site's order of the games."""
    return [game.template_dir for game in registry.games()]


class GameTemplates(Loader):
    """Django's file system loader over the games' templates folders instead of TEMPLATES' DIRS."""

    def get_dirs(self):
        return template_dirs()


class GameStaticFinder(FileSystemFinder):
    """The staticfiles finder over the games' static folders, instead of STATICFILES_DIRS: collectstatic
    gathers them, and WhiteNoise serves them straight from there."""

    def __init__(self, app_names=None, *args, **kwargs):
        self.locations, self.storages = [], {}
        for game in registry.games():
            root = str(game.static_dir)
            if game.static_dir.is_dir():
                self.locations.append(("", root))
                self.storages[root] = FileSystemStorage(location=root)
                self.storages[root].prefix = ""
        super(FileSystemFinder, self).__init__(*args, **kwargs)

    def check(self, **kwargs):
        return []  # nothing of STATICFILES_DIRS to check: the registry checked the games

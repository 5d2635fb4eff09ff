from django.apps import AppConfig
from django.conf import settings

from games.engines import registry


class GamesConfig(AppConfig):
    name = "games"

    def __init__(self, app_name, app_module):
        super().__init__(app_name, app_module)
        # The installed games (games.engines.registry), read once from the settings as Django learns of its
        # apps: before any module that lists them is imported (the models, the admin's modules, which the
        # admin imports in its own ready(), the API's serializers).
        registry.install(settings.CARDROOM_GAMES)

    def ready(self):
        from django.contrib.auth.signals import user_logged_out

        from accounts import my_data
        from accounts.signals import account_deleted, session_ended
        from events import upcasting
        from games import my_data as games_data
        from games.engines import GAMES, get_engine
        from games.frames import time_banks
        from games.live import table_cache
        from games.play import broadcast
        from games.tables import leaving

        user_logged_out.connect(broadcast.logged_out, dispatch_uid="games.logged_out")
        session_ended.connect(broadcast.session_ended, dispatch_uid="games.session_ended")
        account_deleted.connect(leaving.let_go, dispatch_uid="games.account_deleted")
        my_data.register_part("tables", games_data.tables)
        my_data.register_part("chat", games_data.chat_lines)
        my_data.register_part("turn_emails", games_data.turn_emails)
        table_cache.register_extra("time_banks", time_banks.read, follows_moves=time_banks.follows_moves)
        for game in GAMES:
            upcasting.register(game, get_engine(game).upcasters)

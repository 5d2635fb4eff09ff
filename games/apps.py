from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self):
        from django.contrib.auth.signals import user_logged_out

        from events import upcasting
        from games.engines import GAMES, get_engine
        from games.play import broadcast

        user_logged_out.connect(broadcast.session_ended, dispatch_uid="games.session_ended")
        for game in GAMES:
            upcasting.register(game, get_engine(game).upcasters)

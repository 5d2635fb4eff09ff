from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self):
        from django.contrib.auth.signals import user_logged_out

        from games import broadcast

        user_logged_out.connect(broadcast.session_ended, dispatch_uid="games.session_ended")

from django.apps import AppConfig


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ratings"
    verbose_name = "Ratings"

    def ready(self):
        from games.live import table_cache as live
        from games.signals import game_finished

        from . import queueing, table_part

        live.register_extra("ratings", table_part.table_ratings)
        game_finished.connect(queueing.rate_after_commit, dispatch_uid="ratings.game_finished")

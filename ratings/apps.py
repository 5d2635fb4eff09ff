from django.apps import AppConfig


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ratings"
    verbose_name = "Ratings"

    def ready(self):
        from accounts.my_data import register_part
        from games.live import table_cache as live
        from games.signals import game_finished

        from . import my_data, queueing, table_part

        register_part("ratings", my_data.ratings)

        live.register_extra("ratings", table_part.table_ratings)
        game_finished.connect(queueing.rate_after_commit, dispatch_uid="ratings.game_finished")

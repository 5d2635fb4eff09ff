from django.apps import AppConfig


class ReviewsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "reviews"
    verbose_name = "Disputes and staff review"

    def ready(self):
        from accounts.my_data import register_part
        from games.live import table_cache as live
        from games.signals import hidden_information_shown, staff_command

        from . import my_data, notices, staff_log

        register_part("disputes", my_data.disputes)

        live.register_extra("disputes", notices.table_disputes, follows_moves=notices.has_rulings)
        staff_command.connect(staff_log.record_staff_command, dispatch_uid="reviews.staff_command")
        hidden_information_shown.connect(staff_log.record_hidden_view, dispatch_uid="reviews.hidden_information")

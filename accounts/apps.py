from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"

    def ready(self):
        from django.contrib.auth.signals import user_logged_in

        from . import devices

        user_logged_in.connect(devices.due_at_log_in, dispatch_uid="accounts.device_cookie_due")

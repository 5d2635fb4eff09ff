from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"

    def ready(self):
        from allauth.mfa.signals import authenticator_added
        from django.contrib.auth.signals import user_logged_in

        from . import devices, staff

        user_logged_in.connect(devices.due_at_log_in, dispatch_uid="accounts.device_cookie_due")
        authenticator_added.connect(staff.count_activation, dispatch_uid="accounts.totp_activation_counts")

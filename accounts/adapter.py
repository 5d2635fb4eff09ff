"""How allauth makes and keeps accounts here: passwords hashed within accounts.passwords' slots, and
counted when wrong by accounts.throttling alone."""

from allauth.account.adapter import DefaultAccountAdapter

from . import passwords


class AccountAdapter(DefaultAccountAdapter):
    def save_user(self, request, user, form, commit=True):
        # A new account's password is hashed like a log-in's: no more at once than the process has CPUs.
        with passwords.hashing_slot():
            return super().save_user(request, user, form, commit)

    def pre_authenticate(self, request, **credentials):
        # allauth would count this password under its "login_failed" limit, which is left to the second
        # factor's codes (settings.ACCOUNT_RATE_LIMITS); accounts.throttling counts passwords.
        pass

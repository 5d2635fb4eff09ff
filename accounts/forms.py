from allauth.account import forms as allauth_forms
from allauth.account.models import EmailAddress
from allauth.core import context
from django import forms
from django.core.exceptions import ValidationError
from django.views.decorators.debug import sensitive_variables

from . import passwords, tokens, turn_emails
from .display_names import VisibleDisplayName
from .models import API_TOKEN_NAME_MAX_LENGTH, User
from .throttling import Refused


class DisplayNameForm(VisibleDisplayName, forms.ModelForm):
    class Meta:
        model = User
        fields = ("display_name",)


class PreferencesForm(forms.ModelForm):
    """What the user chose for how the table behaves for them. Turn e-mails are offered only to a player
    with a verified address (``offers_turn_emails``); without one the field is left out, and kept as it is."""

    class Meta:
        model = User
        fields = ("turn_sound", "turn_emails", "show_last_seen")
        labels = {
            "turn_sound": "Sound when it is my turn",
            "turn_emails": "E-mail me when it is my move at a turn-based table",
            "show_last_seen": "Show others when I was last here",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.offers_turn_emails = turn_emails.may_opt_in(self.instance)
        if not self.offers_turn_emails:
            del self.fields["turn_emails"]


class RefusalShownMixin:
    """A log-in form showing a throttled or busy refusal (accounts.throttling) as its error."""

    refusal = None

    def clean(self):
        try:
            return super().clean()
        except Refused as refusal:
            self.refusal = refusal
            raise ValidationError(refusal.message, code="refused") from refusal


class LoginForm(RefusalShownMixin, allauth_forms.LoginForm):
    pass


class PasswordChangeForm(allauth_forms.ChangePasswordForm):
    """allauth's, with the old password checked like a log-in from the request: it is a guess at the
    password too, and the owner's browser may change it while strangers have the account locked."""

    @sensitive_variables("old_password")
    def clean_oldpassword(self):
        old_password = self.cleaned_data.get("oldpassword", "")
        try:
            right = passwords.check(context.request, self.user.get_username(), old_password, self.user.check_password)
        except Refused as refusal:
            raise ValidationError(refusal.message, code="refused") from refusal
        if not right:
            raise ValidationError("Please type your current password.", code="password_incorrect")
        return old_password


class ResetPasswordForm(allauth_forms.ResetPasswordForm):
    """allauth's, sending the link only to an address its owner verified: an unverified one may be anyone's.
    The page says the same whether or not a message was sent."""

    def clean_email(self):
        email = super().clean_email()
        verified = set(
            EmailAddress.objects.filter(user__in=self.users, email__iexact=email, verified=True).values_list(
                "user_id", flat=True
            )
        )
        self.users = [user for user in self.users if user.pk in verified]
        return email


class DeleteAccountForm(forms.Form):
    """The password, asked once more before the account is deleted (accounts.leaving), and checked like a
    log-in from ``request`` (accounts.passwords): it is a guess at the password too. ``refusal``: the
    throttles' or the busy server's, if one refused the check."""

    password = forms.CharField(
        label="Your password", strip=False, widget=forms.PasswordInput(attrs={"autocomplete": "current-password"})
    )
    refusal = None

    def __init__(self, user, *args, request=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.user, self.request = user, request

    @sensitive_variables("password")
    def clean_password(self):
        password = self.cleaned_data["password"]
        try:
            right = passwords.check(self.request, self.user.get_username(), password, self.user.check_password)
        except Refused as refusal:
            self.refusal = refusal
            raise ValidationError(refusal.message, code="refused") from refusal
        if not right:
            raise ValidationError("That is not your password: your account is kept.", code="password_incorrect")
        return password


class ApiTokenForm(forms.Form):
    """A new API token's name, as accounts.tokens.token_name keeps it."""

    name = forms.CharField(
        label="Token name",
        max_length=API_TOKEN_NAME_MAX_LENGTH,
        strip=False,
        help_text="Say what will use it, to tell it from your others: “my bot”, “stats script”.",
    )

    def clean_name(self):
        return tokens.token_name(self.cleaned_data["name"])

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import forms as auth_forms
from django.core.exceptions import ValidationError
from django.views.decorators.debug import sensitive_variables

from . import passwords
from .models import User
from .throttling import Refused
from .visible_text import visible


class VisibleDisplayName:
    """A form's display name without invisible characters (accounts.visible_text), and not left empty."""

    def clean_display_name(self):
        name = visible(self.cleaned_data["display_name"]).strip()
        if not name:
            raise ValidationError("A display name needs at least one visible character.", code="invisible")
        return name


class SignUpForm(VisibleDisplayName, auth_forms.UserCreationForm):
    class Meta(auth_forms.UserCreationForm.Meta):
        model = User
        fields = ("username", "display_name")
        help_texts = {"display_name": "The name other players see at the table."}


class DisplayNameForm(VisibleDisplayName, forms.ModelForm):
    class Meta:
        model = User
        fields = ("display_name",)


class PreferencesForm(forms.ModelForm):
    """What the user chose for how the table behaves for them."""

    class Meta:
        model = User
        fields = ("turn_sound", "show_last_seen")
        labels = {"turn_sound": "Sound when it is my turn", "show_last_seen": "Show others when I was last here"}


class RefusalShownMixin:
    """A log-in form showing a throttled or busy refusal (accounts.throttling) as its error."""

    refusal = None

    def clean(self):
        try:
            return super().clean()
        except Refused as refusal:
            self.refusal = refusal
            raise ValidationError(refusal.message, code="refused") from refusal


class LoginForm(RefusalShownMixin, auth_forms.AuthenticationForm):
    pass


class AdminLoginForm(RefusalShownMixin, AdminAuthenticationForm):
    pass


class PasswordChangeForm(auth_forms.PasswordChangeForm):
    """Django's, with the old password checked like a log-in from ``request``: it is a guess at the
    password too, and the owner's browser may change it while strangers have the account locked."""

    def __init__(self, user, *args, request=None, **kwargs):
        super().__init__(user, *args, **kwargs)
        self.request = request

    @sensitive_variables("old_password")
    def clean_old_password(self):
        old_password = self.cleaned_data["old_password"]
        try:
            right = passwords.check(self.request, self.user.get_username(), old_password, self.user.check_password)
        except Refused as refusal:
            raise ValidationError(refusal.message, code="refused") from refusal
        if not right:
            raise ValidationError(self.error_messages["password_incorrect"], code="password_incorrect")
        return old_password

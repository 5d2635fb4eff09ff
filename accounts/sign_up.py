"""What the sign-up form asks besides allauth's own fields (ACCOUNT_SIGNUP_FORM_CLASS). Kept apart from
accounts.forms, which builds on allauth's forms: allauth imports this class while defining its own."""

from django import forms

from .display_names import VisibleDisplayName
from .models import User


class SignUpDetails(VisibleDisplayName, forms.Form):
    """What allauth's sign-up form asks besides a username, an optional e-mail address and a password."""

    display_name = forms.CharField(
        max_length=User._meta.get_field("display_name").max_length, help_text="The name other players see at the table."
    )

    def signup(self, request, user):
        user.display_name = self.cleaned_data["display_name"]
        user.save(update_fields=["display_name"])

from django.core.exceptions import ValidationError

from .visible_text import visible


class VisibleDisplayName:
    """A form's display name without invisible characters (accounts.visible_text), and not left empty."""

    def clean_display_name(self):
        name = visible(self.cleaned_data["display_name"]).strip()
        if not name:
            raise ValidationError("A display name needs at least one visible character.", code="invisible")
        return name

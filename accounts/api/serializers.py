from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts import tokens
from accounts.models import API_TOKEN_NAME_MAX_LENGTH, ApiToken


class ErrorSerializer(serializers.Serializer):
    """The body of every refusal (4xx): a sentence, and for invalid fields each field's errors.

    Every app's API refuses with it (games.api.errors writes it). It lives here, in accounts, because
    accounts is the lowest app with an API: it may import no other, and the others import it.
    """

    detail = serializers.CharField(help_text="Why the request was refused, as a sentence.")
    field_errors = serializers.DictField(
        required=False, help_text="Only when fields of the request body are invalid: each field's errors."
    )


# What accounts.tokens.token_name refuses, as far as a pattern can say it: control characters, and nothing but
# spaces. A name of invisible characters alone (Unicode's format characters) is refused too.
TOKEN_NAME_PATTERN = "^[^\\x00-\\x1f\\x7f-\\x9f]*[^\\s\\x00-\\x1f\\x7f-\\x9f][^\\x00-\\x1f\\x7f-\\x9f]*$"


@extend_schema_field(
    {"type": "string", "minLength": 1, "maxLength": API_TOKEN_NAME_MAX_LENGTH, "pattern": TOKEN_NAME_PATTERN}
)
class TokenNameField(serializers.CharField):
    """A token's name, through accounts.tokens.token_name. Only a string: DRF's CharField would take the
    number 0 for "0", which the schema (a string) does not allow."""

    def __init__(self, **kwargs):
        super().__init__(max_length=API_TOKEN_NAME_MAX_LENGTH, trim_whitespace=False, **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        if len(data) > self.max_length:  # as sent: tidying may shorten it, but the schema limits what is sent
            self.fail("max_length", max_length=self.max_length)
        return tokens.token_name(data)


class NewTokenSerializer(serializers.Serializer):
    name = TokenNameField(
        help_text="Your name for the token, to tell it from your others (1 to "
        f"{API_TOKEN_NAME_MAX_LENGTH} characters, at least one of them visible)."
    )


class TokenSerializer(serializers.ModelSerializer):
    class Meta:
        model = ApiToken
        fields = ["id", "name", "created", "last_used"]
        read_only_fields = fields
        extra_kwargs = {"last_used": {"help_text": "When a request last came with it, to the minute; null if never."}}


class CreatedTokenSerializer(TokenSerializer):
    key = serializers.CharField(
        help_text='The key, shown this once and kept nowhere: send it as "Authorization: Bearer <key>".'
    )

    class Meta(TokenSerializer.Meta):
        fields = TokenSerializer.Meta.fields + ["key"]

from rest_framework import serializers

from reviews.deciding import OUTCOMES
from reviews.models import MAX_REASON, MAX_TEXT, Dispute, StaffAction
from reviews.queries import QUEUE_FILTERS, replay_url


class FileDisputeSerializer(serializers.Serializer):
    version = serializers.IntegerField(
        min_value=1, max_value=2**31 - 1, help_text="The version of the ruling's event (from the rulings list)."
    )
    text = serializers.CharField(
        max_length=MAX_TEXT, allow_blank=True, help_text="Why the ruling is wrong, in a few words."
    )


class DecisionSerializer(serializers.Serializer):
    outcome = serializers.ChoiceField(choices=OUTCOMES, help_text="Uphold the ruling, or overturn it.")
    reason = serializers.CharField(
        max_length=MAX_REASON, allow_blank=True, help_text="Why; the players involved are told it."
    )


class DisputeSerializer(serializers.ModelSerializer):
    table = serializers.UUIDField(source="table_id")
    filed_by = serializers.CharField(source="filed_by.shown_name")
    decided_by = serializers.SerializerMethodField()
    replay = serializers.SerializerMethodField(help_text="The replay page at the ruling, every hand open (staff).")

    class Meta:
        model = Dispute
        fields = [
            "id",
            "table",
            "version",
            "seats",
            "seat",
            "filed_by",
            "text",
            "filed_at",
            "status",
            "decided_by",
            "decided_at",
            "reason",
            "overturn_version",
            "replay",
        ]

    def get_decided_by(self, dispute) -> str | None:
        return dispute.decided_by.shown_name if dispute.decided_by else None

    def get_replay(self, dispute) -> str:
        return replay_url(dispute.table, dispute.version)


class FactSerializer(serializers.Serializer):
    label = serializers.CharField()
    text = serializers.CharField()


class DisputeReviewSerializer(DisputeSerializer):
    facts = FactSerializer(many=True, read_only=True, help_text="The ruling as staff review it, names put in.")
    players = serializers.ListField(child=serializers.CharField(), read_only=True)

    class Meta(DisputeSerializer.Meta):
        fields = DisputeSerializer.Meta.fields + ["facts", "players"]


class RulingDisputeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Dispute.Status.choices)
    reason = serializers.CharField()


class RulingSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="The ruling's event version: file a dispute with it.")
    sentence = serializers.CharField()
    seats = serializers.ListField(child=serializers.IntegerField(), help_text="The seats it involves.")
    involved = serializers.ListField(child=serializers.CharField(), help_text="Their players' names.")
    dispute = RulingDisputeSerializer(allow_null=True)
    may_dispute = serializers.BooleanField(help_text="Whether you may dispute it now.")


class StaffActionSerializer(serializers.ModelSerializer):
    staff = serializers.CharField(source="staff.shown_name")
    table = serializers.UUIDField(source="table_id", allow_null=True)

    class Meta:
        model = StaffAction
        fields = ["id", "staff", "at", "what", "why", "table", "dispute", "details"]


QUEUE_STATUS = list(QUEUE_FILTERS)

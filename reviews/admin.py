from django.contrib import admin

from events.admin import ReadOnlyAdminMixin

from .models import Dispute, StaffAction


@admin.register(Dispute)
class DisputeAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Disputes are decided on the review pages (which append the overturn and log the decision), not here."""

    list_display = ("id", "table", "version", "filed_by", "filed_at", "status", "decided_by", "decided_at")
    list_filter = ("status",)
    search_fields = ("table__id", "filed_by__username", "text")


@admin.register(StaffAction)
class StaffActionAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("at", "staff", "what", "why", "table", "dispute")
    list_filter = ("what", "staff")
    search_fields = ("why", "table__id")

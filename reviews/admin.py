from django.contrib import admin

from .models import Dispute, StaffAction


@admin.register(Dispute)
class DisputeAdmin(admin.ModelAdmin):
    """Disputes are decided on the review pages (which append the overturn and log the decision), not here."""

    list_display = ("id", "table", "version", "filed_by", "filed_at", "status", "decided_by", "decided_at")
    list_filter = ("status",)
    search_fields = ("table__id", "filed_by__username", "text")
    readonly_fields = [field.name for field in Dispute._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(StaffAction)
class StaffActionAdmin(admin.ModelAdmin):
    list_display = ("at", "staff", "what", "why", "table", "dispute")
    list_filter = ("what", "staff")
    search_fields = ("why", "table__id")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

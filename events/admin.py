from django.contrib import admin

from .models import Event


class ReadOnlyAdminMixin:
    """An admin page (or inline) for rows that are history: staff may read them, never add, change or
    delete one, even a superuser. What happened is changed only by what the site does next (a command,
    a decision on the review pages), never by editing a record of it."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Event)
class EventAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("stream", "version", "type", "actor_kind", "actor_user", "created_at")
    list_filter = ("type", "actor_kind")
    search_fields = ("stream",)

from django.contrib import admin

from .models import Event


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("stream", "version", "type", "actor_kind", "actor_user", "created_at")
    list_filter = ("type", "actor_kind")
    search_fields = ("stream",)

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False

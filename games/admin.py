from django.contrib import admin

from events.admin import ReadOnlyAdminMixin

from .models import Seat, Table


class SeatInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = Seat
    extra = 0


# Tables and seats are written by the lobby as their games go (the event log is the truth): history, read-only here.
@admin.register(Table)
class TableAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("name", "id", "game", "status", "host", "seat_count", "private", "created_at")
    search_fields = ("name",)
    list_filter = ("game", "status", "private")
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("table", "number", "user", "joined_at")
    search_fields = ("table__id", "user__username")

from django.contrib import admin

from .models import Seat, Table


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("name", "id", "game", "status", "host", "seat_count", "private", "created_at")
    search_fields = ("name",)
    list_filter = ("game", "status", "private")
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ("table", "number", "user", "joined_at")
    search_fields = ("table__id", "user__username")

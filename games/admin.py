import json
import uuid

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.http import HttpResponseRedirect
from django.urls import reverse

from events.admin import EventAdmin, ReadOnlyAdminMixin
from events.models import Event
from games.errors import Forbidden
from games.models import Seat, Table
from games.play import staff_powers


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
    exclude = ("options",)
    readonly_fields = ("options_shown",)

    @admin.display(description="options")
    def options_shown(self, table):
        """A game's secret options (Spite's fake-joker faces) are hidden cards while it runs: shown as its
        players see them, all of them once it is over."""
        return json.dumps(table.shown_options)


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("table", "number", "user", "joined_at")
    search_fields = ("table__id", "user__username")


admin.site.unregister(Event)


@admin.register(Event)
class TableEventAdmin(EventAdmin):
    """An event's page shows its whole payload: for a game in play, cards its players do not see. Reading
    them is a staff power (games.play.staff_powers): refused to a player of the match, each look a staff-log entry."""

    def change_view(self, request, object_id, form_url="", extra_context=None):
        event = self.get_object(request, unquote(object_id))
        table = _running_table(event.stream) if event is not None else None
        if table is not None:
            try:
                staff_powers.require_outsider(table, request.user, "read this game's events in the admin while it runs")
            except Forbidden as refusal:
                self.message_user(request, refusal.message, messages.ERROR)
                return HttpResponseRedirect(reverse("admin:events_event_changelist"))
            staff_powers.shown_hidden(
                table, request.user, f"event {event.version}'s whole payload in the admin", version=event.version
            )
        return super().change_view(request, object_id, form_url, extra_context)


def _running_table(stream):
    """The table in play whose game ``stream`` is (Table.stream), or None."""
    prefix, _, table_id = stream.partition("-")
    try:
        table_id = uuid.UUID(table_id) if prefix == "table" else None
    except ValueError:
        return None
    return Table.objects.filter(pk=table_id, status=Table.Status.RUNNING).first() if table_id else None

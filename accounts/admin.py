from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from . import staff
from .models import User

# What makes an account staff, a superuser or a reviewer: only a superuser hands these out, or a staff
# member could give themselves (or a friend) every power the site has.
POWERS = ("is_staff", "is_superuser", "groups", "user_permissions")


@admin.register(User)
class CardroomUserAdmin(UserAdmin):
    """Staff manage accounts (names, passwords, closing one); when an account logged in and joined is history."""

    fieldsets = UserAdmin.fieldsets + (("Cardroom", {"fields": ("display_name",)}),)
    list_display = ("username", "display_name", "is_staff")

    def get_readonly_fields(self, request, obj=None):
        history = ("last_login", "date_joined")
        return history if request.user.is_superuser else history + POWERS

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and self._may_manage(request, obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and self._may_manage(request, obj)

    @staticmethod
    def _may_manage(request, account):
        """A superuser's account (its password included) is managed by superusers only."""
        return account is None or not account.is_superuser or request.user.is_superuser


# The admin has no log-in page of its own: it sends people to the site's, which asks for the second factor.
admin.site.login = secure_admin_login(admin.site.login)
# Every other admin page asks staff for the second factor (accounts.staff).
admin.site.admin_view = staff.guard_admin(admin.site.admin_view)

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .forms import AdminLoginForm
from .models import User


@admin.register(User)
class CardroomUserAdmin(UserAdmin):
    fieldsets = UserAdmin.fieldsets + (("Cardroom", {"fields": ("display_name",)}),)
    list_display = ("username", "display_name", "is_staff")


# The admin's log-in goes through the same throttles (accounts.backends); this form shows their refusal.
admin.site.login_form = AdminLoginForm

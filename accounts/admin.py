from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import User


@admin.register(User)
class CardroomUserAdmin(UserAdmin):
    fieldsets = UserAdmin.fieldsets + (("Cardroom", {"fields": ("display_name",)}),)
    list_display = ("username", "display_name", "is_staff")

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.utils.translation import gettext_lazy as _

from accounts.models import User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    # The matrícula is printed on the acts the employee signs (Art. 47 VI).
    fieldsets = (*BaseUserAdmin.fieldsets, (_("Servidor"), {"fields": ("employee_number",)}))
    list_display = (*BaseUserAdmin.list_display, "employee_number")

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.utils.translation import gettext_lazy as _

from accounts.models import PersonalDataAccess, User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    # The matrícula is printed on the acts the employee signs (Art. 47 VI).
    fieldsets = (*BaseUserAdmin.fieldsets, (_("Servidor"), {"fields": ("employee_number",)}))
    list_display = (*BaseUserAdmin.list_display, "employee_number")
    actions = ["deactivate"]

    @admin.action(description=_("Desativar os usuários selecionados"), permissions=["change"])
    def deactivate(self, request, queryset) -> None:  # type: ignore[no-untyped-def]
        # One save per user, never queryset.update(): saving a user whose active flag
        # changes is what ends his sessions and API tokens (User.save).
        for user in queryset.filter(is_active=True):
            user.is_active = False
            user.save(update_fields=["is_active"])


@admin.register(PersonalDataAccess)
class PersonalDataAccessAdmin(admin.ModelAdmin):
    """The LGPD log, for the administrator: read-only, nobody edits or deletes a row."""

    list_display = ["at", "user", "driver", "case", "channel", "path"]
    list_filter = ["channel"]
    search_fields = ["user__username", "driver__name", "driver__cpf", "case__number"]
    date_hierarchy = "at"
    list_select_related = ["user", "driver", "case"]

    def has_add_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False

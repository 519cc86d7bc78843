"""The admin shows who has a second factor and who came through gov.br.

The user list gains a "segundo fator" column and filter (the user admin is accounts',
extended here rather than edited, so that identity stays an app of its own); django-otp's
own admin lists the devices, where an administrator removes a lost phone's device.
"""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Exists, OuterRef, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django_otp.plugins.otp_totp.models import TOTPDevice

from accounts.models import User
from identity.models import ExternalIdentity, UserSession


def _with_second_factor(queryset: QuerySet[User]) -> QuerySet[User]:
    devices = TOTPDevice.objects.filter(user=OuterRef("pk"), confirmed=True)
    return queryset.annotate(has_second_factor=Exists(devices))


class SecondFactorFilter(admin.SimpleListFilter):
    title = _("segundo fator")
    parameter_name = "segundo_fator"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple[str, str]]:
        return [("sim", str(_("configurado"))), ("nao", str(_("não configurado")))]

    def queryset(self, request: HttpRequest, queryset: QuerySet[User]) -> QuerySet[User]:
        if self.value() == "sim":
            return queryset.filter(has_second_factor=True)
        if self.value() == "nao":
            return queryset.filter(has_second_factor=False)
        return queryset


_Base = type(admin.site._registry[User])


class UserWithSecondFactorAdmin(_Base):  # type: ignore[valid-type,misc]
    list_display = (*_Base.list_display, "second_factor")
    list_filter = (*_Base.list_filter, SecondFactorFilter)

    def get_queryset(self, request: HttpRequest) -> QuerySet[User]:
        return _with_second_factor(super().get_queryset(request))

    @admin.display(description=_("segundo fator"), boolean=True, ordering="has_second_factor")
    def second_factor(self, obj: User) -> bool:
        return bool(getattr(obj, "has_second_factor", False))


admin.site.unregister(User)
admin.site.register(User, UserWithSecondFactorAdmin)


@admin.register(ExternalIdentity)
class ExternalIdentityAdmin(admin.ModelAdmin):
    list_display = ["user", "provider", "cpf", "level", "linked_at", "last_login_at"]
    list_filter = ["provider", "level"]
    search_fields = ["user__username", "cpf"]
    list_select_related = ["user"]
    readonly_fields = ["user", "provider", "subject", "cpf", "level", "linked_at", "last_login_at"]


@admin.register(UserSession)
class UserSessionAdmin(admin.ModelAdmin):
    list_display = ["user", "started_at", "last_seen_at", "address", "provider"]
    search_fields = ["user__username"]
    list_select_related = ["user"]

"""The administrator keeps who holds each seat of the appeal commission (Art. 52).

Appeals themselves change only through their services; the admin shows them read-only.
"""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from workflows.appeal.models import AppealCase, CommissionSeat


@admin.register(CommissionSeat)
class CommissionSeatAdmin(admin.ModelAdmin):
    # The model's clean() refuses a second holder of a seat, a member on two seats and a
    # holder without the commission member's role.
    list_display = ["seat", "holder", "since", "until", "appointment"]
    list_filter = ["seat"]
    search_fields = ["holder__username", "holder__first_name", "holder__last_name"]
    autocomplete_fields = ["holder"]


@admin.register(AppealCase)
class AppealCaseAdmin(admin.ModelAdmin):
    list_display = ["number", "notice", "applicant", "filer_kind", "state", "outcome"]
    list_filter = ["state", "outcome", "filer_kind"]
    search_fields = ["number", "notice__number", "applicant__name", "applicant__cpf"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

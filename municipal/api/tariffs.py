"""Tariff endpoints (Arts. 29-31): the table in force on a day, history, the adjustment."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.roles import is_staff_member
from core.dates import MAY_PREDATE_THE_LAW, LegalDateField
from core.query_schema import form_query_parameters, query_form
from core.serializers import DecimalText
from municipal import selectors
from municipal.api.common import RegisterWriteApi
from municipal.models import TariffItem, TariffReminder, TariffTable
from municipal.permissions import RegisterKeeperWrites, require_staff
from municipal.services import tariffs as services


class TariffItemOutput(serializers.ModelSerializer):
    class Meta:
        model = TariffItem
        fields = ["code", "label", "unit", "value"]


class TariffTableOutput(serializers.ModelSerializer):
    items = TariffItemOutput(many=True, read_only=True)
    status_label = serializers.CharField(source="get_status_display")

    class Meta:
        model = TariffTable
        fields = [
            "id",
            "status",
            "status_label",
            "act_number",
            "act_date",
            "valid_from",
            "adjustment_year",
            "igpm_percent",
            "joint_study",
            "based_on",
            "notes",
            "published_at",
            "items",
        ]


class TariffItemInput(serializers.Serializer):
    code = serializers.SlugField(max_length=30)
    label = serializers.CharField(max_length=120)
    unit = serializers.CharField(max_length=40, required=False, default="", allow_blank=True)
    value = DecimalText(max_digits=10, decimal_places=2)


class TariffEnactInput(serializers.Serializer):
    act_number = serializers.CharField(max_length=60, allow_blank=True)
    act_date = LegalDateField(bound=MAY_PREDATE_THE_LAW)
    valid_from = LegalDateField(bound=MAY_PREDATE_THE_LAW)
    items = TariffItemInput(many=True)
    # Art. 29: the study made with the drivers' class body the tariff rests on.
    joint_study = serializers.CharField(max_length=250, allow_blank=True)
    notes = serializers.CharField(max_length=250, required=False, default="", allow_blank=True)


class TariffListApi(RegisterWriteApi[None]):
    """GET: the published tables, newest first (public; staff also see proposals).
    POST: record a table set by the Executive's act (clerk)."""

    input = TariffEnactInput
    output = TariffTableOutput
    creates = True

    def get_permissions(self):  # type: ignore[no-untyped-def]
        return [AllowAny()] if self.request.method == "GET" else [RegisterKeeperWrites()]

    @extend_schema(responses=TariffTableOutput(many=True))
    def get(self, request: Request) -> Response:
        rows = selectors.tariff_tables()
        if not is_staff_member(request.user):
            rows = rows.filter(status=TariffTable.Status.PUBLISHED)
        return Response(TariffTableOutput(rows, many=True).data)

    def write(self, request: Request, row: None, data: dict[str, Any]) -> TariffTable:
        items = [dict(i) for i in data.pop("items")]
        return services.tariff_table_enact(actor=request.user, items=items, **data)


class TariffDayQuery(forms.Form):
    """GET /api/tariffs/in-force/: the day of the fact (today when absent)."""

    on = forms.DateField(required=False, input_formats=["%Y-%m-%d"], label=_l("Data"))


class TariffInForceApi(APIView):
    """The table in force on a day (``?on=YYYY-MM-DD``, default today): what Art. 58 XVI
    measures a fare against, on the day of the fact."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=form_query_parameters(TariffDayQuery()),
        responses=TariffTableOutput,
    )
    def get(self, request: Request) -> Response:
        on = query_form(TariffDayQuery, request.query_params).cleaned_data["on"]
        table = selectors.tariff_in_force(on or timezone.localdate())
        if table is None:
            raise NotFound(_("Nenhuma tabela de tarifas vigorava nesta data."))
        return Response(TariffTableOutput(table).data)


class AdjustmentInput(serializers.Serializer):
    year = serializers.IntegerField(min_value=2023, max_value=2100)
    igpm_percent = DecimalText(max_digits=7, decimal_places=4)


class TariffAdjustmentApi(RegisterWriteApi[None]):
    """Art. 31: the clerk enters the 12-month IGP-M; the system proposes the new table."""

    input = AdjustmentInput
    output = TariffTableOutput
    creates = True

    def write(self, request: Request, row: None, data: dict[str, Any]) -> TariffTable:
        return services.tariff_adjustment_propose(
            actor=request.user, today=timezone.localdate(), **data
        )


class PublishInput(serializers.Serializer):
    act_number = serializers.CharField(max_length=60, allow_blank=True)
    act_date = LegalDateField(bound=MAY_PREDATE_THE_LAW)
    valid_from = LegalDateField(bound=MAY_PREDATE_THE_LAW)


class TariffTableWrite(RegisterWriteApi[TariffTable]):
    # A table named by the URL, answered with its items as the register reads them.

    target = TariffTable
    output = TariffTableOutput

    def shown(self, result: TariffTable) -> TariffTable:
        return selectors.tariff_tables().get(pk=result.pk)


class TariffPublishApi(TariffTableWrite):
    """Record the act's number and date: the proposal is in force from ``valid_from``."""

    input = PublishInput

    def write(self, request: Request, row: TariffTable, data: dict[str, Any]) -> TariffTable:
        return services.tariff_table_publish(actor=request.user, table=row, **data)


class TariffDiscardApi(TariffTableWrite):
    def write(self, request: Request, row: TariffTable, data: dict[str, Any]) -> TariffTable:
        return services.tariff_table_discard(actor=request.user, table=row)


class ReminderOutput(serializers.ModelSerializer):
    class Meta:
        model = TariffReminder
        fields = ["year", "opened_at", "closed_at", "table"]


class TariffReminderListApi(APIView):
    @extend_schema(responses=ReminderOutput(many=True))
    def get(self, request: Request) -> Response:
        require_staff(request.user)
        return Response(ReminderOutput(TariffReminder.objects.all(), many=True).data)

"""Tariff endpoints (Arts. 29-31): the table in force on a day, history, the adjustment."""

from __future__ import annotations

from django import forms
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
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


class TariffListApi(APIView):
    """GET: the published tables, newest first (public; staff also see proposals).
    POST: record a table set by the Executive's act (clerk)."""

    def get_permissions(self):  # type: ignore[no-untyped-def]
        return [AllowAny()] if self.request.method == "GET" else [RegisterKeeperWrites()]

    @extend_schema(responses=TariffTableOutput(many=True))
    def get(self, request: Request) -> Response:
        rows = selectors.tariff_tables()
        if not is_staff_member(request.user):
            rows = rows.filter(status=TariffTable.Status.PUBLISHED)
        return Response(TariffTableOutput(rows, many=True).data)

    @extend_schema(request=TariffEnactInput, responses={201: TariffTableOutput})
    def post(self, request: Request) -> Response:
        payload = TariffEnactInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = dict(payload.validated_data)
        data["items"] = [dict(i) for i in data["items"]]
        table = services.tariff_table_enact(actor=request.user, **data)
        return Response(TariffTableOutput(table).data, status=status.HTTP_201_CREATED)


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


class TariffAdjustmentApi(APIView):
    """Art. 31: the clerk enters the 12-month IGP-M; the system proposes the new table."""

    permission_classes = [RegisterKeeperWrites]

    @extend_schema(request=AdjustmentInput, responses={201: TariffTableOutput})
    def post(self, request: Request) -> Response:
        payload = AdjustmentInput(data=request.data)
        payload.is_valid(raise_exception=True)
        table = services.tariff_adjustment_propose(
            actor=request.user, today=timezone.localdate(), **payload.validated_data
        )
        return Response(TariffTableOutput(table).data, status=status.HTTP_201_CREATED)


class PublishInput(serializers.Serializer):
    act_number = serializers.CharField(max_length=60, allow_blank=True)
    act_date = LegalDateField(bound=MAY_PREDATE_THE_LAW)
    valid_from = LegalDateField(bound=MAY_PREDATE_THE_LAW)


class TariffPublishApi(APIView):
    """Record the act's number and date: the proposal is in force from ``valid_from``."""

    permission_classes = [RegisterKeeperWrites]

    @extend_schema(request=PublishInput, responses=TariffTableOutput)
    def post(self, request: Request, pk: int) -> Response:
        table = get_object_or_404(TariffTable, pk=pk)
        payload = PublishInput(data=request.data)
        payload.is_valid(raise_exception=True)
        row = services.tariff_table_publish(
            actor=request.user, table=table, **payload.validated_data
        )
        return Response(TariffTableOutput(selectors.tariff_tables().get(pk=row.pk)).data)


class TariffDiscardApi(APIView):
    permission_classes = [RegisterKeeperWrites]

    @extend_schema(request=None, responses=TariffTableOutput)
    def post(self, request: Request, pk: int) -> Response:
        table = get_object_or_404(TariffTable, pk=pk)
        row = services.tariff_table_discard(actor=request.user, table=table)
        return Response(TariffTableOutput(selectors.tariff_tables().get(pk=row.pk)).data)


class ReminderOutput(serializers.ModelSerializer):
    class Meta:
        model = TariffReminder
        fields = ["year", "opened_at", "closed_at", "table"]


class TariffReminderListApi(APIView):
    @extend_schema(responses=ReminderOutput(many=True))
    def get(self, request: Request) -> Response:
        require_staff(request.user)
        return Response(ReminderOutput(TariffReminder.objects.all(), many=True).data)

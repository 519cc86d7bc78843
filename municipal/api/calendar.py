"""Municipal calendar endpoints: the year's non-business days and the declarations."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cases.errors import RuleViolation
from core.dates import LegalDateField, iso_day
from core.query_schema import form_query_parameters, query_form
from municipal import selectors
from municipal.api.common import RegisterDeleteApi, RegisterWriteApi
from municipal.permissions import require_staff
from municipal.services import calendar as services
from registers.models import CalendarDay


class CalendarEntryOutput(serializers.Serializer):
    day = serializers.DateField()
    label = serializers.CharField()
    source = serializers.CharField()
    act = serializers.CharField()
    declared = serializers.CharField()


class CalendarDayInput(serializers.Serializer):
    day = LegalDateField()
    kind = serializers.ChoiceField(choices=CalendarDay.Kind.choices)
    act = serializers.CharField(max_length=200, allow_blank=True)


class CalendarDayOutput(serializers.ModelSerializer):
    class Meta:
        model = CalendarDay
        fields = ["day", "kind", "reason"]


# The years the calendar answers for; the schema states the same range.
YEAR_FIRST, YEAR_LAST = 2000, 2100


class CalendarYearQuery(forms.Form):
    """GET /api/calendar/: the year read (this year when absent)."""

    year = forms.IntegerField(
        required=False, min_value=YEAR_FIRST, max_value=YEAR_LAST, label=_l("Ano")
    )


class CalendarYearApi(APIView):
    """GET ``?year=YYYY``: holidays, declared days and optional days still to declare."""

    @extend_schema(
        parameters=form_query_parameters(CalendarYearQuery()),
        responses=CalendarEntryOutput(many=True),
    )
    def get(self, request: Request) -> Response:
        require_staff(request.user)
        year = query_form(CalendarYearQuery, request.query_params).cleaned_data["year"]
        year = year or timezone.localdate().year
        return Response(CalendarEntryOutput(selectors.calendar_year(year), many=True).data)


class CalendarDayDeclareApi(RegisterWriteApi[None]):
    """POST: declare a day closed or open, with its act (clerk)."""

    input = CalendarDayInput
    output = CalendarDayOutput
    creates = True

    def write(self, request: Request, row: None, data: dict[str, Any]) -> CalendarDay:
        return services.calendar_day_declare(actor=request.user, today=timezone.localdate(), **data)


class CalendarDayWithdrawApi(RegisterDeleteApi[dt.date]):
    parameters = [
        OpenApiParameter("day", OpenApiTypes.DATE, OpenApiParameter.PATH, description="AAAA-MM-DD")
    ]

    def get_target(self) -> dt.date:
        try:
            # AAAA-MM-DD only, as the schema's `format: date` says.
            return iso_day(self.kwargs["day"])
        except ValueError as exc:
            raise RuleViolation(_("Data inválida: use AAAA-MM-DD.")) from exc

    def write(self, request: Request, row: dt.date, data: dict[str, Any]) -> None:
        services.calendar_day_withdraw(actor=request.user, day=row, today=timezone.localdate())

"""Municipal calendar endpoints: the year's non-business days and the declarations."""

from __future__ import annotations

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cases.errors import RuleViolation
from core.dates import LegalDateField, iso_day
from core.query_schema import form_query_parameters, query_form
from municipal import selectors
from municipal.permissions import RegisterKeeperWrites, require_staff
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


class CalendarDayDeclareApi(APIView):
    """POST: declare a day closed or open, with its act (clerk)."""

    permission_classes = [RegisterKeeperWrites]

    @extend_schema(request=CalendarDayInput, responses={201: CalendarDayOutput})
    def post(self, request: Request) -> Response:
        payload = CalendarDayInput(data=request.data)
        payload.is_valid(raise_exception=True)
        row = services.calendar_day_declare(
            actor=request.user, today=timezone.localdate(), **payload.validated_data
        )
        return Response(CalendarDayOutput(row).data, status=status.HTTP_201_CREATED)


class CalendarDayWithdrawApi(APIView):
    permission_classes = [RegisterKeeperWrites]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "day", OpenApiTypes.DATE, OpenApiParameter.PATH, description="AAAA-MM-DD"
            )
        ],
        request=None,
        responses={204: None},
    )
    def delete(self, request: Request, day: str) -> Response:
        try:
            # AAAA-MM-DD only, as the schema's `format: date` says.
            on = iso_day(day)
        except ValueError as exc:
            raise RuleViolation(_("Data inválida: use AAAA-MM-DD.")) from exc
        services.calendar_day_withdraw(actor=request.user, day=on, today=timezone.localdate())
        return Response(status=status.HTTP_204_NO_CONTENT)

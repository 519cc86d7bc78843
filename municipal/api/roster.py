"""Service roster endpoints (Art. 37 VII)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.roles import is_staff_member
from cases.errors import NotPermitted
from core.dates import LegalDateField
from core.query_schema import form_query_parameters, query_form
from municipal import selectors
from municipal.api.common import RegisterDeleteApi, RegisterWriteApi
from municipal.api.stands import TaxiNamed
from municipal.lookups import authorization_by_number_or_plate
from municipal.models import RosterEntry
from municipal.permissions import require_staff
from municipal.services import roster as services


class RosterEntryOutput(TaxiNamed, serializers.ModelSerializer):
    shift_label = serializers.CharField(source="get_shift_display")

    class Meta:
        model = RosterEntry
        fields = ["id", "day", "shift", "shift_label", "authorization", "plate"]


class RosterInput(serializers.Serializer):
    authorization = serializers.CharField(
        max_length=20, help_text="Número do termo ou placa do táxi."
    )
    shift = serializers.ChoiceField(choices=RosterEntry.Shift.choices)
    start = LegalDateField()
    end = LegalDateField()
    weekdays = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=6),
        required=False,
        allow_null=True,
        default=None,
        help_text="0 = segunda-feira … 6 = domingo.",
    )


class RosterQuery(forms.Form):
    """GET /api/roster/: the days between which the roster is read (AAAA-MM-DD)."""

    start = forms.DateField(required=False, input_formats=["%Y-%m-%d"], label=_l("De"))
    end = forms.DateField(required=False, input_formats=["%Y-%m-%d"], label=_l("Até"))


# The years the monthly check answers for, as the calendar's (municipal.api.calendar).
MONTH = r"\A(?:20[0-9]{2}|2100)-(?:0[1-9]|1[0-2])\Z"


class RosterMonthQuery(forms.Form):
    """GET /api/roster/check/: the month checked (AAAA-MM, 2000 to 2100)."""

    month = forms.RegexField(
        MONTH,
        required=False,
        max_length=7,
        label=_l("Mês"),
        error_messages={"invalid": _l("Mês inválido: use AAAA-MM.")},
    )


def _days_after(day: dt.date, days: int) -> dt.date:
    """`days` after `day`, or the calendar's last day (a query may start near 9999)."""
    return min(day, dt.date.max - dt.timedelta(days=days)) + dt.timedelta(days=days)


class RosterListApi(RegisterWriteApi[None]):
    """GET: the roster between two days (staff: all taxis; a driver: his own).
    POST: put a taxi on a shift for a range of days (clerk)."""

    input = RosterInput
    output = RosterEntryOutput
    many = True
    creates = True

    @extend_schema(
        parameters=form_query_parameters(RosterQuery()),
        responses=RosterEntryOutput(many=True),
    )
    def get(self, request: Request) -> Response:
        query = query_form(RosterQuery, request.query_params).cleaned_data
        start = query["start"] or timezone.localdate()
        end = query["end"] or _days_after(start, 30)
        rows = selectors.roster_entries(start=start, end=end)
        if not is_staff_member(request.user):
            driver = getattr(request.user, "driver", None)
            if driver is None:
                raise NotPermitted(_("Somente servidores e taxistas consultam a escala."))
            rows = rows.filter(authorization__in=selectors.authorizations_of_driver(driver))
        return Response(RosterEntryOutput(rows[:2000], many=True).data)

    def write(self, request: Request, row: None, data: dict[str, Any]) -> list[RosterEntry]:
        return services.roster_add(
            actor=request.user,
            authorization=authorization_by_number_or_plate(data["authorization"]),
            shift=data["shift"],
            start=data["start"],
            end=data["end"],
            weekdays=frozenset(data["weekdays"]) if data["weekdays"] else None,
        )


class RosterEntryApi(RegisterDeleteApi[RosterEntry]):
    target = RosterEntry

    def write(self, request: Request, row: RosterEntry, data: dict[str, Any]) -> None:
        services.roster_remove(actor=request.user, entry=row)


class ShortfallOutput(serializers.Serializer):
    day = serializers.DateField()
    shift = serializers.CharField()
    scheduled = serializers.IntegerField()
    required = serializers.IntegerField()


class RosterCheckOutput(serializers.Serializer):
    year = serializers.IntegerField()
    month = serializers.IntegerField()
    fleet = serializers.IntegerField()
    required = serializers.IntegerField()
    shortfalls = ShortfallOutput(many=True)


class RosterCheckApi(APIView):
    """Art. 37 VII: the guarded shifts of a month (``?month=YYYY-MM``) below 50 % of the
    fleet."""

    @extend_schema(
        parameters=form_query_parameters(RosterMonthQuery()),
        responses=RosterCheckOutput,
    )
    def get(self, request: Request) -> Response:
        require_staff(request.user)
        raw = query_form(RosterMonthQuery, request.query_params).cleaned_data["month"]
        today = timezone.localdate()
        year, month = (int(raw[:4]), int(raw[5:])) if raw else (today.year, today.month)
        found = selectors.roster_month(year, month)
        return Response(RosterCheckOutput(found).data)

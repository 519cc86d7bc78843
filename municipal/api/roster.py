"""Service roster endpoints (Art. 37 VII)."""

from __future__ import annotations

import datetime as dt

from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.roles import is_staff_member
from cases.errors import NotPermitted, RuleViolation
from core.dates import ISO_DAY, LegalDateField
from municipal import selectors
from municipal.lookups import authorization_by_number_or_plate
from municipal.models import RosterEntry
from municipal.permissions import RegisterKeeperWrites, require_staff
from municipal.services import roster as services


class RosterEntryOutput(serializers.ModelSerializer):
    plate = serializers.CharField(source="authorization.vehicle.display_plate")
    authorization = serializers.CharField(source="authorization.number")
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


def _date(raw: str, default: dt.date) -> dt.date:
    try:
        # AAAA-MM-DD only, as the schema's `format: date` says (fromisoformat alone also
        # takes 20250101 and week dates).
        if raw and not ISO_DAY.fullmatch(raw):
            raise ValueError(raw)
        return dt.date.fromisoformat(raw) if raw else default
    except ValueError as exc:
        raise RuleViolation(_("Data inválida: use AAAA-MM-DD.")) from exc


class RosterListApi(APIView):
    """GET: the roster between two days (staff: all taxis; a driver: his own).
    POST: put a taxi on a shift for a range of days (clerk)."""

    permission_classes = [RegisterKeeperWrites]

    @extend_schema(
        parameters=[
            OpenApiParameter("start", OpenApiTypes.DATE),
            OpenApiParameter("end", OpenApiTypes.DATE),
        ],
        responses=RosterEntryOutput(many=True),
    )
    def get(self, request: Request) -> Response:
        start = _date(request.query_params.get("start", ""), timezone.localdate())
        end = _date(request.query_params.get("end", ""), start + dt.timedelta(days=30))
        rows = selectors.roster_entries(start=start, end=end)
        if not is_staff_member(request.user):
            driver = getattr(request.user, "driver", None)
            if driver is None:
                raise NotPermitted(_("Somente servidores e taxistas consultam a escala."))
            rows = rows.filter(authorization__in=selectors.authorizations_of_driver(driver))
        return Response(RosterEntryOutput(rows[:2000], many=True).data)

    @extend_schema(request=RosterInput, responses={201: RosterEntryOutput(many=True)})
    def post(self, request: Request) -> Response:
        payload = RosterInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        rows = services.roster_add(
            actor=request.user,
            authorization=authorization_by_number_or_plate(data["authorization"]),
            shift=data["shift"],
            start=data["start"],
            end=data["end"],
            weekdays=frozenset(data["weekdays"]) if data["weekdays"] else None,
        )
        return Response(RosterEntryOutput(rows, many=True).data, status=status.HTTP_201_CREATED)


class RosterEntryApi(APIView):
    permission_classes = [RegisterKeeperWrites]

    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Request, pk: int) -> Response:
        entry = get_object_or_404(RosterEntry, pk=pk)
        services.roster_remove(actor=request.user, entry=entry)
        return Response(status=status.HTTP_204_NO_CONTENT)


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
        parameters=[OpenApiParameter("month", str, pattern=r"^[0-9]{4}-(0[1-9]|1[0-2])$")],
        responses=RosterCheckOutput,
    )
    def get(self, request: Request) -> Response:
        require_staff(request.user)
        year, month = _month(request.query_params.get("month", ""))
        found = selectors.roster_month(year, month)
        return Response(RosterCheckOutput(found).data)


def _month(raw: str) -> tuple[int, int]:
    if not raw:
        today = timezone.localdate()
        return today.year, today.month
    try:
        day = dt.date.fromisoformat(f"{raw}-01")
    except ValueError as exc:
        raise RuleViolation(_("Mês inválido: use AAAA-MM.")) from exc
    return day.year, day.month

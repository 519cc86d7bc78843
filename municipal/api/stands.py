"""Stand endpoints (Arts. 32-36)."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.dates import MAY_PREDATE_THE_LAW, LegalDateField
from municipal import selectors
from municipal.api.common import RegisterWriteApi
from municipal.lookups import authorization_by_number_or_plate, authorization_by_plate
from municipal.models import Stand, StandArrival, StandAssignment, StandWaiting
from municipal.permissions import RegisterKeeperWrites, require_staff
from municipal.services import stands as services
from registers.fields import PlateField


class StandOutput(serializers.ModelSerializer):
    kind_label = serializers.CharField(source="get_kind_display")
    assigned = serializers.IntegerField(read_only=True, default=None)

    class Meta:
        model = Stand
        fields = [
            "id",
            "name",
            "address",
            "district",
            "kind",
            "kind_label",
            "places",
            "assigned",
            "act_number",
            "act_date",
            "starts_on",
            "ends_on",
            "revoked_on",
            "shelter",
            "shelter_roof",
            "shelter_installed_on",
        ]


class StandInput(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    address = serializers.CharField(max_length=250)
    district = serializers.CharField(max_length=120, required=False, default="", allow_blank=True)
    kind = serializers.ChoiceField(choices=Stand.Kind.choices)
    places = serializers.IntegerField(min_value=0, max_value=500)
    act_number = serializers.CharField(max_length=60, allow_blank=True)
    act_date = LegalDateField(bound=MAY_PREDATE_THE_LAW)
    starts_on = LegalDateField(bound=MAY_PREDATE_THE_LAW)
    ends_on = LegalDateField(
        bound=MAY_PREDATE_THE_LAW, required=False, allow_null=True, default=None
    )
    shelter = serializers.BooleanField(required=False, default=False)
    shelter_roof = serializers.ChoiceField(
        choices=Stand.Roof.choices, required=False, default="", allow_blank=True
    )
    shelter_installed_on = LegalDateField(
        bound=MAY_PREDATE_THE_LAW, required=False, allow_null=True, default=None
    )


class TaxiNamed(serializers.Serializer):
    # A row on a taxi, which the registers' answers name by its plate and its Termo's
    # number. A comment: the schema would print a docstring as each output's description.

    plate = serializers.CharField(source="authorization.vehicle.display_plate")
    authorization = serializers.CharField(source="authorization.number")


class StandDetailOutput(StandOutput):
    plates = serializers.SerializerMethodField()

    class Meta(StandOutput.Meta):
        fields = [*StandOutput.Meta.fields, "plates"]

    def get_plates(self, stand: Stand) -> list[str]:
        """Art. 32 §1: the plates a fixed stand's sign shows (public)."""
        return [a.authorization.vehicle.display_plate for a in selectors.stand_assignments(stand)]


class StandListApi(RegisterWriteApi[None]):
    """GET: the stands in use (public). POST: register a stand by its act (clerk)."""

    input = StandInput
    output = StandOutput
    creates = True

    def get_permissions(self):  # type: ignore[no-untyped-def]
        return [AllowAny()] if self.request.method == "GET" else [RegisterKeeperWrites()]

    @extend_schema(responses=StandOutput(many=True))
    def get(self, request: Request) -> Response:
        rows = selectors.stands_public(today=timezone.localdate())
        return Response(StandOutput(rows, many=True).data)

    def write(self, request: Request, row: None, data: dict[str, Any]) -> Stand:
        return services.stand_save(actor=request.user, **data)


class StandDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=StandDetailOutput)
    def get(self, request: Request, pk: int) -> Response:
        stand = get_object_or_404(selectors.stands_all(), pk=pk)
        return Response(StandDetailOutput(stand).data)


class AssignInput(serializers.Serializer):
    authorization = serializers.CharField(
        max_length=20, help_text="Número do termo ou placa do táxi."
    )


class AssignmentOutput(TaxiNamed, serializers.ModelSerializer):
    class Meta:
        model = StandAssignment
        fields = ["id", "stand", "authorization", "plate", "since", "ended_on"]


class WaitingOutput(TaxiNamed, serializers.ModelSerializer):
    class Meta:
        model = StandWaiting
        fields = ["id", "stand", "authorization", "plate", "requested_at", "state"]


class StandAssignApi(RegisterWriteApi[Stand]):
    """Assign a taxi to a fixed stand: 201 with the assignment, or 202 with its place in
    the waiting order when the stand is full (Art. 32 §2 I)."""

    target = Stand
    input = AssignInput
    output = AssignmentOutput
    creates = True
    responses = {201: AssignmentOutput, 202: WaitingOutput}

    def write(
        self, request: Request, row: Stand, data: dict[str, Any]
    ) -> StandAssignment | StandWaiting:
        return services.stand_assign(
            actor=request.user,
            stand=row,
            authorization=authorization_by_number_or_plate(data["authorization"]),
            today=timezone.localdate(),
        )

    def answer(self, result: StandAssignment | StandWaiting) -> Response:
        if isinstance(result, StandWaiting):
            return Response(WaitingOutput(result).data, status=status.HTTP_202_ACCEPTED)
        return super().answer(result)


class StandReleaseApi(RegisterWriteApi[StandAssignment]):
    target = StandAssignment
    output = AssignmentOutput

    def write(
        self, request: Request, row: StandAssignment, data: dict[str, Any]
    ) -> StandAssignment:
        return services.stand_release(
            actor=request.user, assignment=row, today=timezone.localdate()
        )


class ArrivalOutput(serializers.ModelSerializer):
    plate = serializers.CharField(source="authorization.vehicle.display_plate")

    class Meta:
        model = StandArrival
        fields = [
            "id",
            "stand",
            "plate",
            "arrived_at",
            "departed_at",
            "passenger_call",
            "without_passenger",
        ]


class ArrivalInput(serializers.Serializer):
    plate = PlateField()


class StandLineApi(RegisterWriteApi[Stand]):
    """GET: the line at the stand, in order of arrival (staff). POST: a taxi arrives."""

    # Not the keepers' alone: an agent or the taxi's own driver records an arrival, as the
    # service decides (Art. 36).
    permission_classes = APIView.permission_classes
    target = Stand
    input = ArrivalInput
    output = ArrivalOutput
    creates = True

    @extend_schema(responses=ArrivalOutput(many=True))
    def get(self, request: Request, pk: int) -> Response:
        require_staff(request.user)
        stand = get_object_or_404(Stand, pk=pk)
        return Response(ArrivalOutput(selectors.stand_line(stand), many=True).data)

    def write(self, request: Request, row: Stand, data: dict[str, Any]) -> StandArrival:
        return services.stand_arrive(
            actor=request.user,
            stand=row,
            authorization=authorization_by_plate(data["plate"], suspended_too=True),
            now=timezone.now(),
            plate=data["plate"],
        )


class DepartureInput(serializers.Serializer):
    passenger_call = serializers.BooleanField(required=False, default=False)
    # Art. 36: leaving the line without a passenger, from any place in it.
    without_passenger = serializers.BooleanField(required=False, default=False)


class StandDepartureApi(RegisterWriteApi[StandArrival]):
    # As an arrival, a departure is not the keepers' alone (Art. 36).
    permission_classes = APIView.permission_classes
    target = StandArrival.objects.select_related("authorization")
    input = DepartureInput
    output = ArrivalOutput

    def write(self, request: Request, row: StandArrival, data: dict[str, Any]) -> StandArrival:
        return services.stand_depart(actor=request.user, arrival=row, now=timezone.now(), **data)


class RevokeInput(serializers.Serializer):
    act_number = serializers.CharField(max_length=60, allow_blank=True)


class StandRevokeApi(RegisterWriteApi[Stand]):
    """Art. 32: revoke a stand by the Executive's act; its assignments end."""

    target = Stand
    input = RevokeInput
    output = StandOutput

    def write(self, request: Request, row: Stand, data: dict[str, Any]) -> Stand:
        return services.stand_revoke(actor=request.user, stand=row, on=timezone.localdate(), **data)

    def shown(self, result: Stand) -> Stand:
        # With its count of assigned taxis, as the list shows it.
        return selectors.stands_all().get(pk=result.pk)

"""Association endpoints (Art. 3 §§1-5): registration, members, parking, executive taxis,
and their use under contract with the member's taxi retained."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.dates import MAY_PREDATE_THE_LAW, LegalDateField
from law.cooperatives import max_vehicles
from municipal import selectors
from municipal.api.common import RegisterWriteApi, Row
from municipal.lookups import authorization_by_number_or_plate
from municipal.models import Association, ExecutiveUse, ExecutiveVehicle, Membership
from municipal.permissions import require_staff
from municipal.services import cooperatives as services
from registers.fields import PlateField


class MembershipOutput(serializers.ModelSerializer):
    driver_name = serializers.CharField(source="driver.name")

    class Meta:
        model = Membership
        fields = ["id", "association", "driver", "driver_name", "since", "ended_on"]

    def to_representation(self, instance: Membership) -> dict[str, object]:
        """The fields above as DRF writes them (keys, order, ISO dates), written directly:
        the list answers every member of every association, and DRF's field-by-field walk
        was most of the answer's time (issue 25)."""
        return {
            "id": instance.pk,
            "association": instance.association_id,
            "driver": instance.driver_id,
            "driver_name": str(instance.driver.name),
            "since": _iso(instance.since),
            "ended_on": _iso(instance.ended_on),
        }


def _iso(day: dt.date | None) -> str | None:
    return day.isoformat() if day else None


class ExecutiveVehicleOutput(serializers.ModelSerializer):
    plate = serializers.CharField(source="vehicle.display_plate")
    colour = serializers.CharField(source="vehicle.colour")

    class Meta:
        model = ExecutiveVehicle
        fields = ["id", "association", "plate", "colour", "seal", "registered_on", "ended_on"]


class AssociationOutput(serializers.ModelSerializer):
    # A nested serializer bound once for the list, not one built per association in a
    # method field (its fields were built again for each row: issue 25).
    members = MembershipOutput(source="active_members", many=True, read_only=True)
    vehicles = ExecutiveVehicleOutput(many=True, read_only=True)
    members_with_authorization = serializers.SerializerMethodField()
    max_vehicles = serializers.SerializerMethodField()

    class Meta:
        model = Association
        fields = [
            "id",
            "name",
            "kind",
            "cnpj",
            "registered_on",
            "colour",
            "parking_address",
            "parking_places",
            "parking_approved_on",
            "parking_act",
            "members",
            "members_with_authorization",
            "max_vehicles",
            "vehicles",
        ]

    def get_members_with_authorization(self, association: Association) -> int:
        return int(association.counted)  # type: ignore[attr-defined]

    def get_max_vehicles(self, association: Association) -> int:
        return max_vehicles(int(association.counted_for_vehicles))  # type: ignore[attr-defined]


class AssociationInput(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    kind = serializers.ChoiceField(choices=Association.Kind.choices)
    cnpj = serializers.RegexField(r"^\d{14}$")
    registered_on = LegalDateField(bound=MAY_PREDATE_THE_LAW)
    # Art. 3 §1: only an association that keeps executive taxis declares their colour.
    colour = serializers.CharField(max_length=40, required=False, default="", allow_blank=True)
    parking_address = serializers.CharField(
        max_length=250, required=False, default="", allow_blank=True
    )
    parking_places = serializers.IntegerField(min_value=0, required=False, default=0)


class AssociationWrite(RegisterWriteApi[Row]):
    # An association is answered as the register lists it: members and vehicles counted.

    output = AssociationOutput

    def shown(self, result: Association) -> Association:
        return selectors.associations().get(pk=result.pk)


class AssociationListApi(AssociationWrite[None]):
    input = AssociationInput
    creates = True

    @extend_schema(responses=AssociationOutput(many=True))
    def get(self, request: Request) -> Response:
        require_staff(request.user)
        return Response(AssociationOutput(selectors.associations(), many=True).data)

    def write(self, request: Request, row: None, data: dict[str, Any]) -> Association:
        return services.association_register(actor=request.user, **data)


class AssociationDetailApi(APIView):
    @extend_schema(responses=AssociationOutput)
    def get(self, request: Request, pk: int) -> Response:
        require_staff(request.user)
        return Response(AssociationOutput(get_object_or_404(selectors.associations(), pk=pk)).data)


class ParkingInput(serializers.Serializer):
    address = serializers.CharField(max_length=250)
    places = serializers.IntegerField(min_value=0)
    act = serializers.CharField(max_length=60, allow_blank=True)
    approved_on = LegalDateField(bound=MAY_PREDATE_THE_LAW)


class ParkingApi(AssociationWrite[Association]):
    """Art. 3 §1 IV: the approved parking place."""

    target = Association
    input = ParkingInput

    def write(self, request: Request, row: Association, data: dict[str, Any]) -> Association:
        return services.association_approve_parking(actor=request.user, association=row, **data)


class MemberInput(serializers.Serializer):
    authorization = serializers.CharField(
        max_length=20, help_text="Termo ou placa do táxi do associado."
    )
    since = LegalDateField(bound=MAY_PREDATE_THE_LAW)


class MemberAddApi(RegisterWriteApi[Association]):
    """Art. 3 §1 I and §2: add a named member (one association only)."""

    target = Association
    input = MemberInput
    output = MembershipOutput
    creates = True

    def write(self, request: Request, row: Association, data: dict[str, Any]) -> Membership:
        return services.membership_add(
            actor=request.user,
            association=row,
            driver=authorization_by_number_or_plate(data["authorization"]).holder,
            since=data["since"],
        )


class MemberEndApi(RegisterWriteApi[Membership]):
    target = Membership
    output = MembershipOutput

    def write(self, request: Request, row: Membership, data: dict[str, Any]) -> Membership:
        return services.membership_end(actor=request.user, membership=row, on=timezone.localdate())


class ExecutiveVehicleInput(serializers.Serializer):
    plate = PlateField()
    renavam = serializers.CharField(max_length=11)
    make = serializers.CharField(max_length=60)
    model = serializers.CharField(max_length=80)
    manufacture_year = serializers.IntegerField(min_value=1990, max_value=2100)
    doors = serializers.IntegerField(min_value=0, max_value=9)
    capacity = serializers.IntegerField(min_value=1, max_value=20)
    air_conditioning = serializers.BooleanField()
    airbag = serializers.BooleanField()
    colour = serializers.CharField(max_length=40)
    seal = serializers.CharField(max_length=40, allow_blank=True)
    registered_on = LegalDateField(bound=MAY_PREDATE_THE_LAW)


class ExecutiveVehicleAddApi(RegisterWriteApi[Association]):
    """Art. 3 §1 II-IV and §3: register an executive taxi."""

    target = Association
    input = ExecutiveVehicleInput
    output = ExecutiveVehicleOutput
    creates = True

    def write(self, request: Request, row: Association, data: dict[str, Any]) -> ExecutiveVehicle:
        return services.executive_vehicle_register(actor=request.user, association=row, **data)


class UseOutput(serializers.ModelSerializer):
    executive_plate = serializers.CharField(source="executive.vehicle.display_plate")
    retained_plate = serializers.CharField(source="retained_vehicle.display_plate")
    driver_name = serializers.CharField(source="membership.driver.name")

    class Meta:
        model = ExecutiveUse
        fields = [
            "id",
            "executive_plate",
            "driver_name",
            "retained_plate",
            "contract",
            "started_at",
            "ended_at",
        ]


class UseInput(serializers.Serializer):
    membership = serializers.IntegerField()
    contract = serializers.CharField(max_length=200, allow_blank=True)


class UseStartApi(RegisterWriteApi[ExecutiveVehicle]):
    """Art. 3 §§4-5: a member takes the executive taxi under a contract; his taxi is
    retained."""

    target = ExecutiveVehicle
    input = UseInput
    output = UseOutput
    creates = True

    def write(self, request: Request, row: ExecutiveVehicle, data: dict[str, Any]) -> ExecutiveUse:
        return services.executive_use_start(
            actor=request.user,
            executive=row,
            membership=get_object_or_404(Membership, pk=data["membership"]),
            contract=data["contract"],
            started_at=timezone.now(),
        )


class UseEndApi(RegisterWriteApi[ExecutiveUse]):
    target = ExecutiveUse
    output = UseOutput

    def write(self, request: Request, row: ExecutiveUse, data: dict[str, Any]) -> ExecutiveUse:
        return services.executive_use_end(actor=request.user, use=row, ended_at=timezone.now())

"""Stand endpoints (Arts. 32-36)."""

from __future__ import annotations

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


class PlateOutput(serializers.Serializer):
    plate = serializers.CharField(source="authorization.vehicle.display_plate")
    authorization = serializers.CharField(source="authorization.number")


class StandDetailOutput(StandOutput):
    plates = serializers.SerializerMethodField()

    class Meta(StandOutput.Meta):
        fields = [*StandOutput.Meta.fields, "plates"]

    def get_plates(self, stand: Stand) -> list[str]:
        """Art. 32 §1: the plates a fixed stand's sign shows (public)."""
        return [a.authorization.vehicle.display_plate for a in selectors.stand_assignments(stand)]


class StandListApi(APIView):
    """GET: the stands in use (public). POST: register a stand by its act (clerk)."""

    def get_permissions(self):  # type: ignore[no-untyped-def]
        return [AllowAny()] if self.request.method == "GET" else [RegisterKeeperWrites()]

    @extend_schema(responses=StandOutput(many=True))
    def get(self, request: Request) -> Response:
        rows = selectors.stands_public(today=timezone.localdate())
        return Response(StandOutput(rows, many=True).data)

    @extend_schema(request=StandInput, responses={201: StandOutput})
    def post(self, request: Request) -> Response:
        payload = StandInput(data=request.data)
        payload.is_valid(raise_exception=True)
        stand = services.stand_save(actor=request.user, **payload.validated_data)
        return Response(StandOutput(stand).data, status=status.HTTP_201_CREATED)


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


class AssignmentOutput(serializers.ModelSerializer):
    plate = serializers.CharField(source="authorization.vehicle.display_plate")
    authorization = serializers.CharField(source="authorization.number")

    class Meta:
        model = StandAssignment
        fields = ["id", "stand", "authorization", "plate", "since", "ended_on"]


class WaitingOutput(serializers.ModelSerializer):
    plate = serializers.CharField(source="authorization.vehicle.display_plate")
    authorization = serializers.CharField(source="authorization.number")

    class Meta:
        model = StandWaiting
        fields = ["id", "stand", "authorization", "plate", "requested_at", "state"]


class StandAssignApi(APIView):
    """Assign a taxi to a fixed stand: 201 with the assignment, or 202 with its place in
    the waiting order when the stand is full (Art. 32 §2 I)."""

    permission_classes = [RegisterKeeperWrites]

    @extend_schema(request=AssignInput, responses={201: AssignmentOutput, 202: WaitingOutput})
    def post(self, request: Request, pk: int) -> Response:
        stand = get_object_or_404(Stand, pk=pk)
        payload = AssignInput(data=request.data)
        payload.is_valid(raise_exception=True)
        authorization = authorization_by_number_or_plate(payload.validated_data["authorization"])
        row = services.stand_assign(
            actor=request.user,
            stand=stand,
            authorization=authorization,
            today=timezone.localdate(),
        )
        if isinstance(row, StandWaiting):
            return Response(WaitingOutput(row).data, status=status.HTTP_202_ACCEPTED)
        return Response(AssignmentOutput(row).data, status=status.HTTP_201_CREATED)


class StandReleaseApi(APIView):
    permission_classes = [RegisterKeeperWrites]

    @extend_schema(request=None, responses=AssignmentOutput)
    def post(self, request: Request, pk: int) -> Response:
        assignment = get_object_or_404(StandAssignment, pk=pk)
        row = services.stand_release(
            actor=request.user, assignment=assignment, today=timezone.localdate()
        )
        return Response(AssignmentOutput(row).data)


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


class StandLineApi(APIView):
    """GET: the line at the stand, in order of arrival (staff). POST: a taxi arrives."""

    @extend_schema(responses=ArrivalOutput(many=True))
    def get(self, request: Request, pk: int) -> Response:
        require_staff(request.user)
        stand = get_object_or_404(Stand, pk=pk)
        return Response(ArrivalOutput(selectors.stand_line(stand), many=True).data)

    @extend_schema(request=ArrivalInput, responses={201: ArrivalOutput})
    def post(self, request: Request, pk: int) -> Response:
        stand = get_object_or_404(Stand, pk=pk)
        payload = ArrivalInput(data=request.data)
        payload.is_valid(raise_exception=True)
        row = services.stand_arrive(
            actor=request.user,
            stand=stand,
            authorization=authorization_by_plate(
                payload.validated_data["plate"], suspended_too=True
            ),
            now=timezone.now(),
            plate=payload.validated_data["plate"],
        )
        return Response(ArrivalOutput(row).data, status=status.HTTP_201_CREATED)


class DepartureInput(serializers.Serializer):
    passenger_call = serializers.BooleanField(required=False, default=False)
    # Art. 36: leaving the line without a passenger, from any place in it.
    without_passenger = serializers.BooleanField(required=False, default=False)


class StandDepartureApi(APIView):
    @extend_schema(request=DepartureInput, responses=ArrivalOutput)
    def post(self, request: Request, pk: int) -> Response:
        arrival = get_object_or_404(StandArrival.objects.select_related("authorization"), pk=pk)
        payload = DepartureInput(data=request.data)
        payload.is_valid(raise_exception=True)
        row = services.stand_depart(
            actor=request.user, arrival=arrival, now=timezone.now(), **payload.validated_data
        )
        return Response(ArrivalOutput(row).data)


class RevokeInput(serializers.Serializer):
    act_number = serializers.CharField(max_length=60, allow_blank=True)


class StandRevokeApi(APIView):
    """Art. 32: revoke a stand by the Executive's act; its assignments end."""

    permission_classes = [RegisterKeeperWrites]

    @extend_schema(request=RevokeInput, responses=StandOutput)
    def post(self, request: Request, pk: int) -> Response:
        stand = get_object_or_404(Stand, pk=pk)
        payload = RevokeInput(data=request.data)
        payload.is_valid(raise_exception=True)
        services.stand_revoke(
            actor=request.user, stand=stand, on=timezone.localdate(), **payload.validated_data
        )
        return Response(StandOutput(selectors.stands_all().get(pk=pk)).data)

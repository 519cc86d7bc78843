"""The auxiliary driver's filing endpoint (Arts. 27, 28)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.generics import get_object_or_404
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cases.api import CaseOutput
from registers.selectors import drivers_visible_to
from workflows.auxiliary.models import AuxiliaryPurpose, DepartureReason
from workflows.auxiliary.services import CHECKLIST, auxiliary_file
from workflows.inputs import (
    driver_data,
    driver_serializer_fields,
    files_from_serializer,
    files_serializer_fields,
    filing_driver,
)

AUXILIARY_PREFIX = "auxiliary_"


class _Base(serializers.Serializer):
    holder = serializers.IntegerField(
        required=False, help_text="Somente para servidores protocolando no balcão."
    )
    purpose = serializers.ChoiceField(choices=AuxiliaryPurpose.choices)
    auxiliary = serializers.IntegerField(
        required=False, help_text="Condutor já cadastrado (servidores); ou os campos auxiliary_*."
    )
    departure_reason = serializers.ChoiceField(
        choices=DepartureReason.choices, required=False, allow_blank=True, default=""
    )
    reason = serializers.CharField(required=False, allow_blank=True, default="")


AuxiliaryInput = type(
    "AuxiliaryInput",
    (_Base,),
    {**driver_serializer_fields(AUXILIARY_PREFIX), **files_serializer_fields(CHECKLIST)},
)


class AuxiliaryFileApi(APIView):
    parser_classes = [MultiPartParser, FormParser, JSONParser]

    @extend_schema(request=AuxiliaryInput, responses={201: CaseOutput})
    def post(self, request: Request) -> Response:
        payload = AuxiliaryInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        holder = filing_driver(request.user, data.get("holder"))
        auxiliary = None
        if data.get("auxiliary"):
            auxiliary = get_object_or_404(drivers_visible_to(request.user), pk=data["auxiliary"])
        case = auxiliary_file(
            actor=request.user,
            holder=holder,
            purpose=data["purpose"],
            auxiliary=auxiliary,
            auxiliary_data=driver_data(data, AUXILIARY_PREFIX),
            departure_reason=data["departure_reason"],
            reason=data["reason"],
            proofs=files_from_serializer(data, CHECKLIST),
        )
        return Response(CaseOutput(case).data, status=status.HTTP_201_CREATED)

"""The auxiliary driver's filing endpoint (Arts. 27, 28)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.generics import get_object_or_404
from rest_framework.request import Request

from cases.models import Case
from registers.models import Driver
from registers.selectors import drivers_visible_to
from workflows.auxiliary.models import AuxiliaryPurpose, DepartureReason
from workflows.auxiliary.services import CHECKLIST, auxiliary_file
from workflows.inputs import (
    driver_data,
    driver_serializer_fields,
    files_from_serializer,
    files_serializer_fields,
)
from workflows.portal import FilingApi

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


class AuxiliaryFileApi(FilingApi):
    input = AuxiliaryInput

    def file(self, request: Request, driver: Driver, data: dict[str, Any]) -> Case:
        auxiliary = None
        if data.get("auxiliary"):
            auxiliary = get_object_or_404(drivers_visible_to(request.user), pk=data["auxiliary"])
        return auxiliary_file(
            actor=request.user,
            holder=driver,
            purpose=data["purpose"],
            auxiliary=auxiliary,
            auxiliary_data=driver_data(data, AUXILIARY_PREFIX),
            departure_reason=data["departure_reason"],
            reason=data["reason"],
            proofs=files_from_serializer(data, CHECKLIST),
        )

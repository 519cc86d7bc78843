"""The auxiliary driver's filing endpoint (Arts. 27, 28)."""

from __future__ import annotations

from rest_framework import serializers

from workflows.auxiliary.forms import AUXILIARY_PREFIX
from workflows.auxiliary.models import AuxiliaryPurpose, DepartureReason
from workflows.auxiliary.services import CHECKLIST
from workflows.inputs import (
    driver_serializer_fields,
    files_serializer_fields,
)


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
